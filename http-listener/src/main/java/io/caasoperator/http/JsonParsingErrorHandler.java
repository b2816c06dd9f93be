package io.caasoperator.http;

import org.apache.pekko.event.LoggingAdapter;
import org.apache.pekko.http.ParsingErrorHandler;
import org.apache.pekko.http.javadsl.model.HttpResponse;
import org.apache.pekko.http.scaladsl.model.ErrorInfo;
import org.apache.pekko.http.scaladsl.model.StatusCode;
import org.apache.pekko.http.scaladsl.settings.ServerSettings;

/**
 * The answer to a request so malformed that no route sees it: a path over the URI limit (414), a
 * header over its limit (431), more than 64 headers or a bad request line or header (400), an
 * unknown method (501), an HTTP version other than 1.0/1.1 (505). Pekko answers those in plain
 * text; this gives them the same {@code {"error", "detail"}} JSON as every other error of the
 * listener, with Pekko's status and its summary as the detail.
 *
 * <p>Installed by {@link HttpListener} as {@code pekko.http.server.parsing.error-handler}; Pekko
 * creates it by reflection (public, no-argument constructor), once per connection.
 */
public final class JsonParsingErrorHandler extends ParsingErrorHandler {

  @Override
  public HttpResponse handle(
      StatusCode status, ErrorInfo info, LoggingAdapter log, ServerSettings settings) {
    // Only the summary, never the detail: for a malformed header the detail quotes its value,
    // and a malformed Authorization header carries (a typo of) the admin token. Warning, as
    // Pekko's own handler logs these: a client that sends them needs fixing.
    log.warning("Illegal request, answered {}: {}", status.intValue(), info.summary());
    String detail = info.summary().isBlank() ? status.reason() : info.summary();
    return JsonErrors.response(new ApiError(status, JsonErrors.errorCode(status), detail));
  }
}
