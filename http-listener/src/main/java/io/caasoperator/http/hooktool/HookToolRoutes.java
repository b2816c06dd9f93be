package io.caasoperator.http.hooktool;

import static org.apache.pekko.http.javadsl.server.Directives.complete;
import static org.apache.pekko.http.javadsl.server.Directives.entity;
import static org.apache.pekko.http.javadsl.server.Directives.extractRequestEntity;
import static org.apache.pekko.http.javadsl.server.Directives.onSuccess;
import static org.apache.pekko.http.javadsl.server.Directives.optionalHeaderValueByName;
import static org.apache.pekko.http.javadsl.server.Directives.path;
import static org.apache.pekko.http.javadsl.server.Directives.pathPrefix;
import static org.apache.pekko.http.javadsl.server.Directives.post;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.caasoperator.hooktool.ToolOutcome;
import io.caasoperator.hooktool.transport.HookToolFraming;
import io.caasoperator.http.ApiError;
import io.caasoperator.http.JsonBody;
import io.caasoperator.http.JsonErrors;
import io.caasoperator.http.auth.BearerAuthentication;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import org.apache.pekko.http.javadsl.model.ContentType;
import org.apache.pekko.http.javadsl.model.ContentTypes;
import org.apache.pekko.http.javadsl.model.HttpEntities;
import org.apache.pekko.http.javadsl.model.HttpResponse;
import org.apache.pekko.http.javadsl.model.MediaTypes;
import org.apache.pekko.http.javadsl.model.headers.HttpChallenge;
import org.apache.pekko.http.javadsl.model.headers.WWWAuthenticate;
import org.apache.pekko.http.javadsl.server.PathMatchers;
import org.apache.pekko.http.javadsl.server.Route;
import org.apache.pekko.http.javadsl.unmarshalling.Unmarshaller;
import org.apache.pekko.util.ByteString;

/**
 * {@code POST /v1/hook-tools/{tool}}: a hook tool called by a running hook, action or exec,
 * authorised by that context's token ({@code Authorization: Bearer <token>}), not the admin token.
 *
 * <p>Two body formats: {@value HookToolFraming#CONTENT_TYPE} (what the shims send; answered in the
 * same framing, see {@link HookToolFraming}) and JSON {@code {"args": [...], "stdin": "..."}} for
 * everything else, answered {@code {"code": .., "stdout": .., "stderr": ..}}. A tool that fails is
 * still a 200: its exit code is in the answer. Errors of the call itself are JSON: 401 without a
 * token, 403 for a token of no running context, 400 for a malformed body, 413 for a body over the
 * listener's limit (applied by {@code HttpListener} around every route).
 */
public final class HookToolRoutes {

  static final ContentType.Binary FRAMED =
      ContentTypes.create(MediaTypes.customBinary("application", "x-caas-hook-tool", false));
  private static final HttpChallenge CHALLENGE =
      HttpChallenge.create("Bearer", "caas-operator-hook-tools");

  /** The JSON form of a call. */
  record JsonCall(List<String> args, Optional<String> stdin) {}

  /** The JSON form of an answer. */
  record JsonReply(int code, String stdout, String stderr) {}

  static final String NO_TOKEN =
      "hook tools need the token of a running hook: send Authorization: Bearer <CAAS_OPERATOR_CONTEXT_TOKEN>";

  static final String STALE_TOKEN =
      "this token belongs to no running hook or command (it ended, or it is not a context token)";

  private final HookToolGateway gateway;
  private final JsonBody jsonBody = JsonBody.standard();
  private final ObjectMapper json = JsonBody.standardMapper();

  /**
   * @param gateway runs calls in their context; see {@link HookToolGateway}
   */
  public HookToolRoutes(HookToolGateway gateway) {
    this.gateway = Objects.requireNonNull(gateway, "gateway");
  }

