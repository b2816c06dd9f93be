package io.caasoperator.http.auth;

import static org.apache.pekko.http.javadsl.server.Directives.optionalHeaderValueByName;
import static org.apache.pekko.http.javadsl.server.Directives.reject;

import java.util.Locale;
import java.util.Optional;
import java.util.function.Supplier;
import org.apache.pekko.http.javadsl.model.headers.HttpChallenge;
import org.apache.pekko.http.javadsl.server.Rejections;
import org.apache.pekko.http.javadsl.server.Route;

/**
 * The directive guarding admin and exec routes: {@code Authorization: Bearer <admin token>}.
 *
 * <p>It rejects rather than completes, so routes that do not need the token (probes, hook-tool
 * calls with their own context token) can sit beside guarded ones in one {@code concat}; the JSON
 * rejection handler turns the rejection into 401 with {@code WWW-Authenticate: Bearer}.
 */
public final class BearerAuthentication {

  static final HttpChallenge CHALLENGE = HttpChallenge.create("Bearer", "caas-operator");
  private static final String SCHEME = "bearer ";

  private BearerAuthentication() {}

  /** Runs {@code inner} only for requests that carry {@code token}. */
  public static Route requireBearer(AdminToken token, Supplier<Route> inner) {
    // The raw header, not extractCredentials: a malformed header must be refused here, not
    // dropped by the header parser and mistaken for "no header".
    return optionalHeaderValueByName(
        "Authorization",
        header -> {
          if (header.isEmpty()) {
            return reject(Rejections.authenticationCredentialsMissing(CHALLENGE));
          }
          Optional<String> presented = bearerToken(header.get());
          if (presented.isPresent() && token.matches(presented.get())) {
            return inner.get();
          }
          return reject(Rejections.authenticationCredentialsRejected(CHALLENGE));
        });
  }

  /**
   * The token of a {@code Bearer <token>} header value; empty for any other shape. The hook-tool
   * routes read their tokens with it too.
   */
  public static Optional<String> bearerToken(String headerValue) {
    String value = headerValue.strip();
    if (value.length() <= SCHEME.length()
        || !value.substring(0, SCHEME.length()).toLowerCase(Locale.ROOT).equals(SCHEME)) {
      return Optional.empty();
    }
    String token = value.substring(SCHEME.length()).strip();
    return token.isEmpty() || token.contains(" ") ? Optional.empty() : Optional.of(token);
  }
}
