package io.caasoperator.substrate.local.workload;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Whether bubblewrap can make the unit's view here: it is installed, and the kernel lets this user
 * make a mount namespace (unprivileged user namespaces). Asked once at start-up; the answer names
 * what is missing, so a user knows to install a package or use {@code --pebble=off}.
 */
public final class Bubblewrap {
  private Bubblewrap() {}

  /**
   * Why bubblewrap cannot be used, or empty when a trial run of {@code true} in the view worked.
   */
  public static Optional<String> problem(MountNamespace namespace) {
    List<String> argv = namespace.wrap(List.of("true"), Map.of());
    Process process;
    try {
      process = new ProcessBuilder(argv).redirectErrorStream(true).start();
    } catch (IOException e) {
      return Optional.of(
          "bubblewrap (bwrap) is not installed: install the \"bubblewrap\" package, or run with"
              + " --pebble=off (no Pebble: charms cannot connect to their containers)");
    }
    try {
      process.getOutputStream().close();
      String output =
          new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
      if (!process.waitFor(30, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        return Optional.of("bubblewrap did not finish a trial run in 30 s");
      }
      return process.exitValue() == 0
          ? Optional.empty()
          : Optional.of(
              "bubblewrap cannot make a mount namespace here ("
                  + output
                  + "): the kernel must allow unprivileged user namespaces (sysctl kernel.unprivileged_userns_clone=1,"
                  + " or on Ubuntu 24.04 an AppArmor profile for bwrap), or run with --pebble=off");
    } catch (IOException e) {
      return Optional.of("bubblewrap trial run failed: " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Optional.of("interrupted while trying bubblewrap");
    }
  }
}
