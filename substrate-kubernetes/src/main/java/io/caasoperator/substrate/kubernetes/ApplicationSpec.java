package io.caasoperator.substrate.kubernetes;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Map;

/**
 * {@code spec} of an {@link Application}, as stored. Deliberately loose (everything optional):
 * {@link ApplicationSpecReading} checks it and names every problem, so that a bad edit becomes an
 * {@code Invalid} observation rather than a resource the informer cannot even deserialize.
 *
 * @param charm which charm to run
 * @param config option name to value (string, number or boolean)
 * @param selector pod labels that select the units (default {@code app.kubernetes.io/name=<app>})
 * @param deploymentMode {@code workload} (hooks run in the unit's pod) or {@code operator}
 * @param updateStatusInterval e.g. {@code 5m}, {@code 30s}, {@code 1h30m}
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record ApplicationSpec(
    CharmSpec charm,
    Map<String, Object> config,
    Map<String, String> selector,
    String deploymentMode,
    String updateStatusInterval) {

  /**
   * {@code spec.charm}.
   *
   * @param url local path (on the operator's disk), {@code file:} or {@code http(s):} URL
   * @param sha256 expected digest of the archive, 64 hex digits; optional
   * @param modifiedVersion bump to redeploy the same url
   * @param forceUpgrade set to redeploy even when nothing else changed
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record CharmSpec(String url, String sha256, Long modifiedVersion, Boolean forceUpgrade) {}
}
