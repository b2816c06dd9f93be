package io.caasoperator.pebble.plan;

import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Where and as whom a process runs: environment, user and group (by id or name) and working
 * directory. Shared by services, exec checks and exec requests ({@code plan.ContextOptions}); ""
 * and empty mean unset.
 */
public record RunContext(
    Map<String, String> environment,
    Optional<Integer> userId,
    String user,
    Optional<Integer> groupId,
    String group,
    String workingDir) {

  public static final RunContext EMPTY =
      new RunContext(Map.of(), Optional.empty(), "", Optional.empty(), "", "");

  public RunContext {
    environment = java.util.Collections.unmodifiableMap(new TreeMap<>(environment));
  }

  /**
   * Pebble's merge: environment key by key, every other field replaced when {@code over} sets it.
   */
  public RunContext merge(RunContext over) {
    return new RunContext(
        LayerMerge.keyByKey(environment, over.environment),
        over.userId.or(() -> userId),
        over.user.isEmpty() ? user : over.user,
        over.groupId.or(() -> groupId),
        over.group.isEmpty() ? group : over.group,
        over.workingDir.isEmpty() ? workingDir : over.workingDir);
  }
}