  public Route route() {
    return pathPrefix(
        "v1",
        () ->
            pathPrefix(
                "hook-tools",
                () ->
                    path(
                        PathMatchers.segment(),
                        tool ->
                            post(
                                () ->
                                    optionalHeaderValueByName(
                                        "Authorization",
                                        header -> {
                                          Optional<String> token =
                                              header.flatMap(BearerAuthentication::bearerToken);
                                          if (token.isEmpty()) {
                                            return JsonErrors.complete(
                                                ApiError.unauthorized(NO_TOKEN),
                                                List.of(WWWAuthenticate.create(CHALLENGE)));
                                          }
                                          if (!gateway.recognises(token.get())) {
                                            return JsonErrors.complete(
                                                ApiError.forbidden(STALE_TOKEN));
                                          }
                                          return extractRequestEntity(
                                              requestEntity ->
                                                  entity(
                                                      Unmarshaller.entityToByteString(),
                                                      body ->
                                                          isFramed(requestEntity.getContentType())
                                                              ? framed(token.get(), tool, body)
                                                              : jsonCall(token.get(), tool, body)));
                                        })))));
  }

  private Route framed(String token, String tool, ByteString body) {
    HookToolFraming.Call call;
    try {
      call = HookToolFraming.decodeCall(body.toArray());
    } catch (HookToolFraming.MalformedFrame e) {
      return JsonErrors.complete(
          ApiError.badRequest("malformed hook-tool call: " + e.getMessage()));
    }
    return answer(
        token,
        tool,
        call.args(),
        call.stdin(),
        outcome ->
            HttpResponse.create()
                .withEntity(HttpEntities.create(FRAMED, HookToolFraming.encodeReply(outcome))));
  }

  private Route jsonCall(String token, String tool, ByteString body) {
    JsonBody.Parsed<JsonCall> parsed = jsonBody.parse(body, JsonCall.class);
    if (parsed.error() != null) {
      return JsonErrors.complete(parsed.error());
    }
    JsonCall call = parsed.value();
    if (call.args().stream().anyMatch(Objects::isNull)) {
      return JsonErrors.complete(ApiError.badRequest("field \"args\": expected strings, got null"));
    }
    return answer(
        token,
        tool,
        call.args(),
        call.stdin().orElse(""),
        outcome ->
            HttpResponse.create()
                .withEntity(
                    HttpEntities.create(
                        ContentTypes.APPLICATION_JSON,
                        toJson(
                            new JsonReply(
                                outcome.exitCode(), outcome.stdout(), outcome.stderr())))));
  }

  private Route answer(
      String token,
      String tool,
      List<String> args,
      String stdin,
      java.util.function.Function<ToolOutcome, HttpResponse> render) {
    CompletionStage<ToolOutcome> outcome;
    try {
      outcome = gateway.call(token, tool, args, stdin);
    } catch (RuntimeException e) {
      // A gateway that throws instead of failing its stage is answered the same way.
      outcome = CompletableFuture.failedFuture(e);
    }
    CompletionStage<HttpResponse> response =
        outcome.handle(
            (done, error) -> {
              if (error == null) {
                return render.apply(done);
              }
              Throwable cause =
                  error instanceof CompletionException && error.getCause() != null
                      ? error.getCause()
                      : error;
              if (cause instanceof HookToolDenied denied) {
                return JsonErrors.response(ApiError.forbidden(denied.getMessage()));
              }
              // Time-outs, ApiExceptions and the unexpected: JsonErrors' exception handler maps
              // them.
              throw new CompletionException(cause);
            });
    return onSuccess(response, r -> complete(r));
  }

  private static boolean isFramed(ContentType contentType) {
    return contentType
        .mediaType()
        .toString()
        .toLowerCase(Locale.ROOT)
        .equals(HookToolFraming.CONTENT_TYPE);
  }

  private String toJson(JsonReply reply) {
    try {
      return json.writeValueAsString(reply);
    } catch (JsonProcessingException e) {
      // An int and two strings always serialise.
      throw new IllegalStateException("cannot write a hook-tool reply", e);
    }
  }
}
