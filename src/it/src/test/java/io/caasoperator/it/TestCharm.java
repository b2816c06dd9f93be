package io.caasoperator.it;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
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
    try {
      Files.createDirectories(dir.resolve("hooks"));
      Files.writeString(
          dir.resolve("metadata.yaml"),
          """
                    name: %s
                    summary: written by the integration tests
                    containers:
                      web: {}
                    """
              .formatted(name));
      Files.writeString(
          dir.resolve("config.yaml"),
          """
                    options:
                      greeting:
                        type: string
                        default: hi
                      port:
                        type: int
                        default: 8080
                    """);
      for (String hook : HOOKS) {
        Path file = dir.resolve("hooks").resolve(hook);
        Files.writeString(file, script(hook));
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
      }
      return dir;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the test charm into " + dir, e);
    }
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
