package io.caasoperator.http.routes;

import static org.apache.pekko.http.javadsl.server.Directives.*;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.caasoperator.http.ApiError;
import io.caasoperator.http.JsonErrors;
import io.caasoperator.persistence.secret.SecretsState;
import io.caasoperator.secret.SecretReport;
import io.caasoperator.secret.SecretStore;
import io.caasoperator.secret.Secrets;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.BiFunction;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.AskPattern;
import org.apache.pekko.http.javadsl.marshallers.jackson.Jackson;
import org.apache.pekko.http.javadsl.model.StatusCodes;
import org.apache.pekko.http.javadsl.server.PathMatchers;
import org.apache.pekko.http.javadsl.server.Route;

/**
 * {@code GET /v1/secrets/<id|label>[?reveal=true]}: one of the application's secrets as {@link
 * SecretReport} shows it; its content only with {@code reveal=true}. Like every route under {@code
 * /v1} it needs the admin token (see {@link ApiRoutes}): whoever holds it may read content.
 */
public final class SecretRoutes {
  private final Secrets secrets;
  private final ActorSystem<?> system;
  private final ObjectMapper json;
  private final Duration askTimeout;

  public SecretRoutes(
      Secrets secrets, ActorSystem<?> system, ObjectMapper json, Duration askTimeout) {
    this.secrets = secrets;
    this.system = system;
    this.json = json;
    this.askTimeout = askTimeout;
  }

  public Route route() {
    return pathPrefix(
        "v1",
        () ->
            pathPrefix(
                "secrets",
                () ->
                    oneRevealed(
                        (key, reveal) -> onSuccess(state(), state -> one(state, key, reveal)))));
  }

  /**
   * {@code GET <id|label>[?reveal=true]} below where it stands: the secret's key from the path and
   * whether its content is asked for (only {@code reveal=true} shows it), for this application's
   * secrets and the model's alike.
   */
  static Route oneRevealed(BiFunction<String, Boolean, Route> one) {
    return path(
        PathMatchers.segment(),
        key ->
            get(
                () ->
                    parameterOptional(
                        "reveal",
                        reveal ->
                            one.apply(key, reveal.map(Boolean::parseBoolean).orElse(false)))));
  }

  private Route one(SecretsState state, String key, boolean reveal) {
    Optional<SecretsState.Secret> secret = SecretReport.find(state, key);
    if (secret.isEmpty())
      return JsonErrors.complete(ApiError.notFound("secret \"" + key + "\" not found"));
    return complete(
        StatusCodes.OK,
        SecretReport.of(secret.get(), reveal ? secrets.cipher()::open : null),
        Jackson.marshaller(json));
  }

  private CompletionStage<SecretsState> state() {
    return stateOf(secrets, system, askTimeout);
  }

  /** The store's state now; empty while no store runs. */
  static CompletionStage<SecretsState> stateOf(
      Secrets secrets, ActorSystem<?> system, Duration askTimeout) {
    return secrets
        .store()
        .map(
            store ->
                AskPattern.<SecretStore.Command, SecretsState>ask(
                    store, SecretStore.GetState::new, askTimeout, system.scheduler()))
        .orElse(CompletableFuture.completedFuture(SecretsState.EMPTY));
  }
}
