package io.caasoperator.http;

import static org.apache.pekko.http.javadsl.server.Directives.withRequestTimeoutResponse;
import static org.apache.pekko.http.javadsl.server.Directives.withSizeLimit;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.util.concurrent.CompletionStage;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.http.javadsl.ConnectionContext;
import org.apache.pekko.http.javadsl.Http;
import org.apache.pekko.http.javadsl.ServerBinding;
import org.apache.pekko.http.javadsl.ServerBuilder;
import org.apache.pekko.http.javadsl.model.HttpRequest;
import org.apache.pekko.http.javadsl.model.HttpResponse;
import org.apache.pekko.http.javadsl.model.StatusCodes;
import org.apache.pekko.http.javadsl.server.Route;
import org.apache.pekko.http.javadsl.settings.ServerSettings;

/**
 * Binds the operator's routes: HTTPS with the listener certificate (or plain HTTP on loopback when
 * asked), every request body limited, every error answered as JSON.
 *
 * <p>Routes only ask actors; nothing here holds state, so the binding is the only thing to unbind
 * ({@link ServerBinding#unbind()} / {@code terminate}) on shutdown.
 */
public final class HttpListener {

  private HttpListener() {}

  /**
   * Starts listening. The stage completes with the binding once the socket is bound (its {@code
   * localAddress()} has the real port when {@code settings.port()} is 0) or fails when the address
   * is taken or not local.
   */
  public static CompletionStage<ServerBinding> start(
      ActorSystem<?> system, ListenerSettings settings, Route route) {
    Route sealed =
        withRequestTimeoutResponse(
            HttpListener::timedOut,
            () ->
                JsonErrors.handleErrors(
                    () -> withSizeLimit(settings.maxRequestBytes(), () -> route)));
    ServerBuilder builder =
        Http.get(system)
            .newServerAt(settings.host(), settings.port())
            .withSettings(serverSettings(system));
    if (settings.tls().isPresent()) {
      builder =
          builder.enableHttps(ConnectionContext.httpsServer(settings.tls().get().serverContext()));
    }
    return builder.bind(sealed);
  }

  /**
   * Pekko's own answer when a route exceeds {@code pekko.http.server.request-timeout} (or a route's
   * {@code withRequestTimeout}) is a plain-text 503; answer it like an ask time-out.
   */
  private static HttpResponse timedOut(HttpRequest request) {
    return JsonErrors.response(
        ApiError.timeout(
            "the operator did not answer "
                + request.method().name()
                + " "
                + request.getUri().path()
                + " in time; the request may still complete, check its status"));
  }

  /**
   * Server settings that keep Pekko's plain-text answers and the admin token out:
   *
   * <ul>
   *   <li>Pekko logs a header it cannot parse together with its value; for a malformed {@code
   *       Authorization} header that value is (a typo of) the admin token, which must not reach the
   *       log. Other headers keep their warnings.
   *   <li>Requests that fail before any route sees them (414, 431, 400, 501, 505) are answered by
   *       {@link JsonParsingErrorHandler}.
   *   <li>A request still running when the listener is terminated past its deadline gets a JSON 503
   *       instead of Pekko's plain text, when it gets one at all: Pekko then aborts the connection,
   *       and the reset often overtakes the answer.
   * </ul>
   */
  static ServerSettings serverSettings(ActorSystem<?> system) {
    Config config =
        ConfigFactory.parseString(
                "pekko.http.server.parsing.ignore-illegal-header-for"
                    + " = [authorization]\n"
                    + "pekko.http.server.parsing.error-handler = \""
                    + JsonParsingErrorHandler.class.getName()
                    + "\"")
            .withFallback(system.settings().config());
    return ServerSettings.create(config)
        .withTerminationDeadlineExceededResponse(
            JsonErrors.response(
                new ApiError(
                    StatusCodes.SERVICE_UNAVAILABLE,
                    "shutting_down",
                    "the listener stopped before this request completed; it may still complete, check its status")));
  }
}
