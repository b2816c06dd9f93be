package io.caasoperator.persistence;

import static io.caasoperator.persistence.FixtureEvents.CHARM;
import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.domain.Life;
import io.caasoperator.domain.Status;
import io.caasoperator.domain.UnitId;
import io.caasoperator.persistence.secret.SecretOwner;
import io.caasoperator.persistence.secret.SecretTrigger;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class UnitStateTest {
  private static final Instant AT = Instant.parse("2026-11-22T10:00:00Z");

  private static UnitState run(UnitState s, HookKind kind) {
    return s.apply(new UnitEvent.HookStarted(PlannedHook.of(kind, 1, 1), 1, "ctx", AT))
        .apply(new UnitEvent.HookCompleted(kind.label(), 1, AT));
  }

  @Test
  void aPebbleNoticeWaitsOnceUntilItsHookRanThenLeavesTheQueue() {
    PebbleNotice first = PebbleNotice.custom("web", "1", "custom", "example.com/a", AT);
    PebbleNotice repeated =
        PebbleNotice.custom("web", "1", "custom", "example.com/a", AT.plusSeconds(1));
    UnitState s =
        UnitState.initial(UnitId.of("c", 0))
            .apply(new UnitEvent.PebbleNoticeObserved(first, AT))
            .apply(new UnitEvent.PebbleNoticeObserved(first, AT))
            .apply(new UnitEvent.PebbleNoticeObserved(repeated, AT));
    assertThat(s.observed().pebbleNotices())
        .as("a re-delivery is not queued twice; a repeat is")
        .containsExactly(first, repeated);
    PlannedHook hook = PlannedHook.pebble(first, 1, 0);
    assertThat(hook.name()).isEqualTo("web-pebble-custom-notice");
    s = s.apply(new UnitEvent.HookStarted(hook, 1, "ctx", AT));
    assertThat(s.observed().pebbleNotices())
        .as("still waiting while it runs (a restart runs it again)")
        .hasSize(2);
    s = s.apply(new UnitEvent.HookCompleted(hook.name(), 1, AT));
    assertThat(s.observed().pebbleNotices()).containsExactly(repeated);
  }

  @Test
  void aSecretTriggerWaitsOnceUntilItsHookCompletedThenLeavesTheQueue() {
    SecretTrigger expired = revisionOneExpired(AT);
    SecretTrigger retried = revisionOneExpired(AT.plusSeconds(300));
    UnitState s =
        UnitState.initial(UnitId.of("c", 0))
            .apply(new UnitEvent.SecretTriggerObserved(expired, AT))
            .apply(new UnitEvent.SecretTriggerObserved(expired, AT))
            .apply(new UnitEvent.SecretTriggerObserved(retried, AT));
    assertThat(s.observed().secretTriggers())
        .as("a re-delivery is not queued twice; a retry is")
        .containsExactly(expired, retried);
    PlannedHook hook = PlannedHook.secret(expired, 1, 0);
    s = s.apply(new UnitEvent.HookStarted(hook, 1, "ctx", AT));
    assertThat(s.observed().secretTriggers()).as("still waiting while it runs").hasSize(2);
    s = s.apply(new UnitEvent.HookCompleted("secret-expired", 1, AT));
    assertThat(s.observed().secretTriggers()).containsExactly(retried);
  }

  /** secret-expired for revision 1 of application c's secret labelled db, due at {@code due}. */
  private static SecretTrigger revisionOneExpired(Instant due) {
    return new SecretTrigger(
        HookKind.SECRET_EXPIRED,
        "d0j7ha3q1c4s73d2fa9g",
        SecretOwner.application("c"),
        "db",
        1,
        due);
  }

  @Test
  void aFailedHookShowsErrorAndSuccessRestoresTheWorkloadStatusTheCharmHadSet() {
    UnitState s =
        UnitState.initial(UnitId.of("a", 0))
            .apply(new UnitEvent.CharmAssigned(CHARM, AT))
            .apply(new UnitEvent.WorkloadStatusSet(Status.of("active", "ready", AT), AT))
            .apply(new UnitEvent.HookStarted(PlannedHook.of(HookKind.INSTALL, 1, 1), 1, "ctx", AT))
            .apply(new UnitEvent.HookFailed("install", 2, "exit status 2", 1, AT));
    assertThat(s.statuses().workload().toString()).isEqualTo("error: hook failed: \"install\"");
    assertThat(s.statuses().agent().value()).isEqualTo("error");
    assertThat(s.failed().attempt()).isEqualTo(1);
    s =
        s.apply(new UnitEvent.HookStarted(PlannedHook.of(HookKind.INSTALL, 1, 1), 2, "ctx2", AT))
            .apply(new UnitEvent.HookCompleted("install", 1, AT));
    assertThat(s.statuses().workload().toString()).isEqualTo("active: ready");
    assertThat(s.statuses().agent().value()).isEqualTo("idle");
    assertThat(s.failed()).isNull();
    assertThat(s.progress().installed()).isTrue();
  }

  @Test
  void theStatusTheCharmSetDuringARetryIsWhatShowsOnceTheRetrySucceeds() {
    UnitState s =
        UnitState.initial(UnitId.of("a", 0))
            .apply(new UnitEvent.CharmAssigned(CHARM, AT))
            .apply(new UnitEvent.WorkloadStatusSet(Status.of("blocked", "needs config", AT), AT))
            .apply(new UnitEvent.HookStarted(PlannedHook.of(HookKind.INSTALL, 1, 1), 1, "ctx", AT))
            .apply(new UnitEvent.HookFailed("install", 1, "exit status 1", 1, AT))
            .apply(new UnitEvent.HookStarted(PlannedHook.of(HookKind.INSTALL, 1, 1), 2, "ctx2", AT))
            .apply(new UnitEvent.WorkloadStatusSet(Status.of("active", "", AT), AT));
    assertThat(s.statuses().workload().toString())
        .as("while the retry runs")
        .isEqualTo("error: hook failed: \"install\"");
    s = s.apply(new UnitEvent.HookCompleted("install", 1, AT));
    assertThat(s.statuses().workload().value()).isEqualTo("active");
  }

  @Test
  void upgradeCharmForcesConfigChangedAndRemoveMakesTheUnitDead() {
    UnitState s =
        UnitState.initial(UnitId.of("a", 0))
            .apply(new UnitEvent.CharmAssigned(CHARM, AT))
            .apply(new UnitEvent.ConfigAssigned(1, AT));
    s = run(run(s, HookKind.INSTALL), HookKind.CONFIG_CHANGED);
    assertThat(s.progress().configSeen()).isEqualTo(1);
    s = run(s, HookKind.UPGRADE_CHARM);
    assertThat(s.progress().configSeen()).isEqualTo(-1);
    s = s.apply(new UnitEvent.LifeAssigned(Life.DYING, AT));
    s = run(run(s, HookKind.STOP), HookKind.REMOVE);
    assertThat(s.isDead()).isTrue();
    assertThat(s.apply(new UnitEvent.Revived(AT))).isEqualTo(UnitState.initial(UnitId.of("a", 0)));
  }

  @Test
  void leaderSettingsChangedThatNeverRanDiffersFromOneRunForGenerationZeroAndSurvivesASnapshot()
      throws Exception {
    UnitState follower =
        UnitState.initial(UnitId.of("a", 1)).apply(new UnitEvent.CharmAssigned(CHARM, AT));
    assertThat(follower.progress().leaderSettingsChangedRanFor(0)).as("never ran").isFalse();
    UnitState ranFor0 = run(follower, HookKind.LEADER_SETTINGS_CHANGED);
    assertThat(ranFor0.progress().leaderSettingsChangedRanFor(0)).isTrue();
    UnitState ranFor2 =
        run(
            ranFor0.apply(new UnitEvent.LeaderSettingsAssigned(2, AT)),
            HookKind.LEADER_SETTINGS_CHANGED);
    assertThat(ranFor2.progress().leaderSettingsChangedRanFor(2)).isTrue();
    assertThat(ranFor2.progress().leaderSettingsChangedRanFor(0)).isFalse();
    JournalSerializer serializer = new JournalSerializer();
    for (UnitState s : List.of(follower, ranFor0, ranFor2)) {
      assertThat(serializer.fromBinary(serializer.toBinary(s), serializer.manifest(s)))
          .isEqualTo(s);
    }
  }

  private static UnitEvent.ActionQueued queued(long id, String name) {
    return new UnitEvent.ActionQueued(id, name, Map.of("who", "world"), AT);
  }

  private static UnitEvent.ActionFinished finished(long id, ActionStatus status, String message) {
    return new UnitEvent.ActionFinished(
        id, status, message, Map.of("return-code", 0), List.of(), AT.plusSeconds(1));
  }

  @Test
  void anActionWaitsInQueueOrderRunsThenIsKeptWithItsResultsAndTheAgentShowsIt() {
    UnitState s =
        UnitState.initial(UnitId.of("a", 0))
            .apply(new UnitEvent.CharmAssigned(CHARM, AT))
            .apply(queued(3, "greet"))
            .apply(queued(5, "snapshot"));
    assertThat(s.actions().pending()).extracting(UnitState.UnitAction::id).containsExactly(3L, 5L);
    assertThat(s.actions().lastPendingId()).isEqualTo(5);
    assertThat(s.actions().find(3).orElseThrow().status()).isEqualTo(ActionStatus.PENDING);

    s = s.apply(new UnitEvent.ActionStarted(3, "a/0-greet-1", AT));
    assertThat(s.actions().running().status()).isEqualTo(ActionStatus.RUNNING);
    assertThat(s.actions().running().contextId()).isEqualTo("a/0-greet-1");
    assertThat(s.statuses().agent().toString()).isEqualTo("executing: running action greet");

    s = s.apply(finished(3, ActionStatus.COMPLETED, ""));
    UnitState.UnitAction done = s.actions().find(3).orElseThrow();
    assertThat(done.status()).isEqualTo(ActionStatus.COMPLETED);
    assertThat(done.results()).containsEntry("return-code", 0);
    assertThat(done.params()).containsEntry("who", "world");
    assertThat(done.enqueued()).isEqualTo(AT);
    assertThat(done.completed()).isEqualTo(AT.plusSeconds(1));
    assertThat(s.actions().running()).isNull();
    assertThat(s.actions().pending()).extracting(UnitState.UnitAction::id).containsExactly(5L);
    assertThat(s.statuses().agent().value()).isEqualTo("idle");
  }

  @Test
  void anActionRunWhileAHookIsFailedLeavesTheErrorShowing() {
    UnitState s =
        UnitState.initial(UnitId.of("a", 0))
            .apply(new UnitEvent.CharmAssigned(CHARM, AT))
            .apply(new UnitEvent.HookStarted(PlannedHook.of(HookKind.INSTALL, 1, 1), 1, "ctx", AT))
            .apply(new UnitEvent.HookFailed("install", 1, "exit status 1", 1, AT))
            .apply(queued(1, "greet"))
            .apply(new UnitEvent.ActionStarted(1, "c", AT));
    assertThat(s.statuses().agent().value()).isEqualTo("error");
    s = s.apply(finished(1, ActionStatus.COMPLETED, ""));
    assertThat(s.statuses().agent().value()).isEqualTo("error");
    assertThat(s.statuses().workload().toString()).isEqualTo("error: hook failed: \"install\"");
  }

  @Test
  void aPendingActionCanBeCancelledAndOnlyTheLastHundredFinishedAreKept() {
    UnitState s =
        UnitState.initial(UnitId.of("a", 0))
            .apply(queued(1, "greet"))
            .apply(finished(1, ActionStatus.CANCELLED, "unit a/0 went away"));
    assertThat(s.actions().pending()).isEmpty();
    assertThat(s.actions().find(1).orElseThrow().started()).isNull();
    for (long id = 2; id <= UnitState.Actions.KEPT + 5; id++) {
      s =
          s.apply(queued(id, "greet"))
              .apply(new UnitEvent.ActionStarted(id, "c" + id, AT))
              .apply(finished(id, ActionStatus.FAILED, "exit status 1"));
    }
    assertThat(s.actions().finished()).hasSize(UnitState.Actions.KEPT);
    assertThat(s.actions().find(5)).as("dropped: in the journal only").isEmpty();
    assertThat(s.actions().find(UnitState.Actions.KEPT + 5).orElseThrow().message())
        .isEqualTo("exit status 1");
    assertThat(s.apply(finished(999, ActionStatus.FAILED, "?")))
        .as("an unknown id changes nothing")
        .isEqualTo(s);
  }
}
