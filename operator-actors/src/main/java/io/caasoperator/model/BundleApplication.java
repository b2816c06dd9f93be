package io.caasoperator.model;

import io.caasoperator.domain.ApplicationName;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * One application of a bundle.
 *
 * @param name the application's name (the key under {@code applications:})
 * @param charm the local charm, a directory or an archive, absolute; empty when the bundle's entry
 *     names none that exists (a problem says why)
 * @param scale how many units: {@code scale:} or {@code num_units:}, 0 when neither is given (as
 *     Juju deploys it)
 * @param options the charm's config options to set, option name to string, number or boolean
 * @param trust whether the application is trusted with the cloud's credentials ({@code trust:})
 * @param resources file resources: resource name to an absolute file path
 * @param line the line of the bundle file it stands on, for problems found later; 0 when unknown
 */
public record BundleApplication(
    ApplicationName name,
    Optional<Path> charm,
    int scale,
    Map<String, Object> options,
    boolean trust,
    Map<String, Path> resources,
    int line) {

  public BundleApplication {
    if (scale < 0) throw new IllegalArgumentException("scale must be >= 0, got " + scale);
    options = Map.copyOf(options);
    resources = Map.copyOf(resources);
  }
}
