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
 * The listener of a replica under leader election: while it does not hold the lease, every
 * request but {@code /healthz} answers 503 without asking the (stopped) operator actor, so
 * {@code /readyz} takes the replica out of the Service and the liveness probe keeps it alive.
 */
final class StandbyRoute {

  private StandbyRoute() {}

  static Route of(BooleanSupplier acting, Route routes) {
    return concat(
        pathPrefix("healthz", () -> routes),
        extractRequestContext(request -> acting.getAsBoolean() ? routes
            : complete(StatusCodes.SERVICE_UNAVAILABLE, HttpEntities.create(ContentTypes.APPLICATION_JSON,
                "{\"status\":\"standby\",\"reason\":\"another replica holds the lease\"}"))));
  }
}
