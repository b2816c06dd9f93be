package io.caasoperator.operator;

import io.caasoperator.operator.OperatorPlan.Input;
import io.caasoperator.persistence.OperatorState;
import io.caasoperator.relation.DatabagWrites;
import io.caasoperator.unit.UnitActor;
import java.time.Instant;
import java.util.Optional;
import java.util.function.Function;

/**
 * What a unit's report asks of the operator's plan, if anything. Pure: the actor records the unit's
 * view itself and plans only when this gives an input.
 */
final class UnitReports {
  private UnitReports() {}

  /**
   * The plan's input for {@code report}; empty for a changed view whose databag writes the journal
   * already holds (most views: planning for each would cost a pass over every unit).
   *
   * @param journal the operator's state as its journal holds it now
   * @param awaitId keeps an accepted action's requester and gives the plan's input for it ({@link
   *     UnitRequests#awaitId})
   */
  static Optional<Input> input(
      OperatorState journal,
      UnitActor.Report report,
      Function<UnitActor.Report.ActionAccepted, Input.ActionAccepted> awaitId,
      Instant now) {
    return switch (report) {
      // level-triggered: a write the journal lacks (also after either side restarted) is recorded
      case UnitActor.Report.Changed changed -> {
        var view = changed.view();
        yield DatabagWrites.unrecorded(journal, view.unit(), view.relationWrites(), now).isEmpty()
            ? Optional.empty()
            : Optional.of(new Input.UnitWrote(view.unit(), view.relationWrites()));
      }
      // level-triggered: what was sent to the unit before it restarted is sent again
      case UnitActor.Report.Recovered recovered ->
          Optional.of(new Input.UnitRecovered(recovered.unit()));
      case UnitActor.Report.Dead dead -> Optional.of(new Input.UnitDied(dead.unit()));
      case UnitActor.Report.ApplicationEffects effects ->
          Optional.of(new Input.ToolEffects(effects.events()));
      case UnitActor.Report.ActionAccepted accepted -> Optional.of(awaitId.apply(accepted));
    };
  }
}
