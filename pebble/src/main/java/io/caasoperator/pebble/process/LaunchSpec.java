package io.caasoperator.pebble.process;

import io.caasoperator.pebble.users.Credentials;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A process to start: its argv (argv[0] looked up on the environment's PATH), its whole environment
 * (nothing is inherited from the operator, whose environment may hold secrets), its working
 * directory on this machine, whom to run as (empty: as the operator), and whether stderr joins
 * stdout.
 */
public record LaunchSpec(
    List<String> argv,
    Map<String, String> environment,
    Path workingDir,
    Optional<Credentials> credentials,
    boolean mergeStderr) {
  public LaunchSpec {
    if (argv.isEmpty()) {
      throw new IllegalArgumentException("argv must not be empty");
    }
    argv = List.copyOf(argv);
    environment = Map.copyOf(environment);
  }
}
