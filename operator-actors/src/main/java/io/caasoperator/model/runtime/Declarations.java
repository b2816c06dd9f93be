package io.caasoperator.model.runtime;

import io.caasoperator.domain.ApplicationName;
import io.caasoperator.model.MatchedRelation;
import io.caasoperator.model.RelationEndpoint;
import io.caasoperator.persistence.ModelState;
import io.caasoperator.relation.DeclaredRelation;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * What the model declares to each of its applications: every relation it has, peers included, with
 * the ids the model gave ({@link RelationNumbering}), as that application sees it.
 *
 * @param byApplication each application's relations, by id; every application of the model is
 *     present, one without relations with an empty list
 */
public record Declarations(Map<ApplicationName, List<DeclaredRelation>> byApplication) {

  // before NONE, which uses it
  private static final Comparator<ApplicationName> BY_NAME =
      Comparator.comparing(ApplicationName::value);

  public static final Declarations NONE = new Declarations(Map.of());

  public Declarations {
    Map<ApplicationName, List<DeclaredRelation>> copy = new TreeMap<>(BY_NAME);
    byApplication.forEach((app, relations) -> copy.put(app, List.copyOf(relations)));
    byApplication = java.util.Collections.unmodifiableMap(copy);
  }

  /**
   * @param applications the model's applications
   * @param relations its relations; one {@code ids} has no id for (not yet numbered) is left out
   */
  public static Declarations of(
      List<ApplicationName> applications, List<MatchedRelation> relations, ModelState ids) {
    Map<ApplicationName, List<DeclaredRelation>> declared = new TreeMap<>(BY_NAME);
    applications.forEach(app -> declared.put(app, new ArrayList<>()));
    for (MatchedRelation relation : relations) {
      Optional<Long> id = ids.idOf(relation.key());
      if (id.isEmpty()) continue;
      List<RelationEndpoint> ends = relation.endpoints();
      for (RelationEndpoint end : ends) {
        // a peer relation's remote end is its own (DeclaredRelation)
        RelationEndpoint remote = ends.size() == 1 ? end : ends.get(ends.indexOf(end) == 0 ? 1 : 0);
        List<DeclaredRelation> list = declared.get(end.application());
        if (list == null) continue;
        list.add(
            new DeclaredRelation(
                id.get(),
                end.endpoint().name(),
                relation.interfaceName(),
                remote.application().value(),
                remote.endpoint().name()));
      }
    }
    declared.values().forEach(list -> list.sort(Comparator.comparingLong(DeclaredRelation::id)));
    return new Declarations(declared);
  }

  /** {@code application}'s relations; empty when it is not in the model. */
  public List<DeclaredRelation> of(ApplicationName application) {
    return byApplication.getOrDefault(application, List.of());
  }

  /** The application at the other end of relation {@code id} from {@code application}'s side. */
  public Optional<ApplicationName> remoteOf(ApplicationName application, long id) {
    return of(application).stream()
        .filter(r -> r.id() == id && !r.remoteApplication().equals(application.value()))
        .findFirst()
        .map(r -> ApplicationName.of(r.remoteApplication()));
  }
}
