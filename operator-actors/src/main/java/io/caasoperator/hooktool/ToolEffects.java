package io.caasoperator.hooktool;

import io.caasoperator.persistence.OperatorEvent;
import io.caasoperator.persistence.UnitEvent;
import io.caasoperator.secret.SecretChange;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Where each effect of a hook tool call goes, decided in one place: the unit's journal, the
 * application's journal (through the operator), the action in progress, or the log. Pure: the
 * unit's actor persists and sends what it returns.
 *
 * @param unitEvents for the unit's journal, in call order
 * @param applicationEvents for the application's journal (leader-only tools, storage-add), in call
 *     order
 * @param actionEffects for the action the calling exec runs ({@code action-set/log/fail})
 * @param logged {@code juju-log} lines
 * @param secretChanges for the application's secrets, kept pending until the hook completes
 */
public record ToolEffects(
    List<UnitEvent> unitEvents,
    List<OperatorEvent> applicationEvents,
    List<ToolEffect.ActionEffect> actionEffects,
    List<ToolEffect.Logged> logged,
    List<SecretChange> secretChanges) {

  public ToolEffects {
    unitEvents = List.copyOf(unitEvents);
    applicationEvents = List.copyOf(applicationEvents);
    actionEffects = List.copyOf(actionEffects);
    logged = List.copyOf(logged);
    secretChanges = List.copyOf(secretChanges);
  }

  /** Splits {@code effects} of a call made at {@code now}. */
  public static ToolEffects split(List<ToolEffect> effects, Instant now) {
    List<UnitEvent> unit = new ArrayList<>();
    List<OperatorEvent> application = new ArrayList<>();
    List<ToolEffect.ActionEffect> action = new ArrayList<>();
    List<ToolEffect.Logged> logged = new ArrayList<>();
    List<SecretChange> secrets = new ArrayList<>();
    for (ToolEffect effect : effects) {
      switch (effect) {
        case ToolEffect.WorkloadStatusSet e ->
            unit.add(new UnitEvent.WorkloadStatusSet(e.status(), now));
        case ToolEffect.CharmStateSet e ->
            unit.add(new UnitEvent.CharmStateSet(e.key(), e.value(), now));
        case ToolEffect.CharmStateDeleted e ->
            unit.add(new UnitEvent.CharmStateDeleted(e.key(), now));
        case ToolEffect.PortOpened e ->
            unit.add(new UnitEvent.PortOpened(e.port().toString(), now));
        case ToolEffect.PortClosed e ->
            unit.add(new UnitEvent.PortClosed(e.port().toString(), now));
        case ToolEffect.ApplicationStatusSet e ->
            application.add(new OperatorEvent.CharmApplicationStatusSet(e.status(), now));
        case ToolEffect.LeaderSettingsSet e ->
            application.add(new OperatorEvent.LeaderSettingsChanged(e.changes(), now));
        case ToolEffect.WorkloadVersionSet e ->
            application.add(new OperatorEvent.WorkloadVersionSet(e.version(), now));
        case ToolEffect.RelationSettingsSet e ->
            unit.add(
                new UnitEvent.RelationSettingsWritten(
                    e.relationId(),
                    e.application() ? null : e.settings(),
                    e.application() ? e.settings() : null,
                    now));
        case ToolEffect.StorageAdded e ->
            application.add(new OperatorEvent.StorageAdded(e.unit(), e.storage(), e.count(), now));
        case ToolEffect.ActionResultSet e -> action.add(e);
        case ToolEffect.ActionLogged e -> action.add(e);
        case ToolEffect.ActionFailed e -> action.add(e);
        case ToolEffect.Logged e -> logged.add(e);
        case ToolEffect.SecretChanged e -> secrets.add(e.change());
      }
    }
    return new ToolEffects(unit, application, action, logged, secrets);
  }
}
