package io.caasoperator.domain;

/**
 * One action a charm declares (in {@code actions.yaml}, or under {@code actions:} in {@code
 * charmcraft.yaml}), as Juju keeps it ({@code internal/charm/actions.go}, {@code ActionSpec}):
 * enough to validate a request's parameters and to run the action without reading the charm's files
 * again.
 *
 * @param description what the action does ({@code "No description"} when the charm gives none, as
 *     in Juju)
 * @param params the JSON Schema (draft 4) the action's parameters must satisfy, as compact JSON: an
 *     object schema whose {@code properties} are the charm's {@code params:}, with its {@code
 *     required}, {@code additionalProperties} and any other schema keywords the charm gave. Kept as
 *     text so the journal holds exactly what was validated against
 * @param additionalProperties whether parameters the charm does not declare are accepted; the same
 *     value as the schema's {@code additionalProperties} (false unless the charm says otherwise, as
 *     in Juju)
 * @param parallel whether the action may run while other actions of the unit run
 * @param executionGroup the group of actions that run one at a time ("" when none)
 */
public record CharmAction(
    String description,
    String params,
    boolean additionalProperties,
    boolean parallel,
    String executionGroup) {

  public CharmAction {
    description = description == null ? "" : description;
    if (params == null || params.isBlank())
      throw new IllegalArgumentException("action params schema is empty");
    executionGroup = executionGroup == null ? "" : executionGroup;
  }
}
