package io.caasoperator.operator;

import io.caasoperator.domain.UnitId;
import io.caasoperator.operator.OperatorPlan.Input;
import io.caasoperator.persistence.OperatorState;
import io.caasoperator.unit.UnitActor;
import io.caasoperator.unit.UnitView;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * What each unit last reported of itself, as status and hook tools show it. Not journaled: every
 * unit reports its view again when it recovers.
 *
 * <p>Mutable on purpose, and confined to the operator actor, as {@link UnitActors} is: a view per
 * unit of 10,000, each replaced one at a time.
 */
final class UnitViews {
  private final String application;
  private final Map<UnitId, UnitView> views = new HashMap<>();

  UnitViews(String application) {
    this.application = application;
  }

  /** Keeps the view a {@link UnitActor.Report.Changed} carries; other reports carry none. */
  void reported(UnitActor.Report report) {
    if (report instanceof UnitActor.Report.Changed changed)
      views.put(changed.view().unit(), changed.view());
  }

  /**
   * A released unit's view goes (until its removal is journaled it shows as the journal has it): a
   * unit of the same name that comes back is a new one.
   */
  void learnt(Input input) {
    if (input instanceof Input.UnitReleased released) views.remove(released.unit());
  }

  Optional<UnitView> of(UnitId unit) {
    return Optional.ofNullable(views.get(unit));
  }

  /** The unit's view, or null before its first report. */
  UnitView orNull(UnitId unit) {
    return views.get(unit);
  }

  /** The application as {@code GET /v1/status} shows it, with these views of its units. */
  ApplicationView of(OperatorState state) {
    return ApplicationView.of(application, state, views::get);
  }
}
