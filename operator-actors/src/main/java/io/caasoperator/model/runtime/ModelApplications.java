package io.caasoperator.model.runtime;

import io.caasoperator.domain.ApplicationName;
import io.caasoperator.domain.Life;
import io.caasoperator.model.MatchedRelation;
import io.caasoperator.model.RelationEndpoint;
import io.caasoperator.persistence.ModelEvent;
import io.caasoperator.persistence.ModelState;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Which applications a model has, from its journal and the bundle last read well, as Juju keeps an
 * application's life ({@code state/application.go}): an application the bundle lists joins the
 * model alive; one the journal has alive and the bundle no longer lists is dying, and its operator
 * runs on (or is started again after a crash) until every unit has run {@code remove}; only then is
 * it gone.
 *
 * <p>A name the bundle lists again while it is still dying waits: Juju refuses to add an
 * application whose name is not dead ({@code AddApplication} in {@code state/state.go}:
 * "application already exists"), so the dying one is torn down first and the new one joins once it
 * is gone. Until then no relation of the dying application is numbered or declared.
 */
public final class ModelApplications {
  private ModelApplications() {}

  /**
   * The events that bring {@code state} in line with the bundle listing {@code listed}: each new
   * application added, each alive one no longer listed dying; none when it already is.
   */
  public static List<ModelEvent> next(ModelState state, List<ApplicationName> listed, Instant now) {
    List<ModelEvent> events = new ArrayList<>();
    Set<String> names = new HashSet<>();
    for (ApplicationName application : listed) {
      names.add(application.value());
      // a dying one listed again is added once it is gone (gone)
      if (state.lifeOf(application.value()).isEmpty())
        events.add(new ModelEvent.ApplicationAdded(application.value(), now));
    }
    state
        .applications()
        .forEach(
            (name, life) -> {
              if (life == Life.ALIVE && !names.contains(name))
                events.add(new ModelEvent.ApplicationRemoving(name, now));
            });
    return List.copyOf(events);
  }

  /**
   * The events once {@code application}'s operator reported it gone: a dying application has left
   * the model; an alive one (its operator stopped for another reason, e.g. the bundle file went
   * away) stays in it.
   */
  public static List<ModelEvent> gone(ModelState state, ApplicationName application, Instant now) {
    return state.lifeOf(application.value()).orElse(Life.DEAD) == Life.DYING
        ? List.of(new ModelEvent.ApplicationRemoved(application.value(), now))
        : List.of();
  }

  /**
   * The relations of {@code wanted} whose every end is an application alive in {@code state}: a
   * dying application leaves all its relations (its units run departed and broken, as the other
   * side's do) and gets none until it is gone.
   */
  public static List<MatchedRelation> ofAlive(ModelState state, List<MatchedRelation> wanted) {
    return wanted.stream()
        .filter(
            relation ->
                relation.endpoints().stream()
                    .map(RelationEndpoint::application)
                    .allMatch(app -> state.lifeOf(app.value()).orElse(Life.DEAD) == Life.ALIVE))
        .toList();
  }
}
