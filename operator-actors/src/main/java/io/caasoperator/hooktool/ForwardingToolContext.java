package io.caasoperator.hooktool;

import io.caasoperator.domain.ApplicationName;
import io.caasoperator.domain.CharmStorage;
import io.caasoperator.domain.Status;
import io.caasoperator.domain.UnitAddresses;
import io.caasoperator.domain.UnitId;
import io.caasoperator.hook.RunningAction;
import io.caasoperator.persistence.RelationHook;
import io.caasoperator.persistence.UnitState;
import io.caasoperator.secret.SecretBook;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A context that answers every read from {@link #delegate()}: for a context that withholds or
 * replaces a few of another's answers, overriding only those.
 */
public interface ForwardingToolContext extends ToolContext {

  /** The context that answers what this one does not override. */
  ToolContext delegate();

  @Override
  default UnitId unit() {
    return delegate().unit();
  }

  @Override
  default ApplicationName application() {
    return delegate().application();
  }

  @Override
  default String modelName() {
    return delegate().modelName();
  }

  @Override
  default Optional<String> hookName() {
    return delegate().hookName();
  }

  @Override
  default boolean isLeader() {
    return delegate().isLeader();
  }

  @Override
  default Status unitStatus() {
    return delegate().unitStatus();
  }

  @Override
  default Map<String, Object> unitStatusData() {
    return delegate().unitStatusData();
  }

  @Override
  default Status applicationStatus() {
    return delegate().applicationStatus();
  }

  @Override
  default Map<String, Object> applicationStatusData() {
    return delegate().applicationStatusData();
  }

  @Override
  default Map<String, Object> config() {
    return delegate().config();
  }

  @Override
  default Map<String, String> leaderSettings() {
    return delegate().leaderSettings();
  }

  @Override
  default Map<String, String> charmState() {
    return delegate().charmState();
  }

  @Override
  default Set<Port> openedPorts() {
    return delegate().openedPorts();
  }

  @Override
  default String workloadVersion() {
    return delegate().workloadVersion();
  }

  @Override
  default List<PeerUnit> units() {
    return delegate().units();
  }

  @Override
  default UnitAddresses addresses() {
    return delegate().addresses();
  }

  @Override
  default Map<String, UnitState.StorageInstance> storage() {
    return delegate().storage();
  }

  @Override
  default Optional<String> hookStorage() {
    return delegate().hookStorage();
  }

  @Override
  default Map<String, CharmStorage> charmStorage() {
    return delegate().charmStorage();
  }

  @Override
  default boolean canAddStorage() {
    return delegate().canAddStorage();
  }

  @Override
  default Map<String, String> resources() {
    return delegate().resources();
  }

  @Override
  default Map<Long, RelationView> relations() {
    return delegate().relations();
  }

  @Override
  default Optional<RelationHook> hookRelation() {
    return delegate().hookRelation();
  }

  @Override
  default SecretBook secrets() {
    return delegate().secrets();
  }

  @Override
  default Optional<RunningAction> action() {
    return delegate().action();
  }
}
