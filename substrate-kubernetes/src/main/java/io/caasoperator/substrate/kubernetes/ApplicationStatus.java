package io.caasoperator.substrate.kubernetes;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * {@code status} of an {@link Application}, written by the operator so that {@code kubectl get
 * application -o yaml} shows what it does, {@code kubectl get capp} its printer columns and {@code
 * kubectl wait --for=condition=Ready capp/NAME} waits on its conditions. Strings only for values
 * (times as RFC 3339), so the CRD schema stays simple and any client can read it.
 *
 * @param status application status value, e.g. {@code active}, {@code maintenance}
 * @param message the status message; empty when none
 * @param charm url of the deployed charm, null before the first deployment
 * @param updated when the operator wrote this
 * @param units every unit the operator knows, in unit order
 * @param readyUnits {@code ready/alive}, e.g. {@code 2/3} (the {@code Units} column)
 * @param observedGeneration the Application's {@code metadata.generation} whose spec the operator
 *     had received when it wrote this; null before it received one
 * @param conditions {@code Ready}, {@code Progressing} and {@code Degraded}, as Kubernetes' {@code
 *     metav1.Condition}s
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record ApplicationStatus(
    String status,
    String message,
    String charm,
    String updated,
    List<UnitStatus> units,
    String readyUnits,
    Long observedGeneration,
    List<ApplicationCondition> conditions) {

  /** A status without summary, generation or conditions (as written before the CRD had them). */
  public ApplicationStatus(
      String status, String message, String charm, String updated, List<UnitStatus> units) {
    this(status, message, charm, updated, units, null, null, null);
  }

  /**
   * This status as it was written at {@code updated}, with {@code conditions} (their transition
   * times set).
   */
  ApplicationStatus stamped(String updated, List<ApplicationCondition> conditions) {
    return new ApplicationStatus(
        status, message, charm, updated, units, readyUnits, observedGeneration, conditions);
  }

  /** This status without its times, for telling whether anything but time changed. */
  ApplicationStatus timeless() {
    return new ApplicationStatus(
        status,
        message,
        charm,
        null,
        units,
        readyUnits,
        observedGeneration,
        conditions == null
            ? null
            : conditions.stream().map(ApplicationCondition::timeless).toList());
  }

  ApplicationStatus observed(Long generation) {
    return new ApplicationStatus(
        status,
        message,
        charm,
        updated,
        units,
        readyUnits,
        generation,
        conditions == null ? null : conditions.stream().map(c -> c.observed(generation)).toList());
  }

  /**
   * One unit's line.
   *
   * @param name e.g. {@code mariadb/0}
   * @param life alive, dying or dead
   * @param agent agent status value, e.g. {@code idle}, {@code executing}, {@code error}
   * @param workload workload status value, e.g. {@code active}
   * @param message workload status message
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record UnitStatus(
      String name, String life, String agent, String workload, String message) {}
}
