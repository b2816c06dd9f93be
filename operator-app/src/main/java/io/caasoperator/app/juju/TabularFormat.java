package io.caasoperator.app.juju;

import java.util.stream.Stream;
import picocli.CommandLine.Option;

/** {@code --format tabular|json|yaml} of the listing commands: Juju's columns by default. */
final class TabularFormat {

  @Option(names = "--format", paramLabel = "FORMAT", description = "tabular, json or yaml.")
  String format = "tabular";

  /**
   * The format asked for, checked ({@link Output#format}); {@code more} are formats this command
   * accepts besides the three it names ({@code status}'s {@code short}, {@code line}, ...).
   */
  String chosen(String... more) {
    return Output.format(
        format, Stream.concat(Stream.of("tabular", "json", "yaml"), Stream.of(more)).toList());
  }
}
