package io.caasoperator.pebble;

import io.caasoperator.pebble.events.PebbleListener;
import io.caasoperator.pebble.files.DirectoryPathMapper;
import io.caasoperator.pebble.files.PathMapper;
import io.caasoperator.pebble.process.LocalProcessLauncher;
import io.caasoperator.pebble.process.ProcessEnvironment;
import io.caasoperator.pebble.process.ProcessLauncher;
import io.caasoperator.pebble.timers.SystemTimers;
import io.caasoperator.pebble.timers.Timers;
import io.caasoperator.pebble.users.UserDatabase;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Everything one Pebble depends on, checked at once (every missing piece named in one error).
 *
 * @param socketPath the Unix socket it listens on ({@code .../pebble.socket}); its directory must
 *     exist
 * @param paths container paths to host paths (files, working directories)
 * @param clock times shown by the API and given to the listener
 * @param listener told what to journal
 * @param timers okay delay, backoff, kill delay, check periods
 * @param launcher starts services, commands and exec checks in their own process group
 * @param users the container's users and groups ({@code user:}, {@code group:}, file owners)
 * @param environment the container's base environment; the operator's own is never passed on
 * @param version what {@code /v1/system-info} reports as the Pebble version
 */
public record PebbleOptions(
    Path socketPath,
    PathMapper paths,
    Clock clock,
    PebbleListener listener,
    Timers timers,
    ProcessLauncher launcher,
    UserDatabase users,
    Map<String, String> environment,
    String version) {

  /** The Pebble version ops sees; one that knows every endpoint this module serves. */
  public static final String DEFAULT_VERSION = "1.10.2";

  public PebbleOptions {
    List<String> problems = new ArrayList<>();
    missing(problems, "socketPath", socketPath);
    if (socketPath != null && !socketPath.isAbsolute()) {
      problems.add("socketPath must be absolute, not \"" + socketPath + "\"");
    }
    missing(problems, "paths", paths);
    missing(problems, "clock", clock);
    missing(problems, "listener", listener);
    missing(problems, "timers", timers);
    missing(problems, "launcher", launcher);
    missing(problems, "users", users);
    missing(problems, "environment", environment);
    if (version == null || version.isBlank()) {
      problems.add("version is missing");
    }
    if (!problems.isEmpty()) {
      throw new IllegalArgumentException("invalid Pebble options: " + String.join("; ", problems));
    }
    environment = Map.copyOf(environment);
  }

  private static void missing(List<String> problems, String name, Object value) {
    if (value == null) {
      problems.add(name + " is missing");
    }
  }

  /**
   * A Pebble for one (unit, container) on this machine: wall-clock timers, local processes, this
   * machine's users, a base environment of PATH and LANG.
   */
  public static PebbleOptions local(
      Path socketPath, Path containerRoot, Clock clock, PebbleListener listener) {
    return new PebbleOptions(
        socketPath,
        new DirectoryPathMapper(containerRoot),
        clock,
        listener,
        new SystemTimers(),
        new LocalProcessLauncher(),
        UserDatabase.system(),
        Map.of("PATH", ProcessEnvironment.DEFAULT_PATH, "LANG", "C.UTF-8"),
        DEFAULT_VERSION);
  }

  public PebbleOptions withTimers(Timers next) {
    return new PebbleOptions(
        socketPath, paths, clock, listener, next, launcher, users, environment, version);
  }

  /** The same Pebble with another container filesystem and the launcher of its processes. */
  public PebbleOptions withContainer(PathMapper nextPaths, ProcessLauncher nextLauncher) {
    return new PebbleOptions(
        socketPath, nextPaths, clock, listener, timers, nextLauncher, users, environment, version);
  }

  public PebbleOptions withEnvironment(Map<String, String> next) {
    return new PebbleOptions(
        socketPath, paths, clock, listener, timers, launcher, users, next, version);
  }
}
