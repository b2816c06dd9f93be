package io.caasoperator.app.juju;

import picocli.CommandLine.Option;

/**
 * {@code --channel}, {@code --revision} and {@code --base} of {@code deploy} and {@code refresh}:
 * how Juju picks a charm from Charmhub and the base its units run on. Charms are local paths here
 * and units run on this machine, so each is noted and ignored.
 */
final class CharmhubOptions {

  private static final String LOCAL = "charms come from local paths here, not from Charmhub";

  @Option(names = "--channel", paramLabel = "CHANNEL", description = "Accepted with a note.")
  String channel;

  @Option(names = "--revision", paramLabel = "REV", description = "Accepted with a note.")
  String revision;

  @Option(names = "--base", paramLabel = "BASE", description = "Accepted with a note.")
  String base;

  void notes(Notes notes) {
    notes.ignored("--channel", channel, LOCAL);
    notes.ignored("--revision", revision, LOCAL);
    notes.ignored("--base", base, "units run on this machine, not on a chosen base");
  }
}
