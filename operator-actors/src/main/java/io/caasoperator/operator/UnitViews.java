package io.caasoperator.operator;

import io.caasoperator.domain.UnitId;
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
  private final Map<UnitId, UnitView> views = new HashMap<>();

  /** Keeps the view a {@link UnitActor.Report.Changed} carries; other reports carry none. */
  void reported(UnitActor.Report report) {
    if (report instanceof UnitActor.Report.Changed changed)
      views.put(changed.view().unit(), changed.view());
  }

  /** The unit is removed: it shows as the journal has it until it is gone from there too. */
  void removed(UnitId unit) {
    views.remove(unit);
  }

  Optional<UnitView> of(UnitId unit) {
    return Optional.ofNullable(views.get(unit));
  }

  /** The unit's view, or null before its first report. */
  UnitView orNull(UnitId unit) {
    return views.get(unit);
  }

  /** The application as {@code GET /v1/status} shows it, with these views of its units. */
  ApplicationView application(String application, OperatorState state) {
    return ApplicationView.of(application, state, views::get);
  }
}
