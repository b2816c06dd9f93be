package io.caasoperator.secret;

import io.caasoperator.persistence.secret.SecretsState;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.apache.pekko.actor.typed.ActorRef;

/**
 * The application's secrets as the unit actors reach them: the store's state as it last published
 * it (read by hook tools without a round trip, like {@code ToolViews}), the cipher that opens it,
 * new ids, and the store that commits a completed hook's changes. Only immutable values are
 * published.
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

  void attach(ActorRef<SecretStore.Command> running) {
    store = running;
  }

  void published(SecretsState now) {
    state = now;
  }

  /** What a hook with {@code pending} changes reads. */
  public SecretBook book(List<SecretChange> pending) {
    if (cipher == null || store == null) return SecretBook.NONE;
    return new SecretBook(state, cipher::open, pending, ids);
  }
}
