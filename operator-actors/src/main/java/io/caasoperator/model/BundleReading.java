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

  /**
   * This reading as a running model ({@code run --bundle}) takes it: a model may have no
   * application (a new model's bundle, or one whose last application was removed), which a bundle
   * to deploy may not. An empty file stays a problem: a model's bundle is never empty, it says
   * {@code applications: {}}.
   */
  public BundleReading asModel() {
    String noApplication = ": " + BundleFile.NO_APPLICATION;
    return new BundleReading(
        bundle, problems.stream().filter(p -> !p.endsWith(noApplication)).toList(), notes);
  }
}
