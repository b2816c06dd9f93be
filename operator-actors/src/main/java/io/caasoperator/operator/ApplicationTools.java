package io.caasoperator.operator;

import io.caasoperator.persistence.OperatorState;
import io.caasoperator.unit.ApplicationSnapshot;
import io.caasoperator.unit.ToolReply;
import io.caasoperator.unit.UnitActor;
import java.util.Map;

/**
 * The application's side of hook tools: a call goes to its unit with a snapshot of the application
 * taken now (the unit answers it; its application-wide effects come back as the unit's report), and
 * after every change the application is published for the read-only calls the units answer without
 * asking the operator ({@code ToolViewAnswer}). No charm, no tools: both are refused until the
 * first charm is recorded.
 */
final class ApplicationTools {
  private final OperatorDependencies deps;
  private final UnitActors units;
  private final UnitViews views;

  ApplicationTools(OperatorDependencies deps, UnitActors units, UnitViews views) {
    this.deps = deps;
    this.units = units;
    this.views = views;
  }

  /**
   * Hands the call to its unit; a unit without an actor (it is gone) is denied here.
   *
   * @param observed for the specification's file resources ({@code resource-get}); none before the
   *     first specification
   */
  void call(OperatorState state, Observed observed, OperatorActor.CallHookTool cmd) {
    var unit = units.find(cmd.context().unit());
    if (unit.isEmpty() || state.charm() == null) {
      cmd.replyTo().tell(new ToolReply(null, "unit " + cmd.context().unit() + " is gone"));
      return;
    }
    ApplicationSnapshot app =
        ApplicationView.forHookTools(
            deps.units().environment().modelName(),
            state,
            views::orNull,
            deps.substrate().addresses().of(cmd.context().unit()),
            observed.spec() == null ? Map.of() : observed.spec().resources(),
            deps.substrate().storageLayout().canAdd(),
            deps.clock().instant());
    unit.get()
        .tell(
            new UnitActor.RunHookTool(
                cmd.context().contextId(),
                cmd.tool(),
                cmd.args(),
                cmd.stdin(),
                app,
                cmd.replyTo()));
  }

  /** What the units' read-only tool calls read of the application from now on. */
  void publish(OperatorState state) {
    if (state.charm() == null) {
      stopped();
    } else {
      deps.units()
          .toolViews()
          .applicationChanged(
              ApplicationView.forPublishedTools(deps.units().environment().modelName(), state));
    }
  }

  /** The operator stopped: read-only calls are refused until it publishes again. */
  void stopped() {
    deps.units().toolViews().applicationStopped();
  }
}
