package io.caasoperator.substrate.kubernetes;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * One condition of an {@link ApplicationStatus}, shaped as Kubernetes' {@code metav1.Condition}
 * (what {@code kubectl wait --for=condition=...} and every controller's conditions follow).
 *
 * @param type {@code Ready}, {@code Progressing} or {@code Degraded}
 * @param status {@code True}, {@code False} or {@code Unknown}
 * @param observedGeneration the Application's generation this was set from
 * @param lastTransitionTime when {@code status} last changed (RFC 3339, seconds)
 * @param reason a CamelCase word a program can match, e.g. {@code HookFailed}
 * @param message one line for humans
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record ApplicationCondition(
    String type,
    String status,
    Long observedGeneration,
    String lastTransitionTime,
    String reason,
    String message) {

  public static final String READY = "Ready";
  public static final String PROGRESSING = "Progressing";
  public static final String DEGRADED = "Degraded";

  static ApplicationCondition of(String type, boolean status, String reason, String message) {
    return new ApplicationCondition(type, status ? "True" : "False", null, null, reason, message);
  }

  ApplicationCondition timeless() {
    return new ApplicationCondition(type, status, observedGeneration, null, reason, message);
  }

  ApplicationCondition observed(Long generation) {
    return new ApplicationCondition(type, status, generation, lastTransitionTime, reason, message);
  }

  ApplicationCondition since(String transition) {
    return new ApplicationCondition(type, status, observedGeneration, transition, reason, message);
  }

  boolean isTrue() {
    return "True".equals(status);
  }
}
