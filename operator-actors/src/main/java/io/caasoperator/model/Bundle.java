package io.caasoperator.model;

import io.caasoperator.domain.ApplicationName;
import java.nio.file.Path;
import java.time.Duration;
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
 * @param updateStatusInterval how often every unit runs {@code update-status}: the bundle's {@code
 *     model-config: {update-status-hook-interval: D}} (this project's key: {@code juju
 *     model-config} writes it so a running model follows it), else Juju's default
 */
public record Bundle(
    Path file,
    String name,
    List<BundleApplication> applications,
    List<BundleRelation> relations,
    Duration updateStatusInterval) {

  public Bundle {
    applications = List.copyOf(applications);
    relations = List.copyOf(relations);
    if (updateStatusInterval == null) updateStatusInterval = UpdateStatusInterval.DEFAULT;
  }

  /** A bundle that sets no model config. */
  public Bundle(
      Path file,
      String name,
      List<BundleApplication> applications,
      List<BundleRelation> relations) {
    this(file, name, applications, relations, UpdateStatusInterval.DEFAULT);
  }

  /** Where a problem at {@code line} stands: {@code FILE:LINE: }, or {@code FILE: } at line 0. */
  public String where(int line) {
    return file + (line > 0 ? ":" + line : "") + ": ";
  }

  public Optional<BundleApplication> application(ApplicationName name) {
    return applications.stream().filter(a -> a.name().equals(name)).findFirst();
  }
}
