package io.caasoperator.app;

import io.caasoperator.domain.ApplicationName;
import io.caasoperator.model.BundleApplication;
import io.caasoperator.model.BundleFile;
import io.caasoperator.model.ModelRelation;
import io.caasoperator.model.runtime.ModelActor;
import io.caasoperator.substrate.local.BundleWatch;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The model's bundle as the model actor learns it: each settled change of the file is checked as
 * {@code validate --bundle} checks it ({@link BundleValidation}: the file, every charm, options,
 * relations); a good one is the model ({@link ModelActor.ModelRead}); a bad one is logged, every
 * problem on a line of its own, and the model last read well stays in force (as a specification's
 * edit does).
 */
final class ModelBundle implements BundleWatch.Listener {
  private static final Logger log = LoggerFactory.getLogger(ModelBundle.class);

  private final Path file;
  private final Consumer<ModelActor.ModelRead> model;
  private final Clock clock;
  private Instant goodSince;

  ModelBundle(Path file, Consumer<ModelActor.ModelRead> model, Clock clock) {
    this.file = file.toAbsolutePath().normalize();
    this.model = model;
    this.clock = clock;
  }

  @Override
  public void read(byte[] content) {
    BundleValidation validation = BundleValidation.of(BundleFile.parse(file, content).asModel());
    if (!validation.valid()) {
      String kept = goodSince == null ? "" : " (keeping the model read at " + goodSince + ")";
      log.warn("{}: {} problem(s){}", file, validation.problems().size(), kept);
      validation.problems().forEach(problem -> log.warn("  {}", problem));
      return;
    }
    goodSince = clock.instant();
    List<ApplicationName> applications =
        validation.bundle().applications().stream().map(BundleApplication::name).toList();
    model.accept(
        new ModelActor.ModelRead(
            applications, validation.relations().stream().map(ModelRelation::relation).toList()));
  }

  @Override
  public void unreadable(String problem) {
    log.warn(
        "{}{}", problem, goodSince == null ? "" : " (keeping the model read at " + goodSince + ")");
  }
}
