package io.caasoperator.operator;

import io.caasoperator.charm.ConfigSettings;
import io.caasoperator.domain.CharmInfo;
import io.caasoperator.domain.Status;
import io.caasoperator.domain.UnitAddresses;
import io.caasoperator.domain.UnitId;
import io.caasoperator.hooktool.PeerUnit;
import io.caasoperator.persistence.OperatorState;
import io.caasoperator.relation.RelationStatus;
import io.caasoperator.unit.ApplicationSnapshot;
import io.caasoperator.unit.UnitView;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The application as {@code GET /v1/status} and {@code caas-operator status} show it.
 *
 * @param charm the deployed charm, or null before the first deployment
 * @param leader the leader unit's name, or null
 * @param workloadVersion what the charm reported with {@code application-version-set}
 * @param relations the application's relations, their units and databags
 */
public record ApplicationView(
    String application,
    Status status,
    CharmView charm,
    long configGeneration,
    String leader,
    String workloadVersion,
    List<UnitView> units,
    List<RelationStatus> relations) {

  public ApplicationView {
    relations = relations == null ? List.of() : List.copyOf(relations);
  }

  /** The same application with each unit as {@code shown} makes it (for status). */
  public ApplicationView withUnits(java.util.function.UnaryOperator<UnitView> shown) {
    return new ApplicationView(
        application,
        status,
        charm,
        configGeneration,
        leader,
        workloadVersion,
        units.stream().map(shown).toList(),
        relations);
  }

  /**
   * The view of an operator's state, live or replayed: the same code either way.
   *
   * @param unitViews a unit's view where one is known (its own actor's report, or its replayed
   *     state); units without one show as just added
   */
  public static ApplicationView of(
      String application, OperatorState state, Function<UnitId, UnitView> unitViews) {
    CharmInfo charm = state.charm();
    List<UnitView> units =
        state.units().entrySet().stream()
            .map(
                e -> {
                  UnitView known = unitViews.apply(e.getKey());
                  return known != null ? known : UnitView.placeholder(e.getKey(), e.getValue());
                })
            .toList();
    return new ApplicationView(
        application,
        displayedStatus(state),
        charm == null
            ? null
            : new CharmView(
                charm.name(),
                charm.ref().url(),
                charm.sha256(),
                charm.generation(),
                charm.ref().modifiedVersion()),
        state.configGeneration(),
        state.leader() == null ? null : state.leader().name(),
        state.charmSettings().workloadVersion(),
        units,
        RelationStatus.of(state));
  }

  /**
   * What hook tools read about the application, taken when a tool is called: the effective config,
   * leader settings, status, workload version and every unit with its workload status.
   *
   * @param unitViews as for {@link #of}; units without one show as waiting
   * @param addresses the calling unit's addresses, from its substrate
   * @param resources the specification's file resources, name to path
   * @param canAddStorage whether the substrate lets hooks add storage instances
   */
  public static ApplicationSnapshot forHookTools(
      String modelName,
      OperatorState state,
      Function<UnitId, UnitView> unitViews,
      UnitAddresses addresses,
      Map<String, String> resources,
      boolean canAddStorage,
      Instant now) {
    List<PeerUnit> peers =
        state.units().entrySet().stream()
            .map(
                e -> {
                  UnitView known = unitViews.apply(e.getKey());
                  return new PeerUnit(
                      e.getKey(),
                      e.getValue(),
                      known != null ? known.workloadStatus() : Status.of("waiting", "", now));
                })
            .toList();
    // what every tool call reads of the application, read once in one place; then the units
    ApplicationSnapshot application = forPublishedTools(modelName, state);
    return new ApplicationSnapshot(
        application.modelName(),
        application.config(),
        application.leaderSettings(),
        application.applicationStatus(),
        application.workloadVersion(),
        peers,
        addresses,
        resources,
        canAddStorage,
        List.copyOf(state.relations().byId().values()));
  }

  /**
   * {@link #forHookTools} without the units: what the operator publishes for read-only tool calls
   * after every change ({@code ToolViewAnswer}); listing the units costs a pass over all of them.
   */
  public static ApplicationSnapshot forPublishedTools(String modelName, OperatorState state) {
    return new ApplicationSnapshot(
        modelName,
        ConfigSettings.effective(state.charm().options(), state.config()),
        state.charmSettings().leaderSettings(),
        displayedStatus(state),
        state.charmSettings().workloadVersion(),
        List.of());
  }

  /** The operator's own status wins when something is wrong; otherwise what the leader set. */
  public static Status displayedStatus(OperatorState state) {
    Status charmSet = state.charmSettings().status();
    return charmSet != null && "active".equals(state.status().value()) ? charmSet : state.status();
  }

  /**
   * @param generation increases with every deployment
   */
  public record CharmView(
      String name, String url, String sha256, long generation, long modifiedVersion) {}
}
