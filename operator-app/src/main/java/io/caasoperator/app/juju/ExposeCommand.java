package io.caasoperator.app.juju;

import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code juju expose APP}: the application's {@code expose: true} in the model's bundle, so status
 * shows it {@code exposed: true} (juju/juju {@code cmd/juju/application/expose.go}; it prints
 * nothing). Units here are reached on this machine already: nothing is opened.
 */
@Command(name = "expose", description = "Makes an application publicly available.")
final class ExposeCommand implements Callable<Integer> {

  @ParentCommand JujuCli cli;

  @Mixin ModelOption model;

  @Parameters(index = "0", paramLabel = "APP")
  String application;

  @Option(names = "--endpoints", split = ",", paramLabel = "ENDPOINT", description = "Accepted.")
  List<String> endpoints;

  @Option(names = "--to-spaces", split = ",", paramLabel = "SPACE", description = "Accepted.")
  List<String> spaces;

  @Option(names = "--to-cidrs", split = ",", paramLabel = "CIDR", description = "Accepted.")
  List<String> cidrs;

  @Override
  public Integer call() {
    JujuContext context = cli.context();
    ModelDirectory directory = model.directory(context);
    var name = Applications.name(application);
    Notes notes = new Notes(context);
    String why = "units are reached on this machine; there is no firewall to open";
    notes.ignored("--endpoints", joined(endpoints), why);
    notes.ignored("--to-spaces", joined(spaces), why);
    notes.ignored("--to-cidrs", joined(cidrs), why);
    ModelBundle.edit(context, directory, bundle -> BundleEdits.expose(bundle, name, true));
    return 0;
  }

  /** A list flag as it was given, comma-separated; null when not given. */
  private static String joined(List<String> values) {
    return values == null ? null : String.join(",", values);
  }
}
