package io.caasoperator.persistence.secret;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.UnaryOperator;

/**
 * The application's secrets as its secret journal says: one {@link #apply} for the store's actor
 * and for replay alike. Immutable; content stays sealed.
 *
 * @param secrets by id (ids sort by creation time, as Juju's xids do)
 */
public record SecretsState(Map<String, Secret> secrets, Map<String, SecretConsumption> consumed) {

  public static final SecretsState EMPTY = new SecretsState(Map.of(), Map.of());

  /**
   * @param consumed what this application's units track of other owners' secrets, by {@link
   *     #consumerKey} (none in states rebuilt from journals before secrets crossed applications)
   */
  public SecretsState {
    secrets = Collections.unmodifiableMap(new TreeMap<>(secrets));
    consumed = Collections.unmodifiableMap(new TreeMap<>(consumed == null ? Map.of() : consumed));
  }

  /** The application's own secrets, consuming none. */
  public SecretsState(Map<String, Secret> secrets) {
    this(secrets, Map.of());
  }

  /** {@code <unit> <id>}: one consumer unit's record of one secret. */
  public static String consumerKey(String unit, String id) {
    return unit + " " + id;
  }

  /** What {@code unit} tracks of another owner's secret {@code id}, if it read it. */
  public Optional<SecretConsumption> consumption(String unit, String id) {
    return Optional.ofNullable(consumed.get(consumerKey(unit, id)));
  }

  /** The secret {@code unit} labelled {@code label} as its consumer, if any. */
  public Optional<SecretConsumption> consumedByLabel(String unit, String label) {
    return consumed.values().stream()
        .filter(c -> c.unit().equals(unit) && c.label().equals(label))
        .findFirst();
  }

  /**
   * One revision of a secret's content.
   *
   * @param expiry when it expires ({@code secret-expired}); null for never
   * @param expiryRetry when {@code secret-expired} runs again, once it ran (null before)
   * @param removalNotified {@code secret-remove} ran for it, once it became obsolete
   */
  public record Revision(
      int revision,
      SealedContent content,
      Instant expiry,
      Instant created,
      Instant expiryRetry,
      boolean removalNotified) {
    public Revision {
      Objects.requireNonNull(content, "content");
      Objects.requireNonNull(created, "created");
    }

    /** A revision no secret hook ran for yet. */
    public Revision(int revision, SealedContent content, Instant expiry, Instant created) {
      this(revision, content, expiry, created, null, false);
    }

    /** {@code secret-expired} ran for it and runs again at {@code retryAt}. */
    Revision withExpiryNotified(Instant retryAt) {
      return new Revision(revision, content, expiry, created, retryAt, removalNotified);
    }

    /** {@code secret-remove} ran for it. */
    Revision withRemovalNotified() {
      return new Revision(revision, content, expiry, created, expiryRetry, true);
    }

    /** When {@code secret-expired} is due for it next; null for never. */
    public Instant expiryDue() {
      if (expiry == null) return null;
      return expiryRetry != null ? expiryRetry : expiry;
    }
  }

