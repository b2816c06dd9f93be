package io.caasoperator.pebble.process;

import java.io.IOException;
import java.util.Optional;

/**
 * Starts a process in its own session and process group (its pid is the group id), as Pebble starts
 * services and commands ({@code Setpgid}/{@code Setsid}). The one seam where a later step wraps
 * processes into the unit's mount namespace.
 */
public interface ProcessLauncher {
  /**
   * @throws IOException when the process cannot start (missing executable, bad working directory)
   */
  Process launch(LaunchSpec spec) throws IOException;

  /**
   * exec.LookPath: where {@code name} is found on {@code path} (a name with a slash stands for
   * itself).
   */
  Optional<String> lookPath(String name, String path);

  /**
   * Sends {@code signal} to a process this launcher started, as Pebble does to a service or an
   * exec'd command (its own pid). A launcher that puts a wrapper between (a mount namespace) sends
   * it where the command is.
   *
   * @throws IllegalStateException when the signal cannot be sent
   */
  default void signal(Process process, int signal) {
    Signals.toProcess(process.pid(), signal);
  }
}
