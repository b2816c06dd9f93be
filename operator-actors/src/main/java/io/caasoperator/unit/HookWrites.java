package io.caasoperator.unit;

import io.caasoperator.persistence.UnitEvent.RelationSettingsWritten;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The relation databag writes of the running hook, by relation id: what its later tool calls read
 * back, journaled with its {@code HookCompleted} (one write, all or nothing) and dropped when it
 * fails, as Juju flushes a hook context's relation settings only when the hook succeeds ({@code
 * internal/worker/uniter/runner/context/context.go}, {@code Flush}). Not journaled before: a crash
 * runs the hook again, and it writes again.
 */
record HookWrites(Map<Long, RelationSettingsWritten> byRelation) {
  static final HookWrites NONE = new HookWrites(Map.of());

  HookWrites {
    byRelation = Map.copyOf(byRelation);
  }

  /** With {@code write}: the databags it changed replace what was written before. */
  HookWrites with(RelationSettingsWritten write) {
    TreeMap<Long, RelationSettingsWritten> next = new TreeMap<>(byRelation);
    RelationSettingsWritten before = byRelation.get(write.relationId());
    next.put(
        write.relationId(),
        before == null
            ? write
            : new RelationSettingsWritten(
                write.relationId(),
                write.unitSettings() != null ? write.unitSettings() : before.unitSettings(),
                write.applicationSettings() != null
                    ? write.applicationSettings()
                    : before.applicationSettings(),
                write.at()));
    return new HookWrites(next);
  }

  /** The events to journal with the hook's completion, in relation id order. */
  List<RelationSettingsWritten> events() {
    return new TreeMap<>(byRelation).values().stream().toList();
  }
}
