package io.caasoperator.http.routes;

import static org.apache.pekko.http.javadsl.server.Directives.*;

import io.caasoperator.http.auth.AdminToken;
import io.caasoperator.http.auth.BearerAuthentication;
import java.util.function.Supplier;
import org.apache.pekko.http.javadsl.model.HttpMethods;
import org.apache.pekko.http.javadsl.server.Route;

/**
 * Every route of the listener. Probes are open (Kubernetes sends no token); everything else under
 * {@code /v1} needs the admin token, except hook-tool calls, which carry a hook's context token.
 *
 * <p>The token guards {@code /v1} only: a path outside it is 404 for everyone (a scraper or a load
 * balancer that asks for {@code /} learns nothing but that), while an unknown path under {@code
 * /v1} is 401 without the token, so the API's shape is not shown to strangers, and 404 with it.
 * {@code HEAD} answers wherever {@code GET} does, with the same status and headers and no body
 * (load balancers and uptime checks probe with it).
 */
public final class ApiRoutes {
  private ApiRoutes() {}

  public static Route of(AdminToken admin, StatusRoutes status, UnitRoutes units, Route hookTools) {
    return headAsGet(
        () ->
            concat(
                status.probes(),
                hookTools,
                api(admin, () -> concat(status.status(), units.route()))));
  }

  /**
   * As {@link #of(AdminToken, StatusRoutes, UnitRoutes, Route)}, plus the journal behind the admin
   * token.
   */
  public static Route of(
      AdminToken admin,
      StatusRoutes status,
      UnitRoutes units,
      Route hookTools,
      JournalRoutes journal) {
    return concat(of(admin, status, units, hookTools), headAsGet(() -> api(admin, journal::route)));
  }

  /**
   * {@code inner} (routes under {@code /v1}) for holders of the admin token, {@code HEAD} as {@code
   * GET}.
   */
  public static Route admin(AdminToken admin, Supplier<Route> inner) {
    return headAsGet(() -> api(admin, inner));
  }

  /** {@code inner} under {@code /v1}, for holders of the admin token. */
  private static Route api(AdminToken admin, Supplier<Route> inner) {
    return pathPrefixTest("v1", () -> BearerAuthentication.requireBearer(admin, inner));
  }

  /**
   * A {@code HEAD} request is routed as the {@code GET} it stands for; the server then sends the
   * answer's status and headers (its {@code Content-Type} and {@code Content-Length} included) and
   * drops the body, as HTTP asks of a {@code HEAD} answer.
   */
  static Route headAsGet(Supplier<Route> inner) {
    return extractMethod(
        method ->
            method.equals(HttpMethods.HEAD)
                ? mapRequest(request -> request.withMethod(HttpMethods.GET), inner)
                : inner.get());
  }
}
