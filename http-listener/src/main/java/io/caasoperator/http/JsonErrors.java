package io.caasoperator.http;

import static org.apache.pekko.http.javadsl.server.Directives.handleExceptions;
import static org.apache.pekko.http.javadsl.server.Directives.handleRejections;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.apache.pekko.http.javadsl.model.ContentTypes;
import org.apache.pekko.http.javadsl.model.HttpEntities;
import org.apache.pekko.http.javadsl.model.HttpEntity;
import org.apache.pekko.http.javadsl.model.HttpHeader;
import org.apache.pekko.http.javadsl.model.HttpMethod;
import org.apache.pekko.http.javadsl.model.HttpResponse;
import org.apache.pekko.http.javadsl.model.StatusCode;
import org.apache.pekko.http.javadsl.model.headers.Allow;
import org.apache.pekko.http.javadsl.model.headers.WWWAuthenticate;
import org.apache.pekko.http.javadsl.server.AuthenticationFailedRejection;
import org.apache.pekko.http.javadsl.server.AuthorizationFailedRejection;
import org.apache.pekko.http.javadsl.server.Directives;
import org.apache.pekko.http.javadsl.server.ExceptionHandler;
import org.apache.pekko.http.javadsl.server.MalformedRequestContentRejection;
import org.apache.pekko.http.javadsl.server.MethodRejection;
import org.apache.pekko.http.javadsl.server.RejectionHandler;
import org.apache.pekko.http.javadsl.server.Route;
import org.apache.pekko.http.scaladsl.model.EntityStreamSizeException;
import org.apache.pekko.http.scaladsl.model.IllegalRequestException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns every rejection and exception of the listener's routes into an {@link ApiError} JSON
 * response with the right status, so clients never see Pekko's plain-text defaults or a stack
 * trace.
 *
 * <p>Wrap a route with {@link #handleErrors(Supplier)} (the {@link HttpListener} does it for the
 * whole tree); inside routes, answer with {@link #complete(ApiError)} or throw {@link
 * ApiException}.
 */
public final class JsonErrors {

  private static final Logger LOG = LoggerFactory.getLogger(JsonErrors.class);

  /** What an ask that timed out is answered with (also by the loopback hook-tool listener). */
  public static final String TIMEOUT_DETAIL =
      "the operator did not answer in time; the request may still complete, check its status";

  private JsonErrors() {}

  /** Completes the request with {@code error}. */
  public static Route complete(ApiError error) {
    return Directives.complete(response(error));
  }

  /** Completes the request with {@code error} plus extra headers (Allow, WWW-Authenticate). */
  public static Route complete(ApiError error, List<HttpHeader> headers) {
    return Directives.complete(response(error).addHeaders(headers));
  }

  /** The response for {@code error}: its status and its JSON body. */
  public static HttpResponse response(ApiError error) {
    return HttpResponse.create()
        .withStatus(error.status())
        .withEntity(HttpEntities.create(ContentTypes.APPLICATION_JSON, error.toJson()));
  }

  /** Seals {@code inner}: no rejection or exception leaves it without a JSON error response. */
  public static Route handleErrors(Supplier<Route> inner) {
    // Exceptions outermost, as Route.seal does: a failure while rendering a rejection is
    // still answered with a JSON 500.
    return handleExceptions(exceptionHandler(), () -> handleRejections(rejectionHandler(), inner));
  }

  /**
   * Rejections to JSON errors. The order of the cases is the priority when several routes rejected
   * one request: a failed authentication must win over "wrong method" of a sibling route, so a
   * client without a token learns nothing about the routes behind it.
   */
  public static RejectionHandler rejectionHandler() {
    RejectionHandler ours =
        RejectionHandler.newBuilder()
            .handle(AuthenticationFailedRejection.class, JsonErrors::authenticationFailed)
            .handle(
                AuthorizationFailedRejection.class,
                r ->
                    complete(
                        ApiError.forbidden(
                            "the credentials are valid but do not allow this request")))
            .handle(MalformedRequestContentRejection.class, r -> complete(malformedContent(r)))
            .handleAll(MethodRejection.class, JsonErrors::methodNotAllowed)
            .handleNotFound(
                complete(ApiError.notFound("no such resource; the API lives under /v1")))
            .build();
    // Everything else (missing query parameter, unsupported content type, ...) keeps
    // Pekko's status and message, rewritten as JSON: one table of cases instead of twenty.
    return ours.withFallback(
        RejectionHandler.defaultHandler().mapRejectionResponse(JsonErrors::asJson));
  }

