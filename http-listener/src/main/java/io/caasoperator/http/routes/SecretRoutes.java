package io.caasoperator.http.routes;

import static org.apache.pekko.http.javadsl.server.Directives.*;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.caasoperator.http.ApiError;
import io.caasoperator.http.JsonErrors;
import io.caasoperator.persistence.secret.SecretsState;
import io.caasoperator.secret.SecretReport;
import io.caasoperator.secret.Secrets;
import java.time.Duration;
import java.util.Optional;
import java.util.function.BiFunction;
import org.apache.pekko.actor.typed.ActorSystem;
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
  private final SecretAsk store;
  private final ObjectMapper json;

  public SecretRoutes(
      Secrets secrets, ActorSystem<?> system, ObjectMapper json, Duration askTimeout) {
    this.store = new SecretAsk(secrets, system, askTimeout);
    this.json = json;
  }

  public Route route() {
    return pathPrefix(
        "v1",
        () ->
            pathPrefix(
                "secrets",
                () ->
                    oneRevealed(
                        (key, reveal) ->
                            onSuccess(store.state(), state -> one(state, key, reveal)))));
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
        SecretReport.of(secret.get(), reveal ? store.secrets().cipher()::open : null),
        Jackson.marshaller(json));
  }
}
