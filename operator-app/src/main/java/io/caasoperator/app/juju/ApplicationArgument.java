package io.caasoperator.app.juju;

import io.caasoperator.domain.ApplicationName;
import picocli.CommandLine.Parameters;

/** The {@code APP} a command acts on, its first argument. */
final class ApplicationArgument {

  @Parameters(index = "0", paramLabel = "APP")
  String application;

  /** The application's name, checked as Juju checks it ({@link Applications#name}). */
  ApplicationName name() {
    return Applications.name(application);
  }
}