  /**
   * One secret. {@code latestRevision} only grows: a removed revision's number is never reused, as
   * in Juju.
   *
   * @param label null when none
   * @param description null when none
   * @param rotatePolicy null when none was set
   * @param nextRotation null when it does not rotate
   * @param revisions the revisions not removed, oldest first
   * @param grants who was granted access ({@code secret-grant}), oldest first (none in states
   *     rebuilt from journals before grants were recorded)
   */
  public record Secret(
      String id,
      SecretOwner owner,
      String label,
      String description,
      String rotatePolicy,
      Instant nextRotation,
      int latestRevision,
      List<Revision> revisions,
      Instant created,
      Instant updated,
      List<Grant> grants) {
    public Secret {
      Objects.requireNonNull(id, "id");
      Objects.requireNonNull(owner, "owner");
      revisions = List.copyOf(revisions);
      grants = grants == null ? List.of() : List.copyOf(grants);
    }

    /** The newest revision still kept; empty when every revision was removed. */
    public Optional<Revision> latest() {
      return revisions.isEmpty()
          ? Optional.empty()
          : Optional.of(revisions.get(revisions.size() - 1));
    }

    /**
     * Whether {@code application} was granted this secret outside any relation ({@code juju
     * grant-secret} of a user secret).
     */
    public boolean grantedTo(String application) {
      return grants.stream().anyMatch(g -> g.application().filter(application::equals).isPresent());
    }

    public Optional<Revision> revision(int number) {
      return revisions.stream().filter(r -> r.revision() == number).findFirst();
    }

    /** The URI charms see: {@code secret:<id>}. */
    public String uri() {
      return "secret:" + id;
    }

    Secret updated(SecretEvent.SecretUpdated e) {
      List<Revision> more = new ArrayList<>(revisions);
      int latest = latestRevision;
      if (e.content() != null) {
        latest++;
        more.add(new Revision(latest, e.content(), e.expiry(), e.at()));
      }
      return new Secret(
          id,
          owner,
          or(e.label(), label),
          or(e.description(), description),
          or(e.rotatePolicy(), rotatePolicy),
          e.rotatePolicy() != null ? e.nextRotation() : nextRotation,
          latest,
          more,
          created,
          e.at(),
          grants);
    }

    Secret withoutRevision(int number, Instant at) {
      return changed(
          nextRotation,
          revisions.stream().filter(r -> r.revision() != number).toList(),
          at,
          grants);
    }

    Secret rotated(Instant next, Instant at) {
      return changed(next, revisions, at, grants);
    }

    Secret withRevision(int number, UnaryOperator<Revision> change) {
      return changed(
          nextRotation,
          revisions.stream().map(r -> r.revision() == number ? change.apply(r) : r).toList(),
          updated,
          grants);
    }

    /** With {@code grant} added ({@code granted}) or taken away; a repeat changes nothing. */
    Secret withGrant(Grant grant, boolean granted, Instant at) {
      List<Grant> now = new ArrayList<>(grants);
      now.remove(grant);
      if (granted) now.add(grant);
      return changed(nextRotation, revisions, at, now);
    }

    /** This secret with what hooks change after it was made; its identity and metadata kept. */
    private Secret changed(
        Instant nextRotation, List<Revision> revisions, Instant updated, List<Grant> grants) {
      return new Secret(
          id,
          owner,
          label,
          description,
          rotatePolicy,
          nextRotation,
          latestRevision,
          revisions,
          created,
          updated,
          grants);
    }

    private static <T> T or(T replacement, T current) {
      return replacement != null ? replacement : current;
    }
  }

  /**
   * Access to a secret given with {@code secret-grant}: in the context of a relation, to the
   * related application or only one of its units.
   *
   * @param relation the relation's key, {@code <endpoint>:<id>}
   * @param unit the unit granted; empty for the whole application
   */
  public record Grant(String relation, String unit) {

    /**
     * The relation key of a grant to a whole application outside any relation: a user secret's
     * ({@code juju grant-secret}), whose access Juju scopes to the model. Not a relation's key
     * ({@code <endpoint>:<number>}): what follows the prefix is an application's name.
     */
    private static final String APPLICATION = "application:";

    public Grant {
      Objects.requireNonNull(relation, "relation");
      unit = unit == null ? "" : unit;
    }

    /** Access for every unit of {@code application}, outside any relation (a user secret's). */
    public static Grant toApplication(String application) {
      return new Grant(APPLICATION + application, "");
    }

    /** The application a {@link #toApplication} grant names; empty for a relation's grant. */
    public Optional<String> application() {
      return relation.startsWith(APPLICATION)
          ? Optional.of(relation.substring(APPLICATION.length()))
          : Optional.empty();
    }
  }

  private Map<String, SecretConsumption> consumedWith(SecretConsumption consumption) {
    Map<String, SecretConsumption> next = new TreeMap<>(consumed);
    next.put(consumerKey(consumption.unit(), consumption.id()), consumption);
    return next;
  }

  public Optional<Secret> find(String id) {
    return Optional.ofNullable(secrets.get(id));
  }

