package io.caasoperator.secret;

import io.caasoperator.persistence.secret.SealedContent;
import io.caasoperator.persistence.secret.SecretConsumption;
import io.caasoperator.persistence.secret.SecretOwner;
import io.caasoperator.persistence.secret.SecretsState;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The application's secrets as one running hook sees them: what the store committed, with this
 * hook's own pending changes on top (Juju's {@code HookContext.SecretMetadata} and {@code
 * getPendingSecretValue}). Pure: content is opened only when a tool asks for it.
 *
 * @param committed the store's state when the tool was called
 * @param opener opens sealed content (the store's {@link SecretCipher})
 * @param pending this hook's changes, in call order
 * @param ids makes the id of a new secret
 * @param others the secrets of other owners in the model (a consumer's {@code secret-get})
 */
public record SecretBook(
    SecretsState committed,
    Function<SealedContent, Map<String, String>> opener,
    List<SecretChange> pending,
    Supplier<String> ids,
    ForeignSecrets others) {

  /** Where secrets are not available (no store): every secret tool says so. */
  public static final SecretBook NONE =
      new SecretBook(
          SecretsState.EMPTY,
          content -> {
            throw new IllegalStateException("no secret store");
          },
          List.of(),
          () -> {
            throw new IllegalStateException("no secret store");
          },
          ForeignSecrets.NONE);

  public SecretBook {
    pending = List.copyOf(pending);
    java.util.Objects.requireNonNull(others, "others");
  }

  /** The application's own secrets, in a model of no other owner. */
  public SecretBook(
      SecretsState committed,
      Function<SealedContent, Map<String, String>> opener,
      List<SecretChange> pending,
      Supplier<String> ids) {
    this(committed, opener, pending, ids, ForeignSecrets.NONE);
  }

  /**
   * One secret's metadata (with pending changes); {@code latestRevision} counts a pending new
   * revision.
   */
  public record Metadata(
      String id,
      SecretOwner owner,
      String label,
      String description,
      String rotatePolicy,
      Instant expiry,
      Instant nextRotation,
      int latestRevision) {
    public String uri() {
      return "secret:" + id;
    }
  }

  public boolean available() {
    return this != NONE;
  }

  public String newId() {
    return ids.get();
  }

  /**
   * Every secret, committed and pending, by id in creation order, with this hook's changes applied.
   */
  public Map<String, Metadata> all() {
    Map<String, Metadata> result = new LinkedHashMap<>();
    for (SecretsState.Secret s : committed.secrets().values()) {
      Instant expiry = s.latest().map(SecretsState.Revision::expiry).orElse(null);
      result.put(
          s.id(),
          new Metadata(
              s.id(),
              s.owner(),
              s.label(),
              s.description(),
              s.rotatePolicy(),
              expiry,
              s.nextRotation(),
              s.latestRevision()));
    }
    for (SecretChange change : pending) {
      switch (change) {
        case SecretChange.Added a -> {
          SecretSettings s = a.settings();
          result.put(
              a.id(),
              new Metadata(
                  a.id(),
                  a.owner(),
                  s.label(),
                  s.description(),
                  s.rotatePolicy(),
                  s.expiry(),
                  s.nextRotation(),
                  1));
        }
        case SecretChange.Updated set -> {
          SecretSettings u = set.settings();
          Metadata m = result.get(set.id());
          if (m != null) {
            result.put(
                m.id(),
                new Metadata(
                    m.id(),
                    m.owner(),
                    or(u.label(), m.label()),
                    or(u.description(), m.description()),
                    or(u.rotatePolicy(), m.rotatePolicy()),
                    u.content() != null ? u.expiry() : or(u.expiry(), m.expiry()),
                    u.rotatePolicy() != null ? u.nextRotation() : m.nextRotation(),
                    // several secret-set calls with content in one hook make one new revision, as
                    // Juju's flush
                    u.content() == null
                        ? m.latestRevision()
                        : committed
                            .find(m.id())
                            .map(c -> c.latestRevision() + 1)
                            .orElse(m.latestRevision())));
          }
        }
        case SecretChange.Removed r -> {
          if (r.revision() == null) result.remove(r.id());
        }
        // access changes nothing a hook of this application reads; nor does reading another's
        case SecretChange.Access g -> {}
        case SecretChange.Consumed c -> {}
      }
    }
    return result;
  }

  public Optional<Metadata> find(String id) {
    return Optional.ofNullable(all().get(id));
  }

  /**
   * The secret {@code owner} (or, failing that, the application or unit in {@code owners}) labelled
   * so.
   */
  public Optional<Metadata> byLabel(List<SecretOwner> owners, String label) {
    for (SecretOwner owner : owners) {
      for (Metadata m : all().values()) {
        if (m.owner().equals(owner) && label.equals(m.label())) return Optional.of(m);
      }
    }
    return Optional.empty();
  }

  /**
   * The latest content of secret {@code id}: this hook's own (a pending add or new revision), else
   * the store's latest revision. Owners always see their latest revision (Juju 3.x).
   */
  public Optional<Map<String, String>> latestContent(String id) {
    Map<String, String> content = null;
    for (SecretChange change : pending) {
      switch (change) {
        case SecretChange.Added a -> {
          if (a.id().equals(id)) content = a.settings().content();
        }
        case SecretChange.Updated u -> {
          if (u.id().equals(id) && u.settings().content() != null) content = u.settings().content();
        }
        case SecretChange.Removed r -> {
          if (r.id().equals(id) && r.revision() == null) content = null;
        }
        case SecretChange.Access g -> {}
        case SecretChange.Consumed c -> {}
      }
    }
    if (content != null) return Optional.of(content);
    if (find(id).isEmpty()) return Optional.empty();
    return committed
        .find(id)
        .flatMap(SecretsState.Secret::latest)
        .map(r -> opener.apply(r.content()));
  }

  /** This book with {@code more} changes pending. */
  public SecretBook with(List<SecretChange> more) {
    List<SecretChange> all = new ArrayList<>(pending);
    all.addAll(more);
    return new SecretBook(committed, opener, all, ids, others);
  }

  /**
   * Another owner's secret {@code id}, if the model has one (never one of this application's own,
   * which {@link #find} answers); whether the unit may read it is {@link ConsumerAccess}'s call.
   */
  public Optional<ForeignSecret> foreign(String id) {
    if (committed.find(id).isPresent() || find(id).isPresent()) return Optional.empty();
    return others.find(id);
  }

  /**
   * What {@code unit} tracks of another owner's secret {@code id}: as committed, with this hook's
   * own reads on top.
   */
  public Optional<SecretConsumption> consumption(String unit, String id) {
    Optional<SecretConsumption> now = committed.consumption(unit, id);
    for (SecretChange change : pending) {
      if (change instanceof SecretChange.Consumed c && c.unit().equals(unit) && c.id().equals(id)) {
        String label =
            c.label().isEmpty() ? now.map(SecretConsumption::label).orElse("") : c.label();
        int notified = now.map(SecretConsumption::notified).orElse(0);
        now = Optional.of(new SecretConsumption(id, unit, c.revision(), label, notified));
      }
    }
    return now;
  }

  /**
   * The id of the secret {@code unit} labelled {@code label} as its consumer (this hook's first).
   */
  public Optional<String> consumedByLabel(String unit, String label) {
    for (int i = pending.size() - 1; i >= 0; i--) {
      if (pending.get(i) instanceof SecretChange.Consumed c
          && c.unit().equals(unit)
          && c.label().equals(label)) return Optional.of(c.id());
    }
    return committed
        .consumedByLabel(unit, label)
        .map(SecretConsumption::id)
        .filter(id -> consumption(unit, id).map(c -> c.label().equals(label)).orElse(false));
  }

  private static <T> T or(T replacement, T current) {
    return replacement != null ? replacement : current;
  }
}
