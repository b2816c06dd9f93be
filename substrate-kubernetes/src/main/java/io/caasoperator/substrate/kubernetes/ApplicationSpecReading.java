package io.caasoperator.substrate.kubernetes;

import io.caasoperator.domain.ApplicationName;
import io.caasoperator.domain.CharmRef;
import io.caasoperator.domain.DurationText;
import io.caasoperator.substrate.ApplicationObservation;
import io.caasoperator.substrate.Specification;
import java.math.BigInteger;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Checks an {@link Application} resource and turns it into a {@link KubernetesSpec}. Pure: the same
 * resource always gives the same answer, so it is unit-tested on model objects alone. Every problem
 * is collected, so one {@code Invalid} message (and one log line) lists them all.
 */
public final class ApplicationSpecReading {

  /** The label a StatefulSet's pods carry by convention; the default selector uses it. */
  public static final String NAME_LABEL = "app.kubernetes.io/name";

  private static final Pattern HEX_64 = Pattern.compile("[0-9a-fA-F]{64}");

  private ApplicationSpecReading() {}

  /** What the application source reports for this resource; null means it does not exist. */
  public static ApplicationObservation observe(ApplicationName expected, Application resource) {
    if (resource == null) {
      return new ApplicationObservation.NotFound("application " + expected + " does not exist");
    }
    if (resource.getMetadata() != null && resource.getMetadata().getDeletionTimestamp() != null) {
      // Deleting the resource is how users remove the application; act on it at once rather
      // than when some finalizer of someone else's finally lets it go.
      return new ApplicationObservation.NotFound("application " + expected + " is being deleted");
    }
    try {
      return new ApplicationObservation.Specified(read(expected, resource).specification());
    } catch (IllegalArgumentException e) {
      return new ApplicationObservation.Invalid(e.getMessage());
    }
  }

  /**
   * The checked specification.
   *
   * @throws IllegalArgumentException naming every problem, prefixed with the resource's name
   */
  public static KubernetesSpec read(ApplicationName expected, Application resource) {
    String where = "application " + expected;
    List<String> problems = new ArrayList<>();
    String name = resource.getMetadata() == null ? null : resource.getMetadata().getName();
    if (!expected.value().equals(name)) {
      problems.add("metadata.name: expected \"" + expected + "\", got \"" + name + "\"");
    }
    ApplicationSpec spec = resource.getSpec();
    if (spec == null) {
      throw new IllegalArgumentException(
          where + ": spec is missing; expected at least spec.charm.url");
    }
    CharmRef charm = charm(spec.charm(), problems);
    Map<String, Object> config = config(spec.config(), problems);
    Map<String, String> selector = selector(expected, spec.selector(), problems);
    DeploymentMode mode = DeploymentMode.WORKLOAD;
    if (spec.deploymentMode() != null) {
      Optional<DeploymentMode> parsed = DeploymentMode.parse(spec.deploymentMode());
      if (parsed.isEmpty()) {
        problems.add(
            "spec.deploymentMode: expected workload or operator, got \""
                + spec.deploymentMode()
                + "\"");
      } else {
        mode = parsed.get();
      }
    }
    Duration interval = Specification.DEFAULT_UPDATE_STATUS_INTERVAL;
    if (spec.updateStatusInterval() != null) {
      Optional<Duration> parsed = DurationText.parse(spec.updateStatusInterval().strip());
      if (parsed.isEmpty() || parsed.get().isZero()) {
        problems.add(
            "spec.updateStatusInterval: expected a positive duration such as 30s, 5m or"
                + " 1h, got \""
                + spec.updateStatusInterval()
                + "\"");
      } else {
        interval = parsed.get();
      }
    }
    if (!problems.isEmpty()) {
      throw new IllegalArgumentException(where + ": " + String.join("; ", problems));
    }
    return new KubernetesSpec(new Specification(expected, charm, config, interval), selector, mode);
  }

  private static CharmRef charm(ApplicationSpec.CharmSpec charm, List<String> problems) {
    if (charm == null || charm.url() == null || charm.url().isBlank()) {
      problems.add("spec.charm.url: is required");
      return null;
    }
    if (charm.sha256() != null && !HEX_64.matcher(charm.sha256()).matches()) {
      problems.add(
          "spec.charm.sha256: expected 64 hexadecimal digits, got \"" + charm.sha256() + "\"");
    }
    long modifiedVersion = charm.modifiedVersion() == null ? 0 : charm.modifiedVersion();
    if (modifiedVersion < 0) {
      problems.add("spec.charm.modifiedVersion: must be >= 0, got " + modifiedVersion);
    }
    if (!problems.isEmpty()) return null;
    return new CharmRef(
        charm.url().strip(),
        charm.sha256(),
        modifiedVersion,
        Boolean.TRUE.equals(charm.forceUpgrade()));
  }

  /** Same value types as the local spec file: string, whole number, floating point, boolean. */
  private static Map<String, Object> config(Map<String, Object> config, List<String> problems) {
    Map<String, Object> checked = new LinkedHashMap<>();
    if (config == null) return checked;
    config.forEach(
        (key, value) -> {
          String where = "spec.config." + key;
          switch (value) {
            case null ->
                problems.add(where + ": has no value (remove the key to use the charm's default)");
            case String s -> checked.put(key, s);
            case Boolean b -> checked.put(key, b);
            case Integer i -> checked.put(key, i);
            case Long l -> checked.put(key, l);
            case Double d -> checked.put(key, d);
            case Float f -> checked.put(key, f.doubleValue());
            case BigInteger big ->
                problems.add(where + ": " + big + " is out of range for a whole number");
            case Map<?, ?> m ->
                problems.add(
                    where
                        + ": nested maps are not supported; expected a string, number or boolean");
            case List<?> l ->
                problems.add(
                    where + ": lists are not supported; expected a string, number or boolean");
            default -> problems.add(where + ": expected a string, number or boolean, got " + value);
          }
        });
    return checked;
  }

  private static Map<String, String> selector(
      ApplicationName application, Map<String, String> selector, List<String> problems) {
    if (selector == null || selector.isEmpty()) return Map.of(NAME_LABEL, application.value());
    selector.forEach(
        (key, value) -> {
          if (key == null || key.isBlank() || value == null) {
            problems.add("spec.selector: label \"" + key + "\" needs a key and a value");
          }
        });
    return selector;
  }
}
