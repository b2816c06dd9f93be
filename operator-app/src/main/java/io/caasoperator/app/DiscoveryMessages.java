package io.caasoperator.app;

import io.caasoperator.app.discovery.OperatorDiscovery;
import io.caasoperator.app.discovery.OperatorRegistry;
import io.caasoperator.app.discovery.Registration;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * What the CLI says when a command given no {@code --data-dir} or {@code --url} cannot tell which
 * operator is meant: one line each, naming the operators that do run and the flag that chooses.
 */
final class DiscoveryMessages {
  private DiscoveryMessages() {}

  /** Several operators fit: the user must say which. */
  static String several(OperatorDiscovery.Choice.Several several, Optional<String> application) {
    return "several operators "
        + application.map(app -> "of application " + app + " ").orElse("")
        + "are running for this user: "
        + list(several.operators())
        + "; say which with --data-dir DIR"
        + (application.isPresent() ? "" : " (or --app NAME)");
  }

  /** None runs at all. */
  static OperatorUnreachable noneRunning(OperatorRegistry registry) {
    return new OperatorUnreachable(
        OperatorUnreachable.Kind.NOT_RUNNING,
        "no operator is running for this user (none in "
            + registry.directory()
            + "); start one with: caas-operator run --spec FILE, or say where one runs with"
            + " --data-dir DIR or --url URL");
  }

  /**
   * None of {@code application} runs ({@code defaultDir}, its default data directory, has no
   * listener either); {@code choice} lists those that run for other applications.
   */
  static OperatorUnreachable noneOf(
      String application, Path defaultDir, OperatorDiscovery.Choice choice) {
    List<Registration> others =
        switch (choice) {
          case OperatorDiscovery.Choice.NoneRunning none -> none.others();
          case OperatorDiscovery.Choice.One one -> List.of();
          case OperatorDiscovery.Choice.Several several -> List.of();
        };
    return new OperatorUnreachable(
        OperatorUnreachable.Kind.NOT_RUNNING,
        "no operator of application "
            + application
            + " is running for this user (nor on its default data dir "
            + defaultDir
            + ")"
            + (others.isEmpty() ? "" : "; running: " + list(others))
            + "; start one with: caas-operator run --spec FILE, or say where it runs with"
            + " --data-dir DIR or --url URL");
  }

  private static String list(List<Registration> operators) {
    return operators.stream().map(Registration::describe).collect(Collectors.joining(", "));
  }
}
