package io.caasoperator.secret;

import io.caasoperator.persistence.secret.SecretOwner;
import io.caasoperator.persistence.secret.SecretsState;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * What a {@link UserSecretRequest} changes in the model's user secrets, decided against the store's
 * state: the {@link SecretChange}s to commit, or a refusal in Juju's words. Pure; the store applies
 * it ({@link SecretStore.Decide}) so that two calls cannot both take one name.
 *
 * <p>A user secret's name is its label (Juju keeps it so: {@code cmd/juju/secrets/list.go} shows a
 * model-owned secret's label as its name); names are unique among the model's secrets.
 */
public final class UserSecrets {

  private UserSecrets() {}

  /** What the store answers a request. */
  public sealed interface Outcome {}

  /**
   * Done: {@code id} is the secret's (new for an add; empty for {@link #applicationRemoved}, whose
   * changes span the model's secrets).
   */
  public record Changed(String id, List<SecretChange> changes) implements Outcome {
    public Changed {
      changes = List.copyOf(changes);
    }
  }

  /**
   * Refused, with Juju's message ({@code secret "x" not found}, {@code secret with name "x" already
   * exists}).
   */
  public record Refused(Reason reason, String message) implements Outcome {}

  public enum Reason {
    NOT_FOUND,
    CONFLICT,
    INVALID
  }

  /**
   * The secret {@code key} names among {@code model}'s: its id ({@code secret:<id>}, {@code
   * secret://<model>/<id>} or bare), else its name.
   */
  public static Optional<SecretsState.Secret> find(
      SecretsState state, SecretOwner model, String key) {
    Optional<SecretsState.Secret> byId = state.find(idOf(key)).filter(s -> s.owner().equals(model));
    return byId.isPresent() ? byId : state.byLabel(model, key);
  }

  /** Juju's not-found words: the id for a URI, else the name as given ({@code show.go}). */
  public static String notFound(String key) {
    return "secret \"" + (key.startsWith("secret:") ? idOf(key) : key) + "\" not found";
  }

  private static String idOf(String key) {
    if (key.startsWith("secret://")) return key.substring(key.lastIndexOf('/') + 1);
    if (key.startsWith("secret:")) return key.substring("secret:".length());
    return key;
  }

  public static Outcome decide(
      SecretsState state, SecretOwner model, UserSecretRequest request, Supplier<String> ids) {
    return switch (request.action()) {
      case ADD -> {
        if (state.byLabel(model, request.key()).isPresent()) yield duplicate(request.key());
        if (request.content() == null)
          yield new Refused(Reason.INVALID, "missing secret value or filename");
        String id = ids.get();
        yield new Changed(
            id,
            List.of(
                new SecretChange.Added(
                    id,
                    model,
                    new SecretSettings(
                        request.key(), request.info(), null, null, null, request.content()))));
      }
      case UPDATE -> {
        Optional<SecretsState.Secret> found = find(state, model, request.key());
        if (found.isEmpty()) yield notFoundOf(request.key());
        SecretsState.Secret secret = found.get();
        String name = request.name();
        if (name != null && !name.equals(secret.label()) && state.byLabel(model, name).isPresent())
          yield duplicate(name);
        if (name == null
            && request.info() == null
            && request.content() == null
            && request.autoPrune() == null)
          yield new Refused(Reason.INVALID, "at least one attribute to update must be specified");
        yield new Changed(
            secret.id(),
            List.of(
                new SecretChange.Updated(
                    secret.id(),
                    new SecretSettings(
                        name, request.info(), null, null, null, request.content()))));
      }
      case REMOVE -> {
        Optional<SecretsState.Secret> found = find(state, model, request.key());
        if (found.isEmpty()) yield notFoundOf(request.key());
        SecretsState.Secret secret = found.get();
        Integer revision = request.revision();
        if (revision != null && secret.revision(revision).isEmpty())
          yield new Refused(
              Reason.NOT_FOUND,
              "secret revision " + revision + " for \"" + secret.id() + "\" not found");
        yield new Changed(secret.id(), List.of(new SecretChange.Removed(secret.id(), revision)));
      }
      case GRANT, REVOKE -> {
        Optional<SecretsState.Secret> found = find(state, model, request.key());
        if (found.isEmpty()) yield notFoundOf(request.key());
        String id = found.get().id();
        List<SecretChange> changes = new ArrayList<>();
        for (String application : request.applications())
          changes.add(
              new SecretChange.Access(
                  id,
                  request.action() == UserSecretRequest.Action.GRANT,
                  SecretsState.Grant.toApplication(application).relation(),
                  ""));
        yield new Changed(id, changes);
      }
    };
  }

  /**
   * The model removed {@code application}: every grant of one of {@code model}'s secrets to it
   * ({@code juju grant-secret}) is revoked, as {@code juju revoke-secret} would, so that an
   * application deployed later under the same name reads none of them and {@code juju show-secret}
   * no longer lists it under {@code access}. As Juju 3.6 drops the permissions whose subject is the
   * application with it ({@code state/application.go} {@code Application.removeOps} calls {@code
   * removeConsumerSecretPermissionOps}, {@code state/secrets.go}). No changes when it was granted
   * none.
   */
  public static Changed applicationRemoved(
      SecretsState state, SecretOwner model, String application) {
    List<SecretChange> changes = new ArrayList<>();
    for (SecretsState.Secret secret : state.secrets().values()) {
      if (!secret.owner().equals(model)) continue;
      for (SecretsState.Grant grant : secret.grants())
        if (grant.application().filter(application::equals).isPresent())
          changes.add(new SecretChange.Access(secret.id(), false, grant.relation(), grant.unit()));
    }
    return new Changed("", changes);
  }

  private static Refused notFoundOf(String key) {
    return new Refused(Reason.NOT_FOUND, notFound(key));
  }

  private static Refused duplicate(String name) {
    return new Refused(Reason.CONFLICT, "secret with name \"" + name + "\" already exists");
  }
}
