package io.caasoperator.app.juju;

import picocli.CommandLine.Option;

/**
 * {@code --to} and {@code --attach-storage} of {@code deploy} and {@code add-unit}: where Juju puts
 * a new unit's machine and storage. Units run on this machine here, so both are noted and ignored.
 */
final class PlacementOptions {

  @Option(names = "--to", paramLabel = "PLACEMENT", description = "Accepted with a note.")
  String to;

  @Option(names = "--attach-storage", paramLabel = "S", description = "Accepted with a note.")
  String attachStorage;

  void notes(Notes notes) {
    notes.ignored("--to", to, "there are no machines to place units on here");
    notes.ignored("--attach-storage", attachStorage, "there is no detached storage here");
  }
}
