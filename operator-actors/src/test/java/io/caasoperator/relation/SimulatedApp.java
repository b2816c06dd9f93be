package io.caasoperator.relation;

import io.caasoperator.domain.ApplicationName;
import io.caasoperator.domain.CharmInfo;
import io.caasoperator.domain.Life;
import io.caasoperator.domain.UnitAddresses;
import io.caasoperator.domain.UnitId;
import io.caasoperator.persistence.HookKind;
import io.caasoperator.persistence.OperatorEvent;
import io.caasoperator.persistence.OperatorState;
import io.caasoperator.persistence.PlannedHook;
import io.caasoperator.persistence.RelationHook;
import io.caasoperator.persistence.UnitEvent;
import io.caasoperator.persistence.UnitState;
import io.caasoperator.unit.Desired;
import io.caasoperator.unit.UnitResolver;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * An application as the operator's decisions ({@link RelationScopes}, {@link DatabagWrites}, {@link
 * RelationDeclarations}, {@link RemoteSides}) and each unit's resolver produce its hooks together:
 * driven hook by hook, units taking turns, the operator telling every unit what changed after each
 * step; the operator's journal, each unit's journal, and the hooks each unit ran. In a model, its
 * sides go to {@link #model} whenever they change, as the operator publishes them. Pure: no actors,
 * no processes.
 */
final class SimulatedApp {
  static final Instant AT = Instant.parse("2026-11-23T12:00:00Z");

  /** Units whose pods have no IP yet (none, unless a test says so). */
  static final Set<UnitId> WITHOUT_IP = new java.util.concurrent.CopyOnWriteArraySet<>();

  private static final UnitAddresses.Source ADDRESSES =
      unit ->
          WITHOUT_IP.contains(unit)
              ? UnitAddresses.UNKNOWN
              : new UnitAddresses(
                  List.of(),
                  List.of("10.0.0." + unit.ordinal()),
                  List.of("10.0.0." + unit.ordinal() + "/32"),
                  "10.0.0." + unit.ordinal(),
                  "");

  final ApplicationName app;
  final CharmInfo charm;
  final boolean inModel;

  /** Where the operator publishes its sides of relations with other applications. */
  Consumer<List<RelationSide>> model = sides -> {};

  private List<RelationSide> published = List.of();

  /** How many hooks the units completed or failed, in all. */
  int hooksRun;

  OperatorState operator;

  /**
   * Application {@code app} of {@code charm}, deployed; alone it creates its peer relations, in a
   * model ({@code inModel}) it takes its relations from {@link #declared}.
   */
  SimulatedApp(ApplicationName app, CharmInfo charm, boolean inModel) {
    this.app = app;
    this.charm = charm;
    this.inModel = inModel;
    operator =
        OperatorState.initial()
            .apply(new OperatorEvent.CharmDeployed(charm, AT))
            .apply(new OperatorEvent.ConfigChanged(Map.of(), 1, AT));
  }

  /** The model declares the application's relations. */
  void declared(DeclaredRelation... relations) {
    operatorRecords(RelationDeclarations.recorded(operator, app, List.of(relations), AT));
    reconcile();
  }

  /** The model hands over the other application's side. */
  void observed(RelationSide side) {
    var recorded = RemoteSides.recorded(operator, side, AT);
    if (recorded.isEmpty()) return;
    operatorRecords(List.of(recorded.get()));
    reconcile();
  }

  final Map<UnitId, List<UnitEvent>> journals = new TreeMap<>();
  final Map<UnitId, UnitState> units = new TreeMap<>();
  final Map<UnitId, List<String>> ran = new TreeMap<>();

  void operatorRecords(List<? extends OperatorEvent> events) {
    for (OperatorEvent e : events) operator = operator.apply(e);
  }

  void unitRecords(UnitId unit, List<? extends UnitEvent> events) {
    for (UnitEvent e : events) {
      journals.get(unit).add(e);
      units.put(unit, units.get(unit).apply(e));
    }
  }

  /** The operator's level-triggered pass: lives, leader, scopes, writes, then every unit told. */
  void reconcile() {
    UnitId leader =
        operator.units().entrySet().stream()
            .filter(e -> e.getValue() == Life.ALIVE)
            .map(Map.Entry::getKey)
            .filter(u -> u.equals(operator.leader()))
            .findFirst()
            .orElse(
                operator.units().entrySet().stream()
                    .filter(e -> e.getValue() == Life.ALIVE)
                    .map(Map.Entry::getKey)
                    .findFirst()
                    .orElse(null));
    if (!java.util.Objects.equals(leader, operator.leader()))
      operatorRecords(List.of(new OperatorEvent.LeaderElected(leader, AT)));
    operatorRecords(RelationScopes.reconcile(operator, app, ADDRESSES, AT, !inModel));
    for (UnitId unit : units.keySet()) {
      operatorRecords(
          DatabagWrites.unrecorded(operator, unit, units.get(unit).relations().written(), AT));
    }
    for (UnitId unit : units.keySet()) {
      Life life = operator.units().getOrDefault(unit, Life.DEAD);
      if (life == Life.DEAD) continue;
      Desired desired =
          new Desired(
              life,
              charm,
              1,
              unit.equals(operator.leader()),
              0,
              Duration.ofMinutes(5),
              List.of(),
              RelationScopes.snapshots(operator, unit));
      unitRecords(unit, desired.changesFrom(units.get(unit), AT));
    }
    // published when changed, as the operator does: the model may hand them on at once
    List<RelationSide> sides = RemoteSides.own(operator, app.value());
    if (!sides.equals(published)) {
      published = sides;
      model.accept(sides);
    }
  }

  /** An application of the given number of units, settled, the hooks they ran so far forgotten. */
  SimulatedApp settled(int units) {
    for (int ordinal = 0; ordinal < units; ordinal++) add(ordinal);
    settle();
    for (UnitId unit : this.units.keySet()) ran(unit);
    return this;
  }

  UnitId add(int ordinal) {
    UnitId unit = new UnitId(app, ordinal);
    journals.put(unit, new ArrayList<>());
    units.put(unit, UnitState.initial(unit));
    ran.put(unit, new ArrayList<>());
    operatorRecords(
        List.of(new OperatorEvent.UnitsUpdated(new TreeMap<>(Map.of(unit, Life.ALIVE)), AT)));
    reconcile();
    return unit;
  }

  void dying(UnitId unit) {
    operatorRecords(
        List.of(new OperatorEvent.UnitsUpdated(new TreeMap<>(Map.of(unit, Life.DYING)), AT)));
    reconcile();
  }

  /** Starts the unit's next hook (HookStarted journaled), if it has one. */
  PlannedHook start(UnitId unit) {
    if (!(UnitResolver.next(units.get(unit), UnitResolver.Activity.IDLE)
        instanceof UnitResolver.Next.Run run)) return null;
    unitRecords(unit, List.of(new UnitEvent.HookStarted(run.hook(), run.attempt(), "ctx", AT)));
    return run.hook();
  }

  /** Starts an update-status hook on the unit, one that may write its databags. */
  void startsUpdateStatus(UnitId unit) {
    unitRecords(
        unit,
        List.of(
            new UnitEvent.HookStarted(PlannedHook.of(HookKind.UPDATE_STATUS, 1, 1), 1, "c", AT)));
  }

  /** Runs an update-status hook on the unit that writes its databags, as relation-set does. */
  void writesInAHook(UnitId unit, UnitEvent.RelationSettingsWritten write) {
    startsUpdateStatus(unit);
    complete(unit, List.of(write));
  }

  /**
   * The running hook's relation-set writes so far, by unit: held with the hook, as the actor's
   * {@code HookWrites} are, journaled with its completion and dropped when it fails ({@code
   * DatabagWritesActorTest} shows the actor journals none of a failed hook's writes).
   */
  final Map<UnitId, List<UnitEvent.RelationSettingsWritten>> staged = new TreeMap<>();

  /** The unit's running hook calls relation-set. */
  void writes(UnitId unit, UnitEvent.RelationSettingsWritten write) {
    staged.computeIfAbsent(unit, u -> new ArrayList<>()).add(write);
  }

  /** The unit's running hook exits non-zero: its failure is journaled, its writes dropped. */
  void fails(UnitId unit) {
    PlannedHook hook = units.get(unit).running().hook();
    staged.remove(unit);
    unitRecords(unit, List.of(new UnitEvent.HookFailed(hook.name(), 1, "exit status 1", 1, AT)));
    ran.get(unit).add(label(hook) + " (failed)");
    hooksRun++;
    reconcile();
  }

  /** The failed hook's retry is due and starts (HookStarted journaled). */
  void retries(UnitId unit) {
    if (!(UnitResolver.next(
            units.get(unit), new UnitResolver.Activity(false, false, false, true, false))
        instanceof UnitResolver.Next.Run run))
      throw new AssertionError(unit + " has no failed hook to retry");
    unitRecords(unit, List.of(new UnitEvent.HookStarted(run.hook(), run.attempt(), "ctx", AT)));
  }

  /** Completes the unit's running hook with its databag writes, as the actor journals them. */
  void complete(UnitId unit, List<UnitEvent.RelationSettingsWritten> writes) {
    PlannedHook hook = units.get(unit).running().hook();
    List<UnitEvent> completion = new ArrayList<>(staged.getOrDefault(unit, List.of()));
    staged.remove(unit);
    completion.addAll(writes);
    completion.add(new UnitEvent.HookCompleted(hook.name(), 1, AT));
    unitRecords(unit, completion);
    ran.get(unit).add(label(hook));
    hooksRun++;
    if (hook.kind() == HookKind.REMOVE) {
      operatorRecords(List.of(new OperatorEvent.UnitRemoved(unit, AT)));
    }
    reconcile();
  }

  /** Units take turns, one hook each, until none has anything to do. */
  void settle() {
    for (int i = 0; i < 200; i++) {
      boolean any = false;
      for (UnitId unit : new ArrayList<>(units.keySet())) {
        if (units.get(unit).isDead()) continue;
        if (start(unit) != null) {
          complete(unit, List.of());
          any = true;
        }
      }
      if (!any) return;
    }
    throw new AssertionError("never settles: " + ran);
  }

  List<String> ran(UnitId unit) {
    List<String> hooks = new ArrayList<>(ran.get(unit));
    ran.get(unit).clear();
    return hooks;
  }

  UnitState recovered(UnitId unit) {
    UnitState s = UnitState.initial(unit);
    for (UnitEvent e : journals.get(unit)) s = s.apply(e);
    return s;
  }

  static String label(PlannedHook hook) {
    if (!(hook instanceof PlannedHook.Relation relationHook)) return hook.name();
    RelationHook relation = relationHook.relation();
    String remote = relation.remoteUnit().isEmpty() ? "app" : relation.remoteUnit();
    return hook.name()
        + (hook.kind() == HookKind.RELATION_CREATED || hook.kind() == HookKind.RELATION_BROKEN
            ? ""
            : " " + remote)
        + (relation.departingUnit().isEmpty()
            ? ""
            : " (departing " + relation.departingUnit() + ")");
  }
}
