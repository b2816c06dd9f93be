package io.caasoperator.secret;

import io.caasoperator.persistence.secret.SecretTrigger;
import io.caasoperator.persistence.secret.SecretsState;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.apache.pekko.actor.typed.ActorRef;

/**
 * The application's secrets as the unit actors reach them: the store's state as it last published
 * it (read by hook tools without a round trip, like {@code ToolViews}), the cipher that opens it,
 * new ids, and the store that commits a completed hook's changes. Only immutable values are
 * published. The other way round, the units that may own secrets tell it where their secret hooks
 * go ({@link #owner}): the store delivers each trigger to its owner, the application's to the
 * leader.
 */
public final class Secrets {

  /**
   * No secret store (tests of other things): secret tools answer that secrets are not available.
   */
  public static final Secrets NONE = new Secrets(null, null);

  private final SecretCipher cipher;
  private final Supplier<String> ids;
  private volatile SecretsState state = SecretsState.EMPTY;
  private volatile ActorRef<SecretStore.Command> store;
  private final Map<String, Owner> owners = new ConcurrentHashMap<>();

  /** The other owners' secrets in the model, which this application's units may be granted. */
  private volatile ForeignSecrets others = ForeignSecrets.NONE;

  /** The revisions the model's other applications' units track, not obsolete yet. */
  private volatile RevisionsInUse inUse = RevisionsInUse.NONE;

  /** Told after every publication (the model's other applications re-check their consumers). */
  private volatile Runnable onPublished = () -> {};

  /** Where a unit's secret hooks go, and whether it is the leader (who runs the application's). */
  private record Owner(boolean leader, Consumer<SecretTrigger> sink) {}

  public Secrets(SecretCipher cipher, Supplier<String> ids) {
    this.cipher = cipher;
    this.ids = ids;
  }

  public SecretCipher cipher() {
    return cipher;
  }

  /** The store, once it runs ({@link SecretStore#create}). */
  public Optional<ActorRef<SecretStore.Command>> store() {
    return Optional.ofNullable(store);
  }

  /**
   * The unit {@code unit} (leader or not) takes its secret hooks at {@code sink}; called again
   * whenever it may have changed, cheaply. A new owner, or one whose leadership changed, gets the
   * triggers due now again (a leader that took over hears of the application's).
   */
  public void owner(String unit, boolean leader, Consumer<SecretTrigger> sink) {
    Owner now = new Owner(leader, sink);
    Owner before = owners.put(unit, now);
    ActorRef<SecretStore.Command> running = store;
    if (!now.equals(before) && running != null) running.tell(new SecretStore.Redeliver(unit));
  }

  /** The unit's actor stopped: nothing goes to {@code sink} any more. */
  public void ownerGone(String unit, Consumer<SecretTrigger> sink) {
    owners.computeIfPresent(unit, (name, owner) -> owner.sink() == sink ? null : owner);
  }

  /**
   * Hands {@code trigger} to its owner (the application's to the leader), or to nobody yet: the
   * store hands it again when an owner appears. {@code only} limits it to one unit (null: any).
   */
  void deliver(SecretTrigger trigger, String only) {
    switch (trigger.owner().kind()) {
      case UNIT -> {
        String unit = trigger.owner().name();
        Owner owner = owners.get(unit);
        if (owner != null && (only == null || only.equals(unit))) owner.sink().accept(trigger);
      }
      case APPLICATION ->
          owners.forEach(
              (unit, owner) -> {
                if (owner.leader() && (only == null || only.equals(unit)))
                  owner.sink().accept(trigger);
              });
      // a user secret (juju add-secret) runs no owner's hooks: nobody to hand it to
      case MODEL -> {}
    }
  }

  void attach(ActorRef<SecretStore.Command> running) {
    store = running;
  }

  void published(SecretsState now) {
    state = now;
    onPublished.run();
  }

  /**
   * This application's units read the secrets of the model's other owners through {@code others}
   * (when granted), and its store runs their {@code secret-changed} hooks from it; a revision of
   * its own that a unit of another application tracks ({@code inUse}) is not obsolete; {@code
   * onPublished} is told after each of this application's own publications. Set by the model's
   * wiring before the store runs.
   */
  public void joinModel(ForeignSecrets others, RevisionsInUse inUse, Runnable onPublished) {
    this.others = java.util.Objects.requireNonNull(others, "others");
    this.inUse = java.util.Objects.requireNonNull(inUse, "inUse");
    this.onPublished = java.util.Objects.requireNonNull(onPublished, "onPublished");
  }

  /** The other owners' secrets in the model. */
  ForeignSecrets others() {
    return others;
  }

  RevisionsInUse inUse() {
    return inUse;
  }

  /** Whether a unit of this application tracks {@code revision} of another owner's secret. */
  public boolean tracks(String id, int revision) {
    return state.consumed().values().stream()
        .anyMatch(c -> c.id().equals(id) && c.revision() == revision);
  }

  /**
   * Another owner published: the store looks again for consumer units that must run {@code
   * secret-changed}.
   */
  public void othersPublished() {
    ActorRef<SecretStore.Command> running = store;
    if (running != null) running.tell(new SecretStore.OthersPublished());
  }

  /**
   * This application's secret {@code id} as another application's unit may read it, from the state
   * last published; its content opened with this application's cipher only when asked.
   */
  public Optional<ForeignSecret> offered(String id) {
    SecretsState now = state;
    if (cipher == null) return Optional.empty();
    return now.find(id)
        .flatMap(
            secret ->
                secret
                    .latest()
                    .map(
                        latest ->
                            new ForeignSecret(
                                secret.id(),
                                secret.owner(),
                                owningApplication(secret.owner()),
                                secret.latestRevision(),
                                latest.created(),
                                secret.grants().stream()
                                    .map(Secrets::access)
                                    .flatMap(Optional::stream)
                                    .toList(),
                                revision ->
                                    secret.revision(revision).map(r -> cipher.open(r.content())))));
  }

  private static String owningApplication(io.caasoperator.persistence.secret.SecretOwner owner) {
    return switch (owner.kind()) {
      case APPLICATION -> owner.name();
      case UNIT -> owner.name().substring(0, owner.name().lastIndexOf('/'));
      case MODEL -> ""; // a user secret: no application owns it
    };
  }

  /**
   * A grant to a whole application ({@code juju grant-secret}), or over {@code <endpoint>:<id>};
   * none for a key that names neither.
   */
  private static Optional<ForeignSecret.Access> access(SecretsState.Grant grant) {
    Optional<String> application = grant.application();
    if (application.isPresent())
      return Optional.of(new ForeignSecret.Access.ToApplication(application.get()));
    String key = grant.relation();
    try {
      long id = Long.parseLong(key.substring(key.lastIndexOf(':') + 1));
      return Optional.of(new ForeignSecret.Access.OverRelation(id, grant.unit()));
    } catch (NumberFormatException notARelation) {
      return Optional.empty();
    }
  }

  /**
   * Whether {@code trigger}'s secret (and revision) is still there as last committed; true without
   * a store. A consumer's {@code secret-changed} asks whether the other owner still has it.
   */
  public boolean holds(SecretTrigger trigger) {
    if (trigger.kind() == io.caasoperator.persistence.HookKind.SECRET_CHANGED)
      return others.find(trigger.id()).isPresent();
    return store == null || state.holds(trigger);
  }

  /** What a hook with {@code pending} changes reads. */
  public SecretBook book(List<SecretChange> pending) {
    if (cipher == null || store == null) return SecretBook.NONE;
    return new SecretBook(state, cipher::open, pending, ids, others);
  }
}
