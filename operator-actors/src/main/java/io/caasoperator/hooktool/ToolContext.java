package io.caasoperator.hooktool;

import io.caasoperator.domain.ApplicationName;
import io.caasoperator.domain.CharmStorage;
import io.caasoperator.domain.Status;
import io.caasoperator.domain.UnitAddresses;
import io.caasoperator.domain.UnitId;
import io.caasoperator.hook.RunningAction;
import io.caasoperator.persistence.UnitState;
import io.caasoperator.secret.SecretBook;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What hook tools read: a read-only snapshot of one running hook or exec context, taken by the
 * actor that owns the unit. {@code HookTools} never changes it; writes come back as {@link
 * ToolEffect}s for the actor to persist and fold into the next snapshot, so a tool that reads after
 * a write in the same hook sees it once the actor has applied the effect.
 *
 * <p>Maps may hold {@code null} values (a config option without a default); implementations should
 * return unmodifiable views.
 */
public interface ToolContext {

  /** The unit the hook runs for ({@code JUJU_UNIT_NAME}). */
  UnitId unit();

  /** The unit's application. */
  default ApplicationName application() {
    return unit().application();
  }

  /** {@code JUJU_MODEL_NAME}. */
  String modelName();

  /** The running hook, such as {@code config-changed}; empty for an exec or an action. */
  Optional<String> hookName();

  /** Whether this unit is the application's leader now. */
  boolean isLeader();

  /** The unit's workload status. */
  Status unitStatus();

  /** Data attached to the unit's workload status ({@code status-get --include-data}). */
  default Map<String, Object> unitStatusData() {
    return Map.of();
  }

  /** The application status, readable and settable by the leader only. */
  Status applicationStatus();

  /** Data attached to the application status. */
  default Map<String, Object> applicationStatusData() {
    return Map.of();
  }

  /**
   * The effective charm config: defaults overlaid with the user's values; values are String,
   * Integer, Long, Double or Boolean, {@code null} for an option with neither.
   */
  Map<String, Object> config();

  /** Leader settings ({@code leader-get}); shared by all units of the application. */
  Map<String, String> leaderSettings();

  /** This unit's charm state ({@code state-get}); the ops framework keeps its store here. */
  Map<String, String> charmState();

  /** Ports this unit has opened. */
  Set<Port> openedPorts();

  /** The workload version last set with {@code application-version-set}; empty when never set. */
  String workloadVersion();

  /** Every unit of the application, this one included. */
  List<PeerUnit> units();

  /**
   * The unit's addresses as its substrate knows them now: {@code unit-get} and {@code network-get}.
   */
  UnitAddresses addresses();

  /**
   * The unit's storage instances ({@code storage-list}, {@code storage-get}), by id: every instance
   * it was given and has not detached.
   */
  default Map<String, UnitState.StorageInstance> storage() {
    return Map.of();
  }

  /**
   * The storage instance of the running storage hook ({@code storage-get}'s default {@code -s}).
   */
  default Optional<String> hookStorage() {
    return Optional.empty();
  }

  /**
   * The storage the unit's charm declares, by name ({@code storage-add} adds instances of these).
   */
  default Map<String, CharmStorage> charmStorage() {
    return Map.of();
  }

  /** Whether {@code storage-add} may add instances where this unit lives. */
  default boolean canAddStorage() {
    return true;
  }

  /** The application's file resources: name to the file's path ({@code resource-get}). */
  default Map<String, String> resources() {
    return Map.of();
  }

  /** The unit's relations ({@code relation-*} tools), by id. */
  default Map<Long, RelationView> relations() {
    return Map.of();
  }

  /**
   * The relation of the running relation hook, with its remote unit and application (the default of
   * {@code -r} and of {@code relation-get}'s unit); empty outside relation hooks.
   */
  default Optional<io.caasoperator.persistence.RelationHook> hookRelation() {
    return Optional.empty();
  }

  /**
   * The application's secrets as this context sees them: committed, with its own pending changes
   * ({@code secret-*}); {@link SecretBook#NONE} where there is no secret store.
   */
  default SecretBook secrets() {
    return SecretBook.NONE;
  }

  /** The action this context runs; empty for hooks and exec. */
  Optional<RunningAction> action();
}
