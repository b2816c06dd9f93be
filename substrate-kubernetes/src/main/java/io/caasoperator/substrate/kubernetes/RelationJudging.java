package io.caasoperator.substrate.kubernetes;

import io.caasoperator.domain.ApplicationName;
import io.caasoperator.model.CharmEndpoint;
import io.caasoperator.model.EndpointMatching;
import io.caasoperator.model.Inference;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Which relation a {@link RelationSpec} asks for, judged as {@code juju integrate} judges its two
 * arguments: each end {@code application} or {@code application:endpoint}; the endpoints matched
 * and, where left out, inferred by {@link EndpointMatching} (Juju's {@code InferEndpoints}, with
 * its error texts: {@code ambiguous relation: ...}, {@code no relations found}). Pure.
 *
 * <p>An application is known once its operator has published its charm's endpoints ({@link
 * RelationRecords}); until then it is {@code application "x" not found}, as Juju says of an
 * application the model does not have, and the Relation is judged again when it appears.
 */
final class RelationJudging {
  private RelationJudging() {}

  static final String MALFORMED = "Malformed";
  static final String APPLICATION_NOT_FOUND = "ApplicationNotFound";
  static final String AMBIGUOUS = "Ambiguous";
  static final String NO_MATCH = "NoMatch";

  /**
   * @param endpoints the spec's ends, as written (null when the spec has none)
   * @param endpointsOf an application's endpoints ({@link CharmEndpoint#of}), empty when no
   *     operator of the namespace published any for it
   */
  static RelationJudgement judge(
      List<String> endpoints,
      Function<ApplicationName, Optional<List<CharmEndpoint>>> endpointsOf) {
    if (endpoints == null || endpoints.size() != 2)
      return new RelationJudgement.Refused(
          MALFORMED,
          "spec.endpoints names two ends (application or application:endpoint), got "
              + (endpoints == null ? 0 : endpoints.size()));
    for (String end : endpoints) {
      Optional<String> problem = malformed(end);
      if (problem.isPresent()) return new RelationJudgement.Refused(MALFORMED, problem.get());
    }
    for (String end : endpoints) {
      String application = applicationOf(end);
      if (endpointsOf.apply(ApplicationName.of(application)).isEmpty())
        return new RelationJudgement.Refused(
            APPLICATION_NOT_FOUND, "application " + quoted(application) + " not found");
    }
    return switch (EndpointMatching.infer(endpoints, endpointsOf)) {
      case Inference.Found found -> new RelationJudgement.Related(found.relation());
      case Inference.Refused refused ->
          new RelationJudgement.Refused(
              refused.reason().startsWith("ambiguous relation") ? AMBIGUOUS : NO_MATCH,
              refused.reason());
    };
  }

  /** Why {@code end} is no {@code application[:endpoint]}, in Juju's words where it has them. */
  private static Optional<String> malformed(String end) {
    if (end == null || end.isEmpty()) return Optional.of("invalid endpoint \"\"");
    String[] parts = end.split(":", -1);
    if (parts.length > 2 || parts[0].isEmpty() || (parts.length == 2 && parts[1].isEmpty()))
      return Optional.of("invalid endpoint " + quoted(end));
    if (!ApplicationName.isValid(parts[0]))
      return Optional.of(quoted(parts[0]) + " is not a valid application name");
    return Optional.empty();
  }

  private static String applicationOf(String end) {
    int colon = end.indexOf(':');
    return colon < 0 ? end : end.substring(0, colon);
  }

  /** As Go's {@code %q} writes a plain string (the only escapes a name can need). */
  private static String quoted(String text) {
    return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
  }
}
