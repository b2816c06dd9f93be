package io.caasoperator.hooktool;

import java.util.List;
import java.util.Objects;

/**
 * What one hook-tool call gives back: what the shim prints and exits with, and the changes the
 * actor must persist before answering (so a tool that returned 0 has really written).
 *
 * @param exitCode 0 on success, 1 when the tool failed, 2 for a usage error (as Juju's tools)
 * @param stdout printed on the tool's standard output
 * @param stderr printed on its standard error; Juju style {@code ERROR <message>} on failure
 * @param effects changes to persist, in order; empty when the call failed
 */
public record ToolOutcome(int exitCode, String stdout, String stderr, List<ToolEffect> effects) {

  public ToolOutcome {
    Objects.requireNonNull(stdout, "stdout");
    Objects.requireNonNull(stderr, "stderr");
    effects = List.copyOf(effects);
    if (exitCode < 0 || exitCode > 255) {
      throw new IllegalArgumentException("exit code must be 0..255, got " + exitCode);
    }
  }

  public static ToolOutcome printed(String stdout) {
    return new ToolOutcome(0, stdout, "", List.of());
  }

  public static ToolOutcome applied(List<ToolEffect> effects) {
    return new ToolOutcome(0, "", "", effects);
  }

  public static ToolOutcome failed(int exitCode, String message) {
    return new ToolOutcome(exitCode, "", "ERROR " + message + "\n", List.of());
  }

  public boolean succeeded() {
    return exitCode == 0;
  }
}
