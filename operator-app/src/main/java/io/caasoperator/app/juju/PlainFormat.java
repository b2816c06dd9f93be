package io.caasoperator.app.juju;

import java.util.List;
import picocli.CommandLine.Option;

/** {@code --format plain|json|yaml} of the task commands: Juju's plain text by default. */
final class PlainFormat {

  @Option(names = "--format", paramLabel = "FORMAT", description = "plain, json or yaml.")
  String format = "plain";

  /** The format asked for, checked ({@link Output#format}). */
  String chosen() {
    return Output.format(format, List.of("plain", "json", "yaml"));
  }
}