  /**
   * Whether {@code trigger} still concerns something here: its secret, and for {@code
   * secret-expired} and {@code secret-remove} its revision (a charm may remove either while the
   * hook waits).
   */
  public boolean holds(SecretTrigger trigger) {
    Secret secret = secrets.get(trigger.id());
    if (secret == null) return false;
    // a rotation names the secret's latest revision then: the secret being there is enough
    return trigger.kind() == io.caasoperator.persistence.HookKind.SECRET_ROTATE
        || secret.revision(trigger.revision()).isPresent();
  }

  /** The secret {@code owner} labelled {@code label}, if any (labels are unique per owner). */
  public Optional<Secret> byLabel(SecretOwner owner, String label) {
    return secrets.values().stream()
        .filter(s -> s.owner().equals(owner) && label.equals(s.label()))
        .findFirst();
  }

  public SecretsState apply(SecretEvent event) {
    Map<String, Secret> next = new TreeMap<>(secrets);
    Map<String, SecretConsumption> consumers = consumed;
    switch (event) {
      case SecretEvent.SecretCreated e ->
          next.put(
              e.id(),
              new Secret(
                  e.id(),
                  e.owner(),
                  e.label(),
                  e.description(),
                  e.rotatePolicy(),
                  e.nextRotation(),
                  1,
                  List.of(new Revision(1, e.content(), e.expiry(), e.at())),
                  e.at(),
                  e.at(),
                  // nobody is granted a secret as it is made
                  List.of()));
      case SecretEvent.SecretUpdated e -> {
        Secret current = secrets.get(e.id());
        if (current != null) next.put(e.id(), current.updated(e));
      }
      case SecretEvent.SecretRemoved e -> {
        Secret current = secrets.get(e.id());
        if (current != null) {
          Secret left = e.revision() == null ? null : current.withoutRevision(e.revision(), e.at());
          // Juju removes the secret with its last revision.
          if (left == null || left.revisions().isEmpty()) {
            next.remove(e.id());
          } else {
            next.put(e.id(), left);
          }
        }
      }
      case SecretEvent.SecretGranted e -> {
        Secret current = secrets.get(e.id());
        if (current != null)
          next.put(e.id(), current.withGrant(new Grant(e.relation(), e.unit()), true, e.at()));
      }
      case SecretEvent.SecretRevoked e -> {
        Secret current = secrets.get(e.id());
        if (current != null)
          next.put(e.id(), current.withGrant(new Grant(e.relation(), e.unit()), false, e.at()));
      }
      case SecretEvent.SecretRotated e -> {
        Secret current = secrets.get(e.id());
        if (current != null) next.put(e.id(), current.rotated(e.nextRotation(), e.at()));
      }
      case SecretEvent.SecretExpiryNotified e -> {
        Secret current = secrets.get(e.id());
        if (current != null)
          next.put(
              e.id(), current.withRevision(e.revision(), r -> r.withExpiryNotified(e.retryAt())));
      }
      case SecretEvent.SecretRemovalNotified e -> {
        Secret current = secrets.get(e.id());
        if (current != null)
          next.put(e.id(), current.withRevision(e.revision(), Revision::withRemovalNotified));
      }
      case SecretEvent.SecretConsumed e -> {
        SecretConsumption before =
            consumption(e.unit(), e.id())
                .orElse(new SecretConsumption(e.id(), e.unit(), e.revision(), "", 0));
        consumers = consumedWith(before.tracking(e.revision(), e.label()));
      }
      case SecretEvent.SecretChangeSeen e -> {
        SecretConsumption before =
            consumption(e.unit(), e.id()).orElse(new SecretConsumption(e.id(), e.unit(), 0, "", 0));
        consumers = consumedWith(before.notifiedOf(e.revision()));
      }
      case SecretEvent.SecretConsumerRemoved e -> {
        Map<String, SecretConsumption> less = new TreeMap<>(consumed);
        less.remove(consumerKey(e.unit(), e.id()));
        consumers = less;
      }
    }
    return new SecretsState(next, consumers);
  }
}
