package io.caasoperator.unit;

import io.caasoperator.domain.CharmStorage;
import io.caasoperator.domain.Status;
import io.caasoperator.domain.UnitId;
import io.caasoperator.hooktool.PeerUnit;
import io.caasoperator.hooktool.Port;
import io.caasoperator.hooktool.RunningAction;
import io.caasoperator.hooktool.ToolContext;
import io.caasoperator.persistence.UnitState;
import io.caasoperator.secret.SecretBook;
import io.caasoperator.substrate.UnitAddresses;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What a hook tool sees: the unit's own state, the operator's snapshot of the application and the
 * application's secrets with this context's pending changes.
 */
record UnitToolContext(UnitState state, ApplicationSnapshot app, String hook, ActionRun running, SecretBook secrets)
    implements ToolContext {

  UnitToolContext(UnitState state, ApplicationSnapshot app, String hook, ActionRun running) {
    this(state, app, hook, running, SecretBook.NONE);
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
    return state.running() == null || state.running().hook().storage() == null
        ? Optional.empty() : Optional.of(state.running().hook().storage().id());
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
  public Optional<RunningAction> action() {
    return Optional.ofNullable(running).map(a -> new RunningAction(a.name(), a.params()));
  }
}
