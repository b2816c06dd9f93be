package io.caasoperator.hooktool;

import io.caasoperator.domain.Status;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A change a hook tool asks for. {@code HookTools} only describes it; the unit's actor persists it
 * (as an event) and applies it, so a crash never loses or half-applies a tool's write. Records are
 * named in the past tense because they become journal events unchanged.
 */
public sealed interface ToolEffect {

  /**
   * What the action tools ({@code action-set}, {@code action-log}, {@code action-fail}) record for
   * the running action.
   */
  sealed interface ActionEffect extends ToolEffect {}

  /** {@code status-set}: the unit's workload status; {@code since} is the call's time. */
  record WorkloadStatusSet(Status status) implements ToolEffect {
    public WorkloadStatusSet {
      Objects.requireNonNull(status, "status");
    }
  }

  /** {@code status-set --application}: allowed to the leader only. */
  record ApplicationStatusSet(Status status) implements ToolEffect {
    public ApplicationStatusSet {
      Objects.requireNonNull(status, "status");
    }
  }

  /**
   * {@code leader-set}: the keys to change, in the order given; as in Juju a key with an empty
   * value is deleted.
   */
  record LeaderSettingsSet(Map<String, String> changes) implements ToolEffect {
    public LeaderSettingsSet {
      changes = Collections.unmodifiableMap(new LinkedHashMap<>(changes));
    }
  }

  /** {@code state-set}: one key of this unit's charm state. */
  record CharmStateSet(String key, String value) implements ToolEffect {
    public CharmStateSet {
      Objects.requireNonNull(key, "key");
      Objects.requireNonNull(value, "value");
    }
  }

  /** {@code state-delete}: a key removed from this unit's charm state (absent keys too). */
  record CharmStateDeleted(String key) implements ToolEffect {
    public CharmStateDeleted {
      Objects.requireNonNull(key, "key");
    }
  }

  /** {@code open-port}. */
  record PortOpened(Port port) implements ToolEffect {
    public PortOpened {
      Objects.requireNonNull(port, "port");
    }
  }

  /** {@code close-port}. */
  record PortClosed(Port port) implements ToolEffect {
    public PortClosed {
      Objects.requireNonNull(port, "port");
    }
  }

  /**
   * {@code storage-add}: {@code count} more instances of the charm's storage {@code storage} for
   * {@code unit}, recorded by the operator (which gives every unit its storage).
   */
  record StorageAdded(io.caasoperator.domain.UnitId unit, String storage, int count)
      implements ToolEffect {
    public StorageAdded {
      Objects.requireNonNull(unit, "unit");
      Objects.requireNonNull(storage, "storage");
      if (count < 1) throw new IllegalArgumentException("count must be > 0, got " + count);
    }
  }

  /**
   * {@code relation-set}: relation {@code relationId}'s databag, this unit's or (the leader's
   * {@code --app}) the application's, whole after the call. Visible to other units once the hook
   * completes.
   */
  record RelationSettingsSet(long relationId, boolean application, Map<String, String> settings)
      implements ToolEffect {
    public RelationSettingsSet {
      settings = Map.copyOf(settings);
    }
  }

  /** {@code application-version-set}. */
  record WorkloadVersionSet(String version) implements ToolEffect {
    public WorkloadVersionSet {
      Objects.requireNonNull(version, "version");
    }
  }

  /**
   * {@code juju-log}: a line for the unit's log.
   *
   * @param level TRACE, DEBUG, INFO, WARNING, ERROR or CRITICAL
   */
  record Logged(String level, String message) implements ToolEffect {
    public Logged {
      Objects.requireNonNull(level, "level");
      Objects.requireNonNull(message, "message");
    }
  }

  /**
   * {@code action-set}: results to merge into the action's results; dotted keys are already nested
   * ({@code a.b=1} is {@code {"a": {"b": "1"}}}), leaves are strings.
   */
  record ActionResultSet(Map<String, Object> nested) implements ActionEffect {
    public ActionResultSet {
      nested = Collections.unmodifiableMap(new LinkedHashMap<>(nested));
    }
  }

  /** {@code action-log}: a progress message shown to whoever runs the action. */
  record ActionLogged(String message) implements ActionEffect {
    public ActionLogged {
      Objects.requireNonNull(message, "message");
    }
  }

  /**
   * A {@code secret-*} tool's change, pending until the hook completes (Juju flushes secret changes
   * with the hook's other changes, only when it succeeded).
   */
  record SecretChanged(io.caasoperator.secret.SecretChange change) implements ToolEffect {
    public SecretChanged {
      Objects.requireNonNull(change, "change");
    }
  }

  /** {@code action-fail}: the action fails with this message once its hook ends. */
  record ActionFailed(String message) implements ActionEffect {
    public ActionFailed {
      Objects.requireNonNull(message, "message");
    }
  }
}
