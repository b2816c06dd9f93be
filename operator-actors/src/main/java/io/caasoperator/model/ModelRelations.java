package io.caasoperator.model;

import io.caasoperator.domain.ApplicationName;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The relations of a model a bundle describes, matched and numbered: first each application's peer
 * relations (Juju creates them when it deploys the application), applications in name order and
 * endpoints in name order, then the bundle's relations in file order (Juju adds them once the
 * applications are deployed). Ids come from one sequence for the whole model, from 0, as Juju's
 * {@code relation} sequence gives them; Juju's own order among one application's peers follows its
 * charm's map and is no contract.
 *
 * @param relations the relations, by id
 * @param problems each relation that cannot be made, in Juju's words: no matching endpoints, an
 *     ambiguous pair, or the same relation twice (written differently)
 */
public record ModelRelations(List<ModelRelation> relations, List<String> problems) {

  public ModelRelations {
    relations = List.copyOf(relations);
    problems = List.copyOf(problems);
  }

  /**
   * @param bundle the model's applications and relations as written
   * @param endpoints each application's endpoints ({@link CharmEndpoint#of}); an application
   *     missing here has a charm that could not be read (a problem said so already), and the
   *     relations naming it are left out without another problem
   */
  public static ModelRelations of(
      Bundle bundle, Map<ApplicationName, List<CharmEndpoint>> endpoints) {
    List<ModelRelation> relations = new ArrayList<>();
    List<String> problems = new ArrayList<>();
    for (BundleApplication application : bundle.applications()) {
      for (CharmEndpoint endpoint : endpoints.getOrDefault(application.name(), List.of())) {
        if (endpoint.role() != RelationRole.PEER) continue;
        relations.add(
            new ModelRelation(
                relations.size(),
                new MatchedRelation(List.of(new RelationEndpoint(application.name(), endpoint)))));
      }
    }
    Set<String> keys = new HashSet<>();
    for (BundleRelation written : bundle.relations()) {
      if (!written.endpoints().stream()
          .allMatch(name -> endpoints.containsKey(applicationOf(name)))) continue;
      switch (EndpointMatching.infer(
          written.endpoints(), a -> Optional.ofNullable(endpoints.get(a)))) {
        case Inference.Found found -> {
          if (keys.add(found.relation().key()))
            relations.add(new ModelRelation(relations.size(), found.relation()));
          else
            problems.add(
                bundle.where(written.line())
                    + "relation "
                    + written
                    + " is defined more than once");
        }
        case Inference.Refused refused ->
            problems.add(
                bundle.where(written.line()) + "relation " + written + ": " + refused.reason());
      }
    }
    return new ModelRelations(relations, problems);
  }

  /**
   * The application part of {@code app} or {@code app:endpoint} (checked by the bundle's reader).
   */
  private static ApplicationName applicationOf(String name) {
    int colon = name.indexOf(':');
    String application = colon < 0 ? name : name.substring(0, colon);
    return ApplicationName.isValid(application) ? new ApplicationName(application) : null;
  }
}
