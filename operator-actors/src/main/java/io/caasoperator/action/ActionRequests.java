package io.caasoperator.action;

import io.caasoperator.charm.ActionParameters;
import io.caasoperator.charm.ActionSpec;
import io.caasoperator.domain.CharmInfo;
import io.caasoperator.domain.Life;
import io.caasoperator.persistence.UnitState;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Whether a unit takes a request to run one of its charm's actions, decided as Juju decides when an
 * action is enqueued ({@code state/unit.go} {@code PrepareActionPayload}): the charm the unit runs
 * must define the action, and the parameters must satisfy the action's JSON Schema (types,
 * required, {@code additionalProperties: false} unless the charm allows more), after which the
 * schema's defaults are filled in ({@link ActionParameters}). And, when a queued action's turn
 * comes, whether it can still run: the charm may have changed meanwhile (Juju checks again then:
 * {@code worker/uniter/runner/factory.go} {@code NewActionRunner}). Pure.
 */
public final class ActionRequests {
  private ActionRequests() {}

  /** Why every action and exec is refused while the operator shuts down. */
  public static final String SHUTTING_DOWN = "the operator is shutting down";

  /**
   * Why a unit in {@code state} cannot take a charm action (or an exec, which Juju runs as an
   * action) now, or empty when it can (it then waits its turn): nothing new while the operator
   * shuts down, nothing on a unit that is going away, and nothing before the unit has a charm to
   * run it with.
   */
  public static Optional<String> refusal(UnitState state, boolean draining) {
    if (draining) return Optional.of(SHUTTING_DOWN);
    if (state.life() != Life.ALIVE)
      return Optional.of("unit " + state.unit() + " is " + state.life().label());
    if (state.charmInUse() == null)
      return Optional.of("unit " + state.unit() + " has no charm yet");
    return Optional.empty();
  }

  /** What a request comes to. */
  public sealed interface Decision {
    /** Taken: these are its parameters, with the defaults filled in. */
    record Accepted(Map<String, Object> params) implements Decision {}

    record Refused(ActionReply.Refused reply) implements Decision {}
  }

  /**
   * Whether the unit in {@code state} takes the action {@code name} with {@code params} now ({@code
   * draining}: the operator shuts down).
   */
  public static Decision decide(
      UnitState state, boolean draining, String name, Map<String, ?> params) {
    Optional<String> unavailable = refusal(state, draining);
    if (unavailable.isPresent())
      return refused(ActionReply.Refusal.UNAVAILABLE, unavailable.get(), List.of());
    CharmInfo charm = state.charmInUse();
    Optional<ActionSpec> spec;
    try {
      spec = ActionSpec.of(charm, name);
    } catch (IllegalArgumentException e) {
      return refused(ActionReply.Refusal.UNAVAILABLE, e.getMessage(), List.of());
    }
    if (spec.isEmpty()) {
      List<String> known = known(charm);
      String detail =
          "action \""
              + name
              + "\" not defined on unit \""
              + state.unit()
              + "\"; its charm \""
              + charm.name()
              + "\" defines "
              + (known.isEmpty() ? "no actions" : String.join(", ", known));
      return new Decision.Refused(
          new ActionReply.Refused(ActionReply.Refusal.UNKNOWN_ACTION, detail, known, List.of()));
    }
    return switch (ActionParameters.validate(spec.get(), params)) {
      case ActionParameters.Valid valid -> new Decision.Accepted(valid.params());
      case ActionParameters.Invalid invalid ->
          refused(
              ActionReply.Refusal.INVALID_PARAMETERS,
              "invalid parameters for action \""
                  + name
                  + "\": "
                  + String.join("; ", invalid.problems()),
              invalid.problems());
    };
  }

  /**
   * Why the queued {@code action} cannot run with the charm the unit in {@code state} runs now, or
   * empty when it can; {@code implemented}: the charm has a {@code dispatch} or {@code
   * actions/<name>} to run. The words are Juju's ({@code BadActionError}: {@code cannot run
   * "<name>" action: ...}; {@code action not implemented on unit "<unit>"}).
   */
  public static Optional<String> startProblem(
      UnitState state, UnitState.UnitAction action, boolean implemented) {
    String cannot = "cannot run \"" + action.name() + "\" action: ";
    Optional<ActionSpec> spec;
    try {
      spec = ActionSpec.of(state.charmInUse(), action.name());
    } catch (IllegalArgumentException e) {
      return Optional.of(cannot + e.getMessage());
    }
    if (spec.isEmpty()) return Optional.of(cannot + "not defined");
    if (ActionParameters.validate(spec.get(), action.params())
        instanceof ActionParameters.Invalid invalid) {
      return Optional.of(cannot + String.join("; ", invalid.problems()));
    }
    if (!implemented) return Optional.of("action not implemented on unit \"" + state.unit() + "\"");
    return Optional.empty();
  }

  /** The actions {@code charm} defines, sorted. */
  public static List<String> known(CharmInfo charm) {
    return charm.actions().keySet().stream().sorted().toList();
  }

  private static Decision refused(
      ActionReply.Refusal reason, String detail, List<String> problems) {
    return new Decision.Refused(new ActionReply.Refused(reason, detail, List.of(), problems));
  }
}
