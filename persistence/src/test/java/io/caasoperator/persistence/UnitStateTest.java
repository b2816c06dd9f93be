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
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class UnitStateTest {
  private static final Instant AT = Instant.parse("2026-11-22T10:00:00Z");

  private static final UnitId A0 = UnitId.of("a", 0);

  /** Unit a/0 with the charm assigned, before its first hook. */
  private static UnitState assigned() {
    return UnitState.initial(A0).apply(new UnitEvent.CharmAssigned(CHARM, AT));
  }

  /** Attempt {@code attempt} of the hook starts. */
  private static UnitEvent.HookStarted started(HookKind kind, int attempt) {
    return new UnitEvent.HookStarted(PlannedHook.of(kind, 1, 1), attempt, "ctx" + attempt, AT);
  }

  private static UnitEvent.HookFailed installFailed() {
    return new UnitEvent.HookFailed("install", 1, "exit status 1", 1, AT);
  }

  /** Unit a/0 whose first install failed after the charm had set its workload status. */
  private static UnitState installFailedAfter(Status charmSet) {
    return assigned()
        .apply(new UnitEvent.WorkloadStatusSet(charmSet, AT))
        .apply(started(HookKind.INSTALL, 1))
        .apply(installFailed());
  }

  private static UnitState run(UnitState s, HookKind kind) {
    return s.apply(started(kind, 1)).apply(new UnitEvent.HookCompleted(kind.label(), 1, AT));
  }

  /**
   * Something a unit queues until its hook ran: the first occurrence, and a later one of the same
   * (a notice repeated, a secret hook retried).
   *
   * @param hookName the name of the hook that answers {@code first}
   */
  record Queued<T>(
      String what,
      T first,
      T later,
      Function<T, UnitEvent> observed,
      Function<UnitState.Observed, List<T>> queue,
      Function<T, PlannedHook> hook,
      String hookName) {
    List<T> in(UnitState s) {
      return queue.apply(s.observed());
    }

    @Override
    public String toString() {
      return what;
    }
  }

  static Stream<Queued<?>> queued() {
    return Stream.of(
        new Queued<>(
            "a Pebble notice",
            PebbleNotice.custom("web", "1", "custom", "example.com/a", AT),
            PebbleNotice.custom("web", "1", "custom", "example.com/a", AT.plusSeconds(1)),
            notice -> new UnitEvent.PebbleNoticeObserved(notice, AT),
            UnitState.Observed::pebbleNotices,
            notice -> PlannedHook.pebble(notice, 1, 0),
            "web-pebble-custom-notice"),
        new Queued<>(
            "a secret trigger",
            revisionOneExpired(AT),
            revisionOneExpired(AT.plusSeconds(300)),
            trigger -> new UnitEvent.SecretTriggerObserved(trigger, AT),
            UnitState.Observed::secretTriggers,
            trigger -> PlannedHook.secret(trigger, 1, 0),
            "secret-expired"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("queued")
  <T> void waitsOnceUntilItsHookCompletedThenLeavesTheQueue(Queued<T> q) {
    UnitState s =
        UnitState.initial(UnitId.of("c", 0))
            .apply(q.observed().apply(q.first()))
            .apply(q.observed().apply(q.first()))
            .apply(q.observed().apply(q.later()));
    assertThat(q.in(s))
        .as("a re-delivery is not queued twice; a later occurrence is")
        .containsExactly(q.first(), q.later());
    PlannedHook hook = q.hook().apply(q.first());
    assertThat(hook.name()).isEqualTo(q.hookName());
    s = s.apply(new UnitEvent.HookStarted(hook, 1, "ctx", AT));
    assertThat(q.in(s)).as("still waiting while it runs (a restart runs it again)").hasSize(2);
    s = s.apply(new UnitEvent.HookCompleted(hook.name(), 1, AT));
    assertThat(q.in(s)).containsExactly(q.later());
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
    UnitState s = installFailedAfter(Status.of("active", "ready", AT));
    assertThat(s.statuses().workload().toString()).isEqualTo("error: hook failed: \"install\"");
    assertThat(s.statuses().agent().value()).isEqualTo("error");
    assertThat(s.failed().attempt()).isEqualTo(1);
    s = s.apply(started(HookKind.INSTALL, 2)).apply(new UnitEvent.HookCompleted("install", 1, AT));
    assertThat(s.statuses().workload().toString()).isEqualTo("active: ready");
    assertThat(s.statuses().agent().value()).isEqualTo("idle");
    assertThat(s.failed()).isNull();
    assertThat(s.progress().installed()).isTrue();
  }

  @Test
  void theStatusTheCharmSetDuringARetryIsWhatShowsOnceTheRetrySucceeds() {
    UnitState s =
        installFailedAfter(Status.of("blocked", "needs config", AT))
            .apply(started(HookKind.INSTALL, 2))
            .apply(new UnitEvent.WorkloadStatusSet(Status.of("active", "", AT), AT));
    assertThat(s.statuses().workload().toString())
        .as("while the retry runs")
        .isEqualTo("error: hook failed: \"install\"");
    s = s.apply(new UnitEvent.HookCompleted("install", 1, AT));
    assertThat(s.statuses().workload().value()).isEqualTo("active");
  }

  @Test
  void upgradeCharmForcesConfigChangedAndRemoveMakesTheUnitDead() {
    UnitState s = assigned().apply(new UnitEvent.ConfigAssigned(1, AT));
    s = run(run(s, HookKind.INSTALL), HookKind.CONFIG_CHANGED);
    assertThat(s.progress().configSeen()).isEqualTo(1);
    s = run(s, HookKind.UPGRADE_CHARM);
    assertThat(s.progress().configSeen()).isEqualTo(-1);
    s = s.apply(new UnitEvent.LifeAssigned(Life.DYING, AT));
    s = run(run(s, HookKind.STOP), HookKind.REMOVE);
    assertThat(s.isDead()).isTrue();
    assertThat(s.apply(new UnitEvent.Revived(AT))).isEqualTo(UnitState.initial(A0));
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
    UnitState s = assigned().apply(queued(3, "greet")).apply(queued(5, "snapshot"));
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
        assigned()
            .apply(started(HookKind.INSTALL, 1))
            .apply(installFailed())
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
        UnitState.initial(A0)
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
