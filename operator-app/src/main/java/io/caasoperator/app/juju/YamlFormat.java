package io.caasoperator.app.juju;

import java.util.List;
import picocli.CommandLine.Option;

/** {@code --format yaml|json} of the {@code show-*} commands: a YAML document by default. */
final class YamlFormat {

  @Option(names = "--format", paramLabel = "FORMAT", description = "yaml or json.")
  String format = "yaml";

  /** The format asked for, checked ({@link Output#format}). */
  String chosen() {
    return Output.format(format, List.of("yaml", "json"));
  }
}
