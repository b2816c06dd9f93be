package io.caasoperator.app;

import static org.apache.pekko.http.javadsl.server.Directives.complete;
import static org.apache.pekko.http.javadsl.server.Directives.concat;
import static org.apache.pekko.http.javadsl.server.Directives.extractRequestContext;
import static org.apache.pekko.http.javadsl.server.Directives.pathPrefix;

import java.util.function.BooleanSupplier;
import org.apache.pekko.http.javadsl.model.ContentTypes;
import org.apache.pekko.http.javadsl.model.HttpEntities;
import org.apache.pekko.http.javadsl.model.StatusCodes;
import org.apache.pekko.http.javadsl.server.Route;

/**
 * The listener while the operator actor does not act: under leader election while another replica
 * holds the lease, and in every operator for the moment between the listener binding and the
 * operator actor starting. Every request but {@code /healthz} then answers 503 with the reason,
 * without asking the (not started) operator actor, so {@code /readyz} keeps the replica out of the
 * Service and the liveness probe keeps it alive.
 */
final class StandbyRoute {

  private StandbyRoute() {}

  static Route of(BooleanSupplier acting, Route routes, String reason) {
    return concat(
        pathPrefix("healthz", () -> routes),
        extractRequestContext(
            request ->
                acting.getAsBoolean()
                    ? routes
                    : complete(
                        StatusCodes.SERVICE_UNAVAILABLE,
                        HttpEntities.create(
                            ContentTypes.APPLICATION_JSON,
                            "{\"status\":\"standby\",\"reason\":\"" + reason + "\"}"))));
  }
}
