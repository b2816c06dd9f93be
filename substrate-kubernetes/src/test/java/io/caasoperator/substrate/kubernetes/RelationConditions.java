package io.caasoperator.substrate.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

/** Assertions on the one condition a Relation's status carries. */
final class RelationConditions {
  private RelationConditions() {}

  /**
   * Asserts that {@code status} has exactly one condition, with this {@code value} ({@code True} or
   * {@code False}) and {@code reason}; returns it for what else a test checks.
   */
  static ApplicationCondition only(RelationResourceStatus status, String value, String reason) {
    assertThat(status.conditions()).hasSize(1);
    ApplicationCondition condition = status.conditions().getFirst();
    assertThat(condition.status()).as("condition status").isEqualTo(value);
    assertThat(condition.reason()).as("condition reason").isEqualTo(reason);
    return condition;
  }
}
