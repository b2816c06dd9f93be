package io.caasoperator.app.juju;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** {@code --reset k1,k2} of {@code config} and {@code model-config}. */
final class ResetOption {
  @Option(
      names = "--reset",
      paramLabel = "KEY[,KEY...]",
      split = ",",
      description = "Reset to defaults.")
  List<String> keys = new ArrayList<>();

  /** Whether a call with these arguments sets or resets something, rather than shows. */
  boolean setting(List<String> arguments) {
    return !keys.isEmpty() || arguments.stream().anyMatch(a -> a.contains("="));
  }
}
