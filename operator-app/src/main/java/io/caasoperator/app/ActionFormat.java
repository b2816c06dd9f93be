package io.caasoperator.app;

import picocli.CommandLine.Option;

/**
 * {@code --format} of the commands that print charm actions and secrets as {@code juju} does: YAML
 * (the default) or JSON ({@link ActionOutput#write}).
 */
final class ActionFormat {

  @Option(
      names = "--format",
      defaultValue = "yaml",
      description = "yaml or json (default: ${DEFAULT-VALUE}).")
  String value;

  /** Whether the format is one of them; if not, {@code command} says so on stderr. */
  boolean isKnown(String command) {
    if (ActionOutput.knownFormat(value)) return true;
    Cli.fail(command, "--format must be yaml or json, got \"" + value + "\"", ExitCodes.USAGE);
    return false;
  }
}
