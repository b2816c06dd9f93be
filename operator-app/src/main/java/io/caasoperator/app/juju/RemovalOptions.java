package io.caasoperator.app.juju;

import picocli.CommandLine.Option;

/**
 * The flags {@code remove-application} and {@code remove-unit} accept and need not act on: nothing
 * asks for confirmation here, storage goes with its units, and removal does not wait.
 */
final class RemovalOptions {

  @Option(names = "--no-prompt", description = "Do not ask for confirmation (never asked here).")
  boolean noPrompt;

  @Option(names = "--destroy-storage", description = "Accepted; storage goes with its units.")
  boolean destroyStorage;

  @Option(names = "--no-wait", description = "Accepted.")
  boolean noWait;
}
