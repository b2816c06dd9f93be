package io.caasoperator.action;

import static io.caasoperator.unit.UnitStates.AT;
import static io.caasoperator.unit.UnitStates.charm;
import static io.caasoperator.unit.UnitStates.settled;
import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.domain.CharmAction;
import io.caasoperator.domain.Life;
import io.caasoperator.domain.UnitId;
import io.caasoperator.persistence.UnitEvent.ActionQueued;
import io.caasoperator.persistence.UnitEvent.CharmAssigned;
import io.caasoperator.persistence.UnitEvent.CharmSwitched;
import io.caasoperator.persistence.UnitEvent.ConfigAssigned;
import io.caasoperator.persistence.UnitEvent.LifeAssigned;
import io.caasoperator.persistence.UnitState;
import io.caasoperator.unit.UnitStates;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Whether a unit takes a request to run an action (Juju's {@code PrepareActionPayload}), and
 * whether a queued one can still run when its turn comes.
 */
class ActionRequestsTest {
  /** backup(retries: integer ≥ 0, default 3), no other parameters. */
  private static final CharmAction BACKUP =
      new CharmAction(
          "Back the database up.",
          """
          {"type": "object",
           "properties": {"retries": {"type": "integer", "minimum": 0, "default": 3}},
           "additionalProperties": false}""",
          false,
          false,
          "");

  private static final CharmAction RESTORE =
      new CharmAction("", "{\"type\": \"object\"}", true, false, "");

  /** A started unit whose charm defines backup and restore. */
  private static UnitState withActions() {
    return settled(
        UnitState.initial(UnitStates.UNIT)
            .apply(new CharmAssigned(charm(1, Map.of("backup", BACKUP, "restore", RESTORE)), AT))
            .apply(new ConfigAssigned(1, AT)));
  }

  @Test
  void aValidRequestIsTakenWithTheSchemasDefaultsFilledIn() {
    assertThat(ActionRequests.decide(withActions(), false, "backup", Map.of()))
        .isEqualTo(new ActionRequests.Decision.Accepted(Map.of("retries", 3)));
    assertThat(ActionRequests.decide(withActions(), false, "backup", Map.of("retries", 1)))
        .isEqualTo(new ActionRequests.Decision.Accepted(Map.of("retries", 1)));
  }

  @Test
  void anActionTheCharmDoesNotDefineIsRefusedNamingThoseItDoes() {
    var refused =
        (ActionRequests.Decision.Refused)
            ActionRequests.decide(withActions(), false, "snapshot", Map.of());
    assertThat(refused.reply().reason()).isEqualTo(ActionReply.Refusal.UNKNOWN_ACTION);
    assertThat(refused.reply().knownActions()).containsExactly("backup", "restore");
    assertThat(refused.reply().detail())
        .isEqualTo(
            "action \"snapshot\" not defined on unit \"a/0\"; its charm \"c\" defines backup,"
                + " restore");
  }

  @Test
  void parametersOutsideTheSchemaAreRefusedWithEveryProblem() {
    var refused =
        (ActionRequests.Decision.Refused)
            ActionRequests.decide(
                withActions(), false, "backup", Map.of("retries", -1, "extra", true));
    assertThat(refused.reply().reason()).isEqualTo(ActionReply.Refusal.INVALID_PARAMETERS);
    assertThat(refused.reply().problems()).hasSize(2);
    assertThat(refused.reply().detail()).startsWith("invalid parameters for action \"backup\": ");
  }

  @Test
  void aUnitShuttingDownDyingOrWithoutACharmTakesNothing() {
    UnitState s = withActions();
    for (UnitState unavailable :
        new UnitState[] {
          s.apply(new LifeAssigned(Life.DYING, AT)), UnitState.initial(UnitStates.UNIT)
        }) {
      assertThat(ActionRequests.decide(unavailable, false, "backup", Map.of()))
          .isInstanceOfSatisfying(
              ActionRequests.Decision.Refused.class,
              r -> assertThat(r.reply().reason()).isEqualTo(ActionReply.Refusal.UNAVAILABLE));
    }
    assertThat(ActionRequests.decide(s, true, "backup", Map.of()))
        .isInstanceOf(ActionRequests.Decision.Refused.class);
  }

  /**
   * An alive unit with a charm; the same refusals hold for an exec (Juju runs one as an action).
   */
  private static final UnitState MARIADB =
      UnitState.initial(UnitId.of("mariadb", 0)).apply(new CharmAssigned(charm(1), AT));

  @Test
  void anAliveUnitWithACharmTakesActionsAndExecs() {
    assertThat(ActionRequests.refusal(MARIADB, false)).isEmpty();
  }

  @Test
  void nothingIsTakenWhileTheOperatorShutsDownWhateverTheUnit() {
    assertThat(ActionRequests.refusal(MARIADB, true)).contains("the operator is shutting down");
  }

  @Test
  void aUnitThatIsGoingAwayRefusesSayingSo() {
    assertThat(ActionRequests.refusal(MARIADB.apply(new LifeAssigned(Life.DYING, AT)), false))
        .contains("unit mariadb/0 is dying");
    assertThat(ActionRequests.refusal(MARIADB.apply(new LifeAssigned(Life.DEAD, AT)), false))
        .contains("unit mariadb/0 is dead");
  }

  @Test
  void aUnitWithoutACharmYetRefuses() {
    assertThat(ActionRequests.refusal(UnitState.initial(UnitId.of("mariadb", 0)), false))
        .contains("unit mariadb/0 has no charm yet");
  }

  @Test
  void aQueuedActionCannotStartOnceItsCharmNoLongerDefinesItOrDoesNotImplementIt() {
    UnitState s = withActions().apply(new ActionQueued(7, "backup", Map.of("retries", 3), AT));
    UnitState.UnitAction queued = s.actions().find(7).orElseThrow();
    assertThat(ActionRequests.startProblem(s, queued, true)).isEmpty();
    assertThat(ActionRequests.startProblem(s, queued, false))
        .contains("action not implemented on unit \"a/0\"");

    UnitState upgraded =
        s.apply(new CharmAssigned(charm(2, Map.of("restore", RESTORE)), AT))
            .apply(new CharmSwitched(2, AT));
    assertThat(ActionRequests.startProblem(upgraded, queued, true))
        .contains("cannot run \"backup\" action: not defined");
  }
}
