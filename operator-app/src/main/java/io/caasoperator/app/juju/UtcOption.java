package io.caasoperator.app.juju;

import picocli.CommandLine.Option;

/** {@code --utc}, which Juju's timed output takes: accepted, since every time shown is UTC here. */
final class UtcOption {

  @Option(names = "--utc", description = "Accepted; times are in UTC.")
  boolean utc;
}
