package io.caasoperator.unit;

import io.caasoperator.action.ActionRun;
import io.caasoperator.domain.CharmStorage;
import io.caasoperator.domain.Status;
import io.caasoperator.domain.UnitAddresses;
import io.caasoperator.domain.UnitId;
import io.caasoperator.hook.RunningAction;
import io.caasoperator.hooktool.PeerUnit;
import io.caasoperator.hooktool.Port;
import io.caasoperator.hooktool.RelationView;
import io.caasoperator.hooktool.ToolContext;
import io.caasoperator.persistence.ApplicationRelations;
import io.caasoperator.persistence.HookKind;
import io.caasoperator.persistence.PlannedHook;
import io.caasoperator.persistence.RelationHook;
import io.caasoperator.persistence.UnitEvent;
import io.caasoperator.persistence.UnitRelations;
import io.caasoperator.persistence.UnitState;
import io.caasoperator.secret.SecretBook;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What a hook tool sees: the unit's own state, the operator's snapshot of the application and the
 * application's secrets with this context's pending changes.
 *
 * @param staged by relation id, the databag writes of the running hook, which become the unit's
 *     (and visible to others) only when it completes
 */
record UnitToolContext(
    UnitState state,
    ApplicationSnapshot app,
    String hook,
    ActionRun running,
    Map<Long, UnitEvent.RelationSettingsWritten> staged,
    SecretBook secrets)
    implements ToolContext {

  UnitToolContext {
    staged = Map.copyOf(staged);
  }

  UnitToolContext(
      UnitState state,
      ApplicationSnapshot app,
      String hook,
      ActionRun running,
      Map<Long, UnitEvent.RelationSettingsWritten> staged) {
    this(state, app, hook, running, staged, SecretBook.NONE);
  }

  @Override
  public UnitId unit() {
    return state.unit();
  }

  @Override
  public String modelName() {
    return app.modelName();
  }

  @Override
  public Optional<String> hookName() {
    return Optional.ofNullable(hook);
  }

  @Override
  public boolean isLeader() {
    return state.assigned().leader();
  }

  @Override
  public Status unitStatus() {
    return state.statuses().workload();
  }

  @Override
  public Status applicationStatus() {
    return app.applicationStatus();
  }

  @Override
  public Map<String, Object> config() {
    return app.config();
  }

  @Override
  public Map<String, String> leaderSettings() {
    return app.leaderSettings();
  }

  @Override
  public Map<String, String> charmState() {
    return state.charmData().state();
  }

  @Override
  public Set<Port> openedPorts() {
    Set<Port> ports = new TreeSet<>();
    for (String port : state.charmData().ports()) ports.add(Port.parse(port));
    return ports;
  }

  @Override
  public String workloadVersion() {
    return app.workloadVersion();
  }

  @Override
  public List<PeerUnit> units() {
    return app.units();
  }

  @Override
  public UnitAddresses addresses() {
    return app.addresses();
  }

  @Override
  public Map<String, UnitState.StorageInstance> storage() {
    Map<String, UnitState.StorageInstance> present = new TreeMap<>(state.storage().instances());
    present.keySet().removeAll(state.storage().detached());
    return present;
  }

  @Override
  public Optional<String> hookStorage() {
    return state.running() != null && state.running().hook() instanceof PlannedHook.Storage hook
        ? Optional.of(hook.storage().id())
        : Optional.empty();
  }

  @Override
  public Map<String, CharmStorage> charmStorage() {
    return state.assigned().charm() == null ? Map.of() : state.assigned().charm().storage();
  }

  @Override
  public boolean canAddStorage() {
    return app.canAddStorage();
  }

  @Override
  public Map<String, String> resources() {
    return app.resources();
  }

  @Override
  public Map<Long, RelationView> relations() {
    Map<Long, RelationView> views = new TreeMap<>();
    for (ApplicationRelations.Relation relation : app.relations()) {
      // a relation being removed is the unit's until its relation-broken completed (or, never seen
      // created, not at all)
      if (relation.removed() && !state.relations().local(relation.id()).created()) continue;
      views.put(relation.id(), view(relation));
    }
    return views;
  }

  @Override
  public Optional<RelationHook> hookRelation() {
    return state.running() != null && state.running().hook() instanceof PlannedHook.Relation hook
        ? Optional.of(hook.relation())
        : Optional.empty();
  }

  /**
   * The relation as this context sees it. The unit's own databags come from, newest first: this
   * hook's writes, the unit's journal (a completed write the operator has not recorded yet), the
   * operator's journal.
   */
  private RelationView view(ApplicationRelations.Relation relation) {
    String self = unit().name();
    long applied = relation.appliedWrites().getOrDefault(self, 0L);
    UnitRelations.OwnSettings own = state.relations().written().get(relation.id());
    UnitEvent.RelationSettingsWritten hookWrites = staged.get(relation.id());
    Map<String, Map<String, String>> bags = new TreeMap<>();
    relation.departedUnits().forEach((name, bag) -> bags.put(name, bag.settings()));
    relation.remoteUnits().forEach((name, bag) -> bags.put(name, bag.settings()));
    relation.units().forEach((name, bag) -> bags.put(name, bag.settings()));
    bags.putIfAbsent(self, Map.of());
    if (own != null && own.unit() != null && own.unitSequence() > applied)
      bags.put(self, own.unit());
    if (hookWrites != null && hookWrites.unitSettings() != null)
      bags.put(self, hookWrites.unitSettings());
    Map<String, String> application = relation.application().settings();
    if (own != null && own.application() != null && own.applicationSequence() > applied)
      application = own.application();
    if (hookWrites != null && hookWrites.applicationSettings() != null)
      application = hookWrites.applicationSettings();
    return new RelationView(
        relation.id(),
        relation.endpoint(),
        relation.remoteApplication(),
        members(relation.id()),
        bags,
        application,
        relation.crossApplication(),
        relation.remoteApplicationBag().settings(),
        hookRelation()
            .filter(
                h ->
                    h.relationId() == relation.id()
                        && state.running().hook().kind() == HookKind.RELATION_BROKEN)
            .isPresent());
  }

  /** Juju's context relation units: those joined, with a joining one, without a departing one. */
  private List<String> members(long id) {
    TreeSet<String> members = new TreeSet<>(state.relations().local(id).members().keySet());
    RelationHook hook = hookRelation().filter(h -> h.relationId() == id).orElse(null);
    if (hook != null && state.running().hook().kind() == HookKind.RELATION_JOINED)
      members.add(hook.remoteUnit());
    if (hook != null && state.running().hook().kind() == HookKind.RELATION_DEPARTED)
      members.remove(hook.remoteUnit());
    return List.copyOf(members);
  }

  @Override
  public Optional<RunningAction> action() {
    return Optional.ofNullable(running).map(a -> new RunningAction(a.name(), a.params()));
  }
}
