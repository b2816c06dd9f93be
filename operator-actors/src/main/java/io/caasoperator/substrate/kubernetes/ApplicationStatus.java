package io.caasoperator.substrate.kubernetes;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * {@code status} of an {@link Application}, written by the operator so that {@code kubectl get
 * application -o yaml} shows what it does. Strings only (times as RFC 3339), so the CRD schema
 * stays simple and any client can read it.
 *
 * @param status application status value, e.g. {@code active}, {@code maintenance}
 * @param message the status message; empty when none
 * @param charm url of the deployed charm, null before the first deployment
 * @param updated when the operator wrote this
 * @param units every unit the operator knows, in unit order
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record ApplicationStatus(
    String status, String message, String charm, String updated, List<UnitStatus> units) {

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
  public record UnitStatus(String name, String life, String agent, String workload, String message) {}
}
