package io.caasoperator.substrate.local;

import io.caasoperator.domain.ApplicationName;
import io.caasoperator.domain.CharmRef;
import io.caasoperator.model.Bundle;
import io.caasoperator.model.BundleApplication;
import io.caasoperator.model.BundleFile;
import io.caasoperator.model.BundleReading;
import io.caasoperator.substrate.Specification;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.BooleanSupplier;

/**
 * One application of a bundle as the local substrate operates it: its charm (a path relative to the
 * bundle, made absolute by {@link BundleFile}), scale, options and file resources. A bundle with
 * any problem is refused whole, so every application keeps the model last read well (the model's
 * relations are only right for a bundle that is right as a whole).
 *
 * @param application the application this substrate operates
 * @param removedByModel whether the model has removed the application (it is dying): asked at each
 *     read, so the substrate tears it down even if the bundle lists that name again meanwhile
 */
public record BundleEntry(ApplicationName application, BooleanSupplier removedByModel)
    implements SpecParser {

  public BundleEntry {
    if (application == null) throw new IllegalArgumentException("application is missing");
    if (removedByModel == null) throw new IllegalArgumentException("removal check is missing");
  }

  /** An application the model has not removed. */
  public BundleEntry(ApplicationName application) {
    this(application, () -> false);
  }

  @Override
  public Optional<ApplicationName> knownApplication() {
    return Optional.of(application);
  }

  @Override
  public boolean removed() {
    return removedByModel.getAsBoolean();
  }

  @Override
  public Optional<LocalSpec> parse(Path file, byte[] content) throws InvalidSpecException {
    BundleReading reading = BundleFile.parse(file.toAbsolutePath().normalize(), content).asModel();
    if (!reading.valid()) {
      throw new InvalidSpecException(String.join("; ", reading.problems()), reading.problems());
    }
    Bundle bundle = reading.bundle();
    return bundle
        .application(application)
        .map(entry -> specification(entry, bundle.updateStatusInterval()));
  }

  /**
   * The substrate's specification of a bundle's application.
   *
   * @param updateStatusInterval the model's, from the bundle: a change of it reaches every unit as
   *     a changed specification, with no restart
   */
  static LocalSpec specification(BundleApplication entry, Duration updateStatusInterval) {
    // a valid bundle names a charm for each application (BundleFile says so otherwise)
    String charm = entry.charm().map(Path::toString).orElseThrow();
    Map<String, String> resources = new TreeMap<>();
    entry.resources().forEach((name, path) -> resources.put(name, path.toString()));
    return new LocalSpec(
        new Specification(
            entry.name(),
            new CharmRef(charm, null, 0, false),
            entry.options(),
            updateStatusInterval,
            resources),
        entry.scale());
  }
}
