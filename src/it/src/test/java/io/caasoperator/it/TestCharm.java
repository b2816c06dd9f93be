package io.caasoperator.it;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A charm written for a test: every hook first appends {@code "$JUJU_HOOK_NAME"} to {@code
 * $HOME/hooks.log} (the unit's directory), so a hook that is interrupted still leaves its line.
 * Variants change what some hooks do after that:
 *
 * <ul>
 *   <li>{@link #failing}: the hook exits 1;
 *   <li>{@link #blocking}: the hook waits until the test creates {@code $HOME/release-<hook>}
 *       (bounded to 5 minutes so a leaked hook process ends by itself).
 * </ul>
 *
 * The charm has one container, {@code web}, and two options: {@code greeting} (string, default
 * {@code hi}) and {@code port} (int, default 8080).
 */
final class TestCharm {

  /** Every hook the operator may run for this charm. */
  static final List<String> HOOKS =
      List.of(
          "install",
          "leader-elected",
          "leader-settings-changed",
          "config-changed",
          "start",
          "web-pebble-ready",
          "upgrade-charm",
          "update-status",
          "stop",
          "remove");

  private final String name;
  private final Set<String> failing;
  private final Set<String> blocking;
  private final String revision;

  private TestCharm(String name, Set<String> failing, Set<String> blocking, String revision) {
    this.name = name;
    this.failing = failing;
    this.blocking = blocking;
    this.revision = revision;
  }

  /** A charm whose hooks only record themselves. */
  static TestCharm named(String name) {
    return new TestCharm(name, Set.of(), Set.of(), "1");
  }

  /** The same charm, with {@code hook} exiting 1. */
  TestCharm failing(String hook) {
    Set<String> hooks = new TreeSet<>(failing);
    hooks.add(hook);
    return new TestCharm(name, Set.copyOf(hooks), blocking, revision);
  }

  /** The same charm, with {@code hook} waiting for {@code $HOME/release-<hook>}. */
  TestCharm blocking(String hook) {
    Set<String> hooks = new TreeSet<>(blocking);
    hooks.add(hook);
    return new TestCharm(name, failing, Set.copyOf(hooks), revision);
  }

  /** The same behaviour with different hook file contents, so the charm's hash changes. */
  TestCharm revision(String revision) {
    return new TestCharm(name, failing, blocking, revision);
  }

  /** Writes (or overwrites) the charm into {@code dir}; returns {@code dir}. */
  Path writeTo(Path dir) {
    Map<String, String> hooks = new LinkedHashMap<>();
    for (String hook : HOOKS) hooks.put("hooks/" + hook, script(hook));
    return ScriptCharm.write(dir, name, hooks);
  }

  private String script(String hook) {
    StringBuilder script =
        new StringBuilder(
            """
                #!/bin/sh
                # test charm revision %s
                echo "$JUJU_HOOK_NAME" >> "$HOME/hooks.log"
                """
                .formatted(revision));
    if (blocking.contains(hook)) {
      script.append(
          """
                    n=0
                    while [ ! -e "$HOME/release-$JUJU_HOOK_NAME" ] && [ "$n" -lt 3000 ]; do
                      sleep 0.1
                      n=$((n + 1))
                    done
                    """);
    }
    script.append(failing.contains(hook) ? "exit 1\n" : "exit 0\n");
    return script.toString();
  }
}
