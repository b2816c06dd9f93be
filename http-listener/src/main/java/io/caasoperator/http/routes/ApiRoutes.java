package io.caasoperator.http.routes;

import static org.apache.pekko.http.javadsl.server.Directives.*;

import io.caasoperator.http.auth.AdminToken;
import io.caasoperator.http.auth.BearerAuthentication;
import org.apache.pekko.http.javadsl.server.Route;

/**
 * Every route of the listener. Probes are open (Kubernetes sends no token); everything else under
 * {@code /v1} needs the admin token, except hook-tool calls, which carry a hook's context token.
 */
public final class ApiRoutes {
  private ApiRoutes() {}

  public static Route of(AdminToken admin, StatusRoutes status, UnitRoutes units, Route hookTools) {
    return concat(
        status.probes(),
        hookTools,
        BearerAuthentication.requireBearer(admin, () -> concat(status.status(), units.route())));
  }

  /** As {@link #of(AdminToken, StatusRoutes, UnitRoutes, Route)}, plus the journal behind the admin token. */
  public static Route of(AdminToken admin, StatusRoutes status, UnitRoutes units, Route hookTools, JournalRoutes journal) {
    return concat(
        of(admin, status, units, hookTools),
        BearerAuthentication.requireBearer(admin, journal::route));
  }
}