  /**
   * Exceptions to JSON errors. Unexpected exceptions are logged with a reference that is also in
   * the response, so an operator can find the stack trace the client does not get.
   */
  public static ExceptionHandler exceptionHandler() {
    return ExceptionHandler.newBuilder()
        .match(ApiException.class, e -> complete(e.error()))
        .match(EntityStreamSizeException.class, e -> complete(tooLarge(e)))
        .match(
            IllegalRequestException.class,
            e -> complete(new ApiError(e.status(), errorCode(e.status()), e.info().summary())))
        // Ask time-outs (AskTimeoutException is a TimeoutException) surface here.
        .match(TimeoutException.class, e -> complete(ApiError.timeout(TIMEOUT_DETAIL)))
        .matchAny(JsonErrors::unexpected)
        .build();
  }

  private static Route unexpected(Throwable e) {
    Throwable cause = unwrap(e);
    if (cause != e) {
      // CompletionException/ExecutionException from a future chain: classify what is inside.
      if (cause instanceof ApiException api) {
        return complete(api.error());
      }
      if (cause instanceof EntityStreamSizeException size) {
        return complete(tooLarge(size));
      }
      if (cause instanceof TimeoutException) {
        return complete(ApiError.timeout(TIMEOUT_DETAIL));
      }
    }
    String reference = UUID.randomUUID().toString().substring(0, 8);
    LOG.error("Unexpected error answering a request (reference {})", reference, e);
    return complete(
        ApiError.internal(
            "unexpected error in the operator (reference "
                + reference
                + "); see the operator log"));
  }

  private static Throwable unwrap(Throwable e) {
    Throwable current = e;
    while ((current instanceof java.util.concurrent.CompletionException
            || current instanceof java.util.concurrent.ExecutionException)
        && current.getCause() != null) {
      current = current.getCause();
    }
    return current;
  }

  private static Route authenticationFailed(AuthenticationFailedRejection rejection) {
    String detail =
        rejection.cause() instanceof AuthenticationFailedRejection.CredentialsMissing
            ? "this endpoint needs the admin token: send \"Authorization: Bearer <token>\""
                + " (the token is in <data-dir>/admin-token)"
            : "the Authorization header does not carry this operator's token";
    return complete(
        ApiError.unauthorized(detail), List.of(WWWAuthenticate.create(rejection.challenge())));
  }

  private static ApiError malformedContent(MalformedRequestContentRejection rejection) {
    if (rejection.getCause() instanceof EntityStreamSizeException size) {
      return tooLarge(size);
    }
    return ApiError.badRequest("malformed request body: " + rejection.message());
  }

  private static Route methodNotAllowed(List<MethodRejection> rejections) {
    List<HttpMethod> supported = new ArrayList<>();
    rejections.forEach(r -> supported.add(r.supported()));
    String names =
        supported.stream().map(HttpMethod::name).distinct().collect(Collectors.joining(", "));
    return complete(
        ApiError.methodNotAllowed("method not allowed here; supported: " + names),
        List.of(Allow.create(supported.toArray(HttpMethod[]::new))));
  }

  private static ApiError tooLarge(EntityStreamSizeException e) {
    return ApiError.payloadTooLarge(
        "request body is larger than the limit of " + e.limit() + " bytes");
  }

  private static HttpResponse asJson(HttpResponse response) {
    HttpEntity entity = response.entity();
    if (entity.getContentType().equals(ContentTypes.APPLICATION_JSON)) {
      return response;
    }
    // Pekko's default rejection responses are always strict text; anything else keeps its
    // status with a generic sentence rather than being read here.
    String detail =
        entity instanceof HttpEntity.Strict strict
            ? strict.getData().utf8String().strip().replace('\n', ' ')
            : response.status().reason();
    ApiError error = new ApiError(response.status(), errorCode(response.status()), detail);
    return response.withEntity(HttpEntities.create(ContentTypes.APPLICATION_JSON, error.toJson()));
  }

  /** {@code 415 Unsupported Media Type} gives {@code unsupported_media_type}. */
  static String errorCode(StatusCode status) {
    String code =
        status
            .reason()
            .toLowerCase(java.util.Locale.ROOT)
            .replaceAll("[^a-z0-9]+", "_")
            .replaceAll("^_|_$", "");
    return code.isEmpty() ? "http_" + status.intValue() : code;
  }
}
