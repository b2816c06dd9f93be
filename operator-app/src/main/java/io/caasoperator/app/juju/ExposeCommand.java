package io.caasoperator.app.juju;

import java.util.List;
import java.util.function.UnaryOperator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code juju expose APP}: the application's {@code expose: true} in the model's bundle, so status
 * shows it {@code exposed: true} (juju/juju {@code cmd/juju/application/expose.go}; it prints
 * nothing). Units here are reached on this machine already: nothing is opened.
 */
@Command(name = "expose", description = "Makes an application publicly available.")
final class ExposeCommand extends BundleEditCommand {

  @Mixin ApplicationArgument application;

  @Option(names = "--endpoints", split = ",", paramLabel = "ENDPOINT")
  List<String> endpoints;

  @Option(names = "--to-spaces", split = ",", paramLabel = "SPACE")
  List<String> spaces;

  @Option(names = "--to-cidrs", split = ",", paramLabel = "CIDR")
  List<String> cidrs;

  @Override
  UnaryOperator<String> edit(JujuContext context) {
    var name = application.name();
    Notes notes = new Notes(context);
    String why = "units are reached on this machine; there is no firewall to open";
    notes.ignored("--endpoints", joined(endpoints), why);
    notes.ignored("--to-spaces", joined(spaces), why);
    notes.ignored("--to-cidrs", joined(cidrs), why);
    return bundle -> BundleEdits.expose(bundle, name, true);
  }

  /** A list flag as it was given, comma-separated; null when not given. */
  private static String joined(List<String> values) {
    return values == null ? null : String.join(",", values);
  }
}
