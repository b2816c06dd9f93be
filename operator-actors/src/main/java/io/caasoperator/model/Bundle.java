package io.caasoperator.model;

import io.caasoperator.domain.ApplicationName;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * A Juju bundle as a charm author writes it ({@code bundle.yaml}): the applications of a model and
 * the relations between them. What {@link BundleFile} could read; a bundle with problems holds the
 * parts that were good.
 *
 * @param file the bundle file, absolute; relative charm and resource paths start from its directory
 * @param name the bundle's {@code name:}, empty when it has none
 * @param applications the applications, in name order
 * @param relations the relations, in file order, each once
 */
public record Bundle(
    Path file, String name, List<BundleApplication> applications, List<BundleRelation> relations) {

  public Bundle {
    applications = List.copyOf(applications);
    relations = List.copyOf(relations);
  }

  /** Where a problem at {@code line} stands: {@code FILE:LINE: }, or {@code FILE: } at line 0. */
  public String where(int line) {
    return file + (line > 0 ? ":" + line : "") + ": ";
  }

  public Optional<BundleApplication> application(ApplicationName name) {
    return applications.stream().filter(a -> a.name().equals(name)).findFirst();
  }
}
