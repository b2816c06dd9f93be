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
  }

  /**
   * Whether {@code trigger}'s secret (and revision) is still there as last committed; true without
   * a store.
   */
  public boolean holds(SecretTrigger trigger) {
    return store == null || state.holds(trigger);
  }

  /** What a hook with {@code pending} changes reads. */
  public SecretBook book(List<SecretChange> pending) {
    if (cipher == null || store == null) return SecretBook.NONE;
    return new SecretBook(state, cipher::open, pending, ids);
  }
}
