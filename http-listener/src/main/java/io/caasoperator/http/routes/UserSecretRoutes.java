package io.caasoperator.http.routes;

import static org.apache.pekko.http.javadsl.server.Directives.*;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.caasoperator.http.ApiError;
import io.caasoperator.http.JsonBody;
import io.caasoperator.http.JsonErrors;
import io.caasoperator.persistence.secret.SecretOwner;
import io.caasoperator.persistence.secret.SecretsState;
import io.caasoperator.secret.SecretStore;
import io.caasoperator.secret.Secrets;
import io.caasoperator.secret.UserSecretRequest;
import io.caasoperator.secret.UserSecretView;
import io.caasoperator.secret.UserSecrets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.http.javadsl.marshallers.jackson.Jackson;
import org.apache.pekko.http.javadsl.model.StatusCodes;
import org.apache.pekko.http.javadsl.server.Route;

/**
 * The model's user secrets, for {@code juju}'s secret commands (docs/juju.md), behind the admin
 * token like every route under {@code /v1}:
 *
 * <ul>
 *   <li>{@code GET /v1/model/secrets}: {@code {secrets: [UserSecretView...]}}, no content;
 *   <li>{@code GET /v1/model/secrets/{id or name}[?reveal=true][&revision=N]}: one, with the
 *       revision's (default the latest) content when revealed; 404 {@code secret "x" not found};
 *   <li>{@code POST /v1/model/secrets} with a {@link UserSecretRequest}: {@code {id}} once the
 *       change is journaled; 404, 409 or 400 with Juju's words when refused.
 * </ul>
 */
public final class UserSecretRoutes {
  private final SecretAsk store;
  private final SecretOwner model;
  private final Supplier<String> ids;
  private final ObjectMapper json;
  private final JsonBody body = JsonBody.standard();

  /**
   * @param secrets the model's store ({@link SecretStore#ofModel})
   * @param model the owner of every secret here
   * @param ids new secret ids
   */
  public UserSecretRoutes(
      Secrets secrets,
      SecretOwner model,
      Supplier<String> ids,
      ActorSystem<?> system,
      ObjectMapper json,
      Duration askTimeout) {
    this.store = new SecretAsk(secrets, system, askTimeout);
    this.model = model;
    this.ids = ids;
    this.json = json;
  }

  /**
   * The body of {@code POST /v1/model/secrets}: a {@link UserSecretRequest} with its optional
   * fields optional on the wire (the listener refuses a body without a required field).
   */
  public record Change(
      UserSecretRequest.Action action,
      String key,
      Optional<String> name,
      Optional<String> info,
      Optional<Map<String, String>> content,
      Optional<Integer> revision,
      Optional<List<String>> applications,
      Optional<Boolean> autoPrune) {

    UserSecretRequest request() {
      return new UserSecretRequest(
          action,
          key,
          name.orElse(null),
          info.orElse(null),
          content.orElse(null),
          revision.orElse(null),
          applications.orElse(null),
          autoPrune.orElse(null));
    }

    @Override
    public String toString() {
      return request().toString();
    }
  }

  public Route route() {
    return pathPrefix(
        "v1",
        () ->
            pathPrefix(
                "model",
                () ->
                    pathPrefix(
                        "secrets",
                        () ->
                            concat(
                                pathEnd(
                                    () ->
                                        concat(
                                            get(() -> onSuccess(store.state(), this::list)),
                                            post(
                                                () ->
                                                    body.entityAs(
                                                        Change.class,
                                                        change -> change(change.request()))))),
                                SecretRoutes.oneRevealed(
                                    (key, reveal) ->
                                        parameterOptional(
                                            "revision",
                                            revision ->
                                                onSuccess(
                                                    store.state(),
                                                    state ->
                                                        one(state, key, reveal, revision))))))));
  }

  private Route list(SecretsState state) {
    return complete(
        StatusCodes.OK,
        Map.of(
            "secrets",
            state.secrets().values().stream()
                .filter(s -> s.owner().equals(model))
                .map(s -> UserSecretView.of(s, null, null))
                .toList()),
        Jackson.marshaller(json));
  }

  private Route one(SecretsState state, String key, boolean reveal, Optional<String> revision) {
    Optional<SecretsState.Secret> found = UserSecrets.find(state, model, key);
    if (found.isEmpty()) return JsonErrors.complete(ApiError.notFound(UserSecrets.notFound(key)));
    SecretsState.Secret secret = found.get();
    SecretsState.Revision shown = null;
    if (revision.isPresent()) {
      int number;
      try {
        number = Integer.parseInt(revision.get());
      } catch (NumberFormatException e) {
        return JsonErrors.complete(ApiError.badRequest("revision must be a positive integer"));
      }
      shown = secret.revision(number).orElse(null);
      if (shown == null)
        return JsonErrors.complete(
            ApiError.notFound(
                "secret revision " + number + " for \"" + secret.id() + "\" not found"));
    } else {
      shown = secret.latest().orElse(null);
    }
    return complete(
        StatusCodes.OK,
        UserSecretView.of(secret, reveal ? shown : null, store.secrets().cipher()::open),
        Jackson.marshaller(json));
  }

  private Route change(UserSecretRequest request) {
    Optional<CompletionStage<UserSecrets.Outcome>> outcome =
        store.ask(
            reply ->
                new SecretStore.Decide(
                    state -> UserSecrets.decide(state, model, request, ids), "juju", reply));
    if (outcome.isEmpty())
      return JsonErrors.complete(ApiError.conflict("the model's secret store is not running"));
    return onSuccess(
        outcome.get(),
        done ->
            switch (done) {
              case UserSecrets.Changed changed ->
                  complete(StatusCodes.OK, Map.of("id", changed.id()), Jackson.marshaller(json));
              case UserSecrets.Refused refused ->
                  JsonErrors.complete(
                      switch (refused.reason()) {
                        case NOT_FOUND -> ApiError.notFound(refused.message());
                        case CONFLICT -> ApiError.conflict(refused.message());
                        case INVALID -> ApiError.badRequest(refused.message());
                      });
            });
  }
}
