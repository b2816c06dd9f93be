package io.caasoperator.app;

import java.util.List;

/** The configuration has problems; all of them are listed, and the process exits with code 2. */
public final class InvalidConfiguration extends Exception {
  private final List<String> problems;

  public InvalidConfiguration(List<String> problems) {
    super("invalid configuration:\n  - " + String.join("\n  - ", problems));
    this.problems = List.copyOf(problems);
  }

  public List<String> problems() {
    return problems;
  }
}
