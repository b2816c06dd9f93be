package io.caasoperator.http.routes;

import static org.apache.pekko.http.javadsl.server.Directives.pathPrefix;

import io.caasoperator.domain.UnitId;
import io.caasoperator.http.ApiError;
import io.caasoperator.http.JsonErrors;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.apache.pekko.http.javadsl.server.PathMatchers;
import org.apache.pekko.http.javadsl.server.Route;

/** The {@code /v1/units/{application}/{number}} prefix that the unit and container routes share. */
final class UnitPath {
  private UnitPath() {}

  /** Matches the prefix; {@code inner} gets the application and the number as the path has them. */
  static Route prefix(BiFunction<String, String, Route> inner) {
    return pathPrefix(
        "v1",
        () ->
            pathPrefix(
                "units",
                () ->
                    pathPrefix(
                        PathMatchers.segment(),
                        app -> pathPrefix(PathMatchers.segment(), n -> inner.apply(app, n)))));
  }

  /** {@code inner} for the unit {@code app/number}; 400 naming why when that is not a unit. */
  static Route unit(String app, String number, Function<UnitId, Route> inner) {
    UnitId unit;
    try {
      unit = UnitId.parse(app + "/" + number);
    } catch (IllegalArgumentException e) {
      return JsonErrors.complete(ApiError.badRequest(e.getMessage()));
    }
    return inner.apply(unit);
  }
}
