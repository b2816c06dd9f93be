package io.caasoperator.model;

import java.util.List;

/**
 * What reading a bundle file found.
 *
 * @param bundle the parts of the bundle that were good
 * @param problems every problem, each a sentence saying where it stands ({@code FILE:LINE: ...})
 * @param notes keys that were read and left alone because they cannot apply here (a base, a
 *     channel, machine placement), each saying where and why
 */
public record BundleReading(Bundle bundle, List<String> problems, List<String> notes) {
  public BundleReading {
    problems = List.copyOf(problems);
    notes = List.copyOf(notes);
  }

  public boolean valid() {
    return problems.isEmpty();
  }
}
