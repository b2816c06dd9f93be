package io.caasoperator.unit;

import static io.caasoperator.unit.UnitStates.charm;
import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.action.ActionReport;
import io.caasoperator.domain.Life;
import io.caasoperator.domain.UnitId;
import io.caasoperator.hook.ProcessResult;
import io.caasoperator.hooktool.ToolEffect;
import io.caasoperator.persistence.ActionMessage;
import io.caasoperator.persistence.ActionStatus;
import io.caasoperator.persistence.HookKind;
import io.caasoperator.persistence.PebbleNotice;
import io.caasoperator.persistence.PlannedHook;
import io.caasoperator.persistence.UnitEvent.*;
import io.caasoperator.persistence.UnitState;
import io.caasoperator.persistence.secret.SecretOwner;
import io.caasoperator.persistence.secret.SecretTrigger;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;

/**
 * The order of hooks (and execs) as a pure function of the unit's state and its actor's activity.
 */
class UnitResolverTest {
  private static final Instant AT = Instant.EPOCH;
  private static final UnitResolver.Activity IDLE = UnitResolver.Activity.IDLE;
  private static final UnitResolver.Activity RETRY_DUE =
      new UnitResolver.Activity(false, false, false, true, false);
  private static final UnitResolver.Activity UPDATE_STATUS_DUE =
      new UnitResolver.Activity(false, false, false, false, true);
  private static final UnitResolver.Activity BUSY =
      new UnitResolver.Activity(true, false, false, true, true);
  private static final UnitResolver.Activity EXEC_WAITING =
      new UnitResolver.Activity(false, false, true, false, true);

  /** What a new leader runs first, as the first test spells out. */
  private static final List<String> LEADER_STARTS =
      List.of("install", "leader-elected", "config-changed", "start");

  /** What a new follower runs first, as the second test spells out. */
  private static final List<String> FOLLOWER_STARTS =
      List.of("install", "leader-settings-changed", "config-changed", "start");

  /** The hooks a new unit runs: its start sequence, then these. */
  private static List<String> startedThen(List<String> starts, String... then) {
    List<String> hooks = new ArrayList<>(starts);
    hooks.addAll(List.of(then));
    return hooks;
  }

  /** Runs what the resolver asks, completing each hook, until it waits; returns the hook names. */
  private static List<String> drive(UnitState[] state, boolean updateStatusDue) {
    List<String> ran = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      UnitResolver.Next next =
          UnitResolver.next(
              state[0],
              updateStatusDue && !ran.contains("update-status") ? UPDATE_STATUS_DUE : IDLE);
      UnitState s = state[0];
      switch (next) {
        case UnitResolver.Next.Wait w -> {
          return ran;
        }
        case UnitResolver.Next.Exec e -> throw new AssertionError("no exec waits");
        case UnitResolver.Next.RunAction action -> {
          String name = s.actions().find(action.id()).orElseThrow().name();
          s =
              s.apply(new ActionStarted(action.id(), "ctx", AT))
                  .apply(
                      new ActionFinished(
                          action.id(), ActionStatus.COMPLETED, "", Map.of(), List.of(), AT));
          ran.add("action " + name);
        }
        case UnitResolver.Next.AbandonAction abandoned -> {
          s =
              s.apply(
                  new ActionFinished(
                      abandoned.id(),
                      ActionStatus.FAILED,
                      UnitResolver.INTERRUPTED,
                      Map.of(),
                      List.of(),
                      AT));
          ran.add("abandoned " + abandoned.id());
        }
        case UnitResolver.Next.Die d -> s = s.apply(new LifeAssigned(Life.DEAD, AT));
        case UnitResolver.Next.SwitchCharm sc ->
            s = s.apply(new CharmSwitched(s.assigned().charm().generation(), AT));
        case UnitResolver.Next.Run run -> {
          if (run.switchCharm())
            s = s.apply(new CharmSwitched(s.assigned().charm().generation(), AT));
          s =
              s.apply(new HookStarted(run.hook(), run.attempt(), "ctx", AT))
                  .apply(new HookCompleted(run.hook().name(), 1, AT));
          ran.add(run.hook().name());
        }
      }
      state[0] = s;
    }
    throw new AssertionError("the resolver never settles: " + ran);
  }

  private static UnitState fresh(boolean leader) {
    return UnitState.initial(UnitId.of("a", 0))
        .apply(new CharmAssigned(charm(1), AT))
        .apply(new ConfigAssigned(1, AT))
        .apply(new LeadershipAssigned(leader, AT));
  }

  @Test
  void aNewLeaderRunsTheJujuStartupSequenceThenPebbleReadyInMetadataOrder() {
    UnitState[] s = {
      fresh(true)
          .apply(new ContainerStartObserved("db", "1", AT))
          .apply(new ContainerStartObserved("web", "1", AT))
    };
    assertThat(drive(s, true))
        .containsExactly(
            "install",
            "leader-elected",
            "config-changed",
            "start",
            "web-pebble-ready",
            "db-pebble-ready",
            "update-status");
  }

  @Test
  void aNewFollowerRunsLeaderSettingsChangedOnceAfterInstallBeforeConfigChanged() {
    // Juju 3.6: the leadership resolver runs leader-settings-changed for a non-leader whose local
    // leader-settings version (0 at start) differs from the remote one (1 after the watcher's first
    // event), and it comes before config-changed and start.
    UnitState[] s = {fresh(false).apply(new ContainerStartObserved("web", "1", AT))};
    assertThat(drive(s, true))
        .containsExactly(
            "install",
            "leader-settings-changed",
            "config-changed",
            "start",
            "web-pebble-ready",
            "update-status");
    assertThat(drive(s, false)).as("once").isEmpty();
  }

  @Test
  void aNewLeaderNeverRunsLeaderSettingsChangedNotEvenAfterItsOwnLeaderSet() {
    UnitState[] s = {fresh(true)};
    assertThat(drive(s, false))
        .containsExactly("install", "leader-elected", "config-changed", "start");
    s[0] = s[0].apply(new LeaderSettingsAssigned(1, AT));
    assertThat(drive(s, false)).isEmpty();
  }

  @Test
  void aFollowerRunsLeaderSettingsChangedOnceMoreForEachLeaderSet() {
    UnitState[] s = {fresh(false)};
    drive(s, false);
    s[0] = s[0].apply(new LeaderSettingsAssigned(1, AT));
    assertThat(drive(s, false)).containsExactly("leader-settings-changed");
    s[0] = s[0].apply(new LeaderSettingsAssigned(2, AT)).apply(new ConfigAssigned(2, AT));
    assertThat(drive(s, false))
        .as("before config-changed, as Juju's leadership resolver comes first")
        .containsExactly("leader-settings-changed", "config-changed");
  }

  @Test
  void leaderSettingsChangedWhileTheFollowersHookRunsRunItAgain() {
    // The follower's first leader-settings-changed read the settings of generation 0; the leader's
    // leader-set (generation 1) lands while it runs: it must run again, or the follower never
    // sees the leader's settings.
    UnitState s = fresh(false);
    UnitResolver.Next next;
    while (true) {
      next = UnitResolver.next(s, IDLE);
      assertThat(next).isInstanceOf(UnitResolver.Next.Run.class);
      PlannedHook hook = ((UnitResolver.Next.Run) next).hook();
      s = s.apply(new HookStarted(hook, 1, "ctx", AT));
      if (hook.kind() == HookKind.LEADER_SETTINGS_CHANGED) break;
      s = s.apply(new HookCompleted(hook.name(), 1, AT));
    }
    s =
        s.apply(new LeaderSettingsAssigned(1, AT))
            .apply(new HookCompleted("leader-settings-changed", 1, AT));
    UnitState[] state = {s};
    assertThat(drive(state, false))
        .startsWith("leader-settings-changed")
        .containsOnlyOnce("leader-settings-changed");
  }

  @Test
  void aLeaderThatLosesLeadershipRunsLeaderSettingsChangedOnce() {
    UnitState[] s = {fresh(true)};
    drive(s, false);
    s[0] = s[0].apply(new LeadershipAssigned(false, AT));
    assertThat(drive(s, false)).containsExactly("leader-settings-changed");
    assertThat(drive(s, false)).isEmpty();
  }

  @Test
  void aFollowerRecoveredFromAnOlderOperatorsSnapshotRunsLeaderSettingsChangedOnceMoreAtMost()
      throws Exception {
    // Older operators stored the generation itself, 0 when it never ran (it ran from generation 1).
    var serializer = new io.caasoperator.persistence.JournalSerializer();
    for (long stored : List.of(0L, 3L)) {
      UnitState[] s = {fresh(false).apply(new LeaderSettingsAssigned(stored, AT))};
      drive(s, false);
      String snapshot =
          new String(serializer.toBinary(s[0]), java.nio.charset.StandardCharsets.UTF_8)
              .replaceFirst(
                  "\"leaderSettingsSeen\"\\s*:\\s*-?\\d+", "\"leaderSettingsSeen\":" + stored);
      s[0] =
          (UnitState)
              serializer.fromBinary(
                  snapshot.getBytes(java.nio.charset.StandardCharsets.UTF_8),
                  serializer.manifest(s[0]));
      assertThat(drive(s, false))
          .as("stored %d", stored)
          .containsExactly("leader-settings-changed");
      assertThat(drive(s, false)).isEmpty();
    }
  }

  @Test
  void pebbleNoticesRunAfterTheirContainersPebbleReadyInArrivalOrder() {
    Instant t1 = AT.plusSeconds(1);
    Instant t2 = AT.plusSeconds(2);
    UnitState[] s = {
      fresh(false)
          .apply(new ContainerStartObserved("web", "1", AT))
          .apply(new PebbleNoticeObserved(PebbleNotice.check("db", "alive", true, AT), AT))
          .apply(
              new PebbleNoticeObserved(
                  PebbleNotice.custom("web", "1", "custom", "example.com/a", t1), t1))
          .apply(new PebbleNoticeObserved(PebbleNotice.check("web", "alive", true, t1), t1))
          .apply(new PebbleNoticeObserved(PebbleNotice.check("web", "alive", false, t2), t2))
    };
    // db has not answered yet: its check waits for db-pebble-ready
    assertThat(drive(s, false))
        .containsExactlyElementsOf(
            startedThen(
                FOLLOWER_STARTS,
                "web-pebble-ready",
                "web-pebble-custom-notice",
                "web-pebble-check-failed",
                "web-pebble-check-recovered"));
    assertThat(s[0].observed().pebbleNotices())
        .containsExactly(PebbleNotice.check("db", "alive", true, AT));
    s[0] = s[0].apply(new ContainerStartObserved("db", "1", AT));
    assertThat(drive(s, false)).containsExactly("db-pebble-ready", "db-pebble-check-failed");
    assertThat(s[0].observed().pebbleNotices()).isEmpty();
  }

  @Test
  void aPebbleNoticeHookCarriesItsNoticeAndARetryKeepsIt() {
    PebbleNotice notice = PebbleNotice.custom("web", "7", "custom", "example.com/a", AT);
    UnitState[] s = {fresh(false).apply(new ContainerStartObserved("web", "1", AT))};
    drive(s, false);
    UnitState waiting = s[0].apply(new PebbleNoticeObserved(notice, AT));
    UnitResolver.Next next = UnitResolver.next(waiting, IDLE);
    assertThat(next)
        .isEqualTo(new UnitResolver.Next.Run(PlannedHook.pebble(notice, 1, 1), 1, false));
    UnitState failed =
        waiting
            .apply(new HookStarted(PlannedHook.pebble(notice, 1, 1), 1, "ctx", AT))
            .apply(new HookFailed("web-pebble-custom-notice", 1, "exit status 1", 1, AT));
    assertThat(failed.observed().pebbleNotices())
        .as("a failed hook's notice stays until it ran")
        .containsExactly(notice);
    assertThat(UnitResolver.next(failed, RETRY_DUE))
        .isEqualTo(new UnitResolver.Next.Run(PlannedHook.pebble(notice, 1, 1), 2, false));
  }

  private static SecretTrigger secretTrigger(HookKind kind, int revision) {
    return new SecretTrigger(
        kind, "d0j7ha3q1c4s73d2fa9g", SecretOwner.application("a"), "db", revision, AT);
  }

  @Test
  void secretHooksWaitForStartThenRunOnceEachInArrivalOrder() {
    SecretTrigger expired = secretTrigger(HookKind.SECRET_EXPIRED, 1);
    SecretTrigger remove = secretTrigger(HookKind.SECRET_REMOVE, 1);
    UnitState[] s = {
      fresh(true)
          .apply(new SecretTriggerObserved(expired, AT))
          .apply(new SecretTriggerObserved(remove, AT))
          .apply(new SecretTriggerObserved(expired, AT))
    };
    assertThat(s[0].observed().secretTriggers())
        .as("a re-delivery is the same occurrence")
        .containsExactly(expired, remove);
    assertThat(drive(s, false))
        .containsExactlyElementsOf(startedThen(LEADER_STARTS, "secret-expired", "secret-remove"));
    assertThat(s[0].observed().secretTriggers()).isEmpty();
  }

  @Test
  void aSecretHookCarriesItsTriggerAndAFailedOneRunsAgainWithIt() {
    SecretTrigger rotate = secretTrigger(HookKind.SECRET_ROTATE, 2);
    UnitState[] s = {fresh(true)};
    drive(s, false);
    UnitState waiting = s[0].apply(new SecretTriggerObserved(rotate, AT));
    PlannedHook hook = PlannedHook.secret(rotate, 1, 1);
    assertThat(hook.name()).isEqualTo("secret-rotate");
    assertThat(UnitResolver.next(waiting, IDLE))
        .isEqualTo(new UnitResolver.Next.Run(hook, 1, false));
    UnitState failed =
        waiting
            .apply(new HookStarted(hook, 1, "ctx", AT))
            .apply(new HookFailed("secret-rotate", 1, "exit status 1", 1, AT));
    assertThat(failed.observed().secretTriggers()).containsExactly(rotate);
    assertThat(UnitResolver.next(failed, RETRY_DUE))
        .isEqualTo(new UnitResolver.Next.Run(hook, 2, false));
  }

  @Test
  void anApplicationSecretsHookWaitsWhileTheUnitDoesNotLeadButItsOwnSecretsDoNot() {
    SecretTrigger application = secretTrigger(HookKind.SECRET_EXPIRED, 1);
    SecretTrigger own =
        new SecretTrigger(
            HookKind.SECRET_REMOVE, "d0j7hb3q1c4s73d2fb00", SecretOwner.unit("a/0"), "", 1, AT);
    UnitState[] s = {fresh(true)};
    drive(s, false);
    s[0] =
        s[0].apply(new SecretTriggerObserved(application, AT))
            .apply(new SecretTriggerObserved(own, AT))
            .apply(new LeadershipAssigned(false, AT));
    assertThat(drive(s, false)).containsExactly("leader-settings-changed", "secret-remove");
    assertThat(s[0].observed().secretTriggers()).containsExactly(application);
  }

  @Test
  void aDyingUnitRunsNoSecretHook() {
    UnitState[] s = {fresh(true)};
    drive(s, false);
    s[0] =
        s[0].apply(new SecretTriggerObserved(secretTrigger(HookKind.SECRET_REMOVE, 1), AT))
            .apply(new LifeAssigned(Life.DYING, AT));
    assertThat(drive(s, false)).containsExactly("stop", "remove");
  }

  @Test
  void gainingLeadershipLaterRunsLeaderElectedOnce() {
    UnitState[] s = {fresh(false)};
    assertThat(drive(s, false))
        .containsExactly("install", "leader-settings-changed", "config-changed", "start");
    s[0] = s[0].apply(new LeadershipAssigned(true, AT));
    assertThat(drive(s, false)).containsExactly("leader-elected");
    assertThat(drive(s, false)).isEmpty();
  }

  @Test
  void aNewCharmRunsUpgradeCharmThenConfigChanged() {
    UnitState[] s = {fresh(false)};
    drive(s, false);
    s[0] = s[0].apply(new CharmAssigned(charm(2), AT));
    assertThat(drive(s, false)).containsExactly("upgrade-charm", "config-changed");
    assertThat(s[0].charmInUse().generation()).isEqualTo(2);
  }

  @Test
  void aNewCharmBeforeInstallIsUsedSilently() {
    UnitState[] s = {fresh(false).apply(new CharmAssigned(charm(2), AT))};
    assertThat(drive(s, false))
        .containsExactly("install", "leader-settings-changed", "config-changed", "start");
    assertThat(s[0].charmInUse().generation()).isEqualTo(2);
  }

  @Test
  void aDyingUnitStopsThenIsRemovedAndADyingUninstalledUnitJustDies() {
    UnitState[] s = {fresh(false)};
    drive(s, false);
    s[0] = s[0].apply(new LifeAssigned(Life.DYING, AT)).apply(new ConfigAssigned(2, AT));
    assertThat(drive(s, false)).containsExactly("stop", "remove");
    assertThat(s[0].isDead()).isTrue();
    UnitState[] early = {fresh(false).apply(new LifeAssigned(Life.DYING, AT))};
    assertThat(drive(early, false)).isEmpty();
    assertThat(early[0].isDead()).isTrue();
  }

  @Test
  void anInterruptedHookIsRunAgainBeforeAnythingElse() {
    UnitState s =
        fresh(false).apply(new HookStarted(PlannedHook.of(HookKind.INSTALL, 1, 1), 1, "ctx", AT));
    UnitResolver.Next next = UnitResolver.next(s, EXEC_WAITING);
    assertThat(next).as("before a waiting exec too").isInstanceOf(UnitResolver.Next.Run.class);
    assertThat(((UnitResolver.Next.Run) next).hook().kind()).isEqualTo(HookKind.INSTALL);
    assertThat(UnitResolver.next(s, BUSY)).isInstanceOf(UnitResolver.Next.Wait.class);
  }

  @Test
  void aFailedHookWaitsForItsRetryAndThenRunsWithTheNextAttempt() {
    UnitState s =
        fresh(false)
            .apply(new HookStarted(PlannedHook.of(HookKind.INSTALL, 1, 1), 1, "ctx", AT))
            .apply(new HookFailed("install", 1, "exit status 1", 1, AT));
    assertThat(UnitResolver.next(s, UPDATE_STATUS_DUE)).isInstanceOf(UnitResolver.Next.Wait.class);
    var retry = (UnitResolver.Next.Run) UnitResolver.next(s, RETRY_DUE);
    assertThat(retry.hook().kind()).isEqualTo(HookKind.INSTALL);
    assertThat(retry.attempt()).isEqualTo(2);
  }

  @Test
  void aWaitingExecGoesBeforeTheNextHookButNotWhileSomethingRuns() {
    UnitState[] s = {fresh(false)};
    drive(s, false);
    UnitState configChanged = s[0].apply(new ConfigAssigned(2, AT));
    assertThat(UnitResolver.next(configChanged, EXEC_WAITING))
        .isInstanceOf(UnitResolver.Next.Exec.class);
    assertThat(
            UnitResolver.next(
                configChanged, new UnitResolver.Activity(true, false, true, false, false)))
        .isInstanceOf(UnitResolver.Next.Wait.class);
    UnitState failed =
        s[0].apply(new HookStarted(PlannedHook.of(HookKind.UPDATE_STATUS, 1, 1), 1, "ctx", AT))
            .apply(new HookFailed("update-status", 1, "exit status 1", 1, AT));
    assertThat(UnitResolver.next(failed, EXEC_WAITING))
        .as("a failed hook waiting for its retry lets execs run")
        .isInstanceOf(UnitResolver.Next.Exec.class);
  }

  @Test
  void nothingStartsWhileTheOperatorShutsDown() {
    UnitResolver.Activity draining = new UnitResolver.Activity(false, true, true, true, true);
    assertThat(UnitResolver.next(fresh(true), draining)).isInstanceOf(UnitResolver.Next.Wait.class);
    UnitState interrupted =
        fresh(false).apply(new HookStarted(PlannedHook.of(HookKind.INSTALL, 1, 1), 1, "ctx", AT));
    assertThat(UnitResolver.next(interrupted, draining)).isInstanceOf(UnitResolver.Next.Wait.class);
  }

  @Test
  void aHookEndsCompletedOrFailedWithTheReasonItsStatusShows() {
    var running = new UnitState.RunningHook(PlannedHook.of(HookKind.INSTALL, 1, 1), 1, "ctx", AT);
    Instant end = AT.plusMillis(250);
    Duration timeout = Duration.ofMinutes(1);
    assertThat(
            UnitResolver.hookEnded(
                running, ran(0, false, null, ""), 0, PodWait.DEFAULT, timeout, end))
        .isEqualTo(new UnitResolver.HookEnd.Completed(new HookCompleted("install", 250, end)));
    assertThat(
            UnitResolver.hookEnded(
                running, ran(3, false, null, "boom\n"), 0, PodWait.DEFAULT, timeout, end))
        .isEqualTo(
            new UnitResolver.HookEnd.Failed(
                new HookFailed("install", 3, "exit status 3", 250, end), "boom\n"));
    assertThat(
            failure(
                UnitResolver.hookEnded(
                    running, ran(-1, true, null, ""), 0, PodWait.DEFAULT, timeout, end)))
        .isEqualTo("hook timed out after 1m");
    assertThat(
            failure(
                UnitResolver.hookEnded(
                    running, ran(-1, false, "no such file", ""), 0, PodWait.DEFAULT, timeout, end)))
        .isEqualTo("hook could not start: no such file");
    assertThat(
            UnitResolver.hookEnded(
                running,
                new HookLauncher.Outcome.Broken("exec API unreachable"),
                0,
                PodWait.DEFAULT,
                timeout,
                end))
        .isEqualTo(
            new UnitResolver.HookEnd.Failed(
                new HookFailed("install", -1, "hook could not run: exec API unreachable", 250, end),
                ""));
  }

  private static HookLauncher.Outcome ran(
      int exitCode, boolean timedOut, String startFailure, String stderr) {
    return new HookLauncher.Outcome.Ran(
        new ProcessResult(
            exitCode, "", stderr, Duration.ofMillis(1), timedOut, false, startFailure));
  }

  /** A process that ran to its end, in two seconds. */
  private static HookLauncher.Outcome exited(int exitCode, String stdout, String stderr) {
    return new HookLauncher.Outcome.Ran(
        new ProcessResult(exitCode, stdout, stderr, Duration.ofSeconds(2), false, false, null));
  }

  private static String failure(UnitResolver.HookEnd end) {
    return ((UnitResolver.HookEnd.Failed) end).event().reason();
  }

  @Test
  void aHookWhosePodIsNotReadyWaitsBoundedlyWithoutFailingThenFailsWithTheReason() {
    var running = new UnitState.RunningHook(PlannedHook.of(HookKind.INSTALL, 1, 1), 1, "ctx", AT);
    PodWait podWait = new PodWait(List.of(Duration.ofSeconds(1), Duration.ofSeconds(2)));
    var notReady =
        new HookLauncher.Outcome.NotReady("pod a-0: neither charm-init nor workload is running");
    Instant end = AT.plusSeconds(3);
    assertThat(UnitResolver.hookEnded(running, notReady, 0, podWait, Duration.ofMinutes(1), end))
        .isEqualTo(new UnitResolver.HookEnd.AwaitPod(Duration.ofSeconds(1), 1, notReady.reason()));
    assertThat(UnitResolver.hookEnded(running, notReady, 1, podWait, Duration.ofMinutes(1), end))
        .isEqualTo(new UnitResolver.HookEnd.AwaitPod(Duration.ofSeconds(2), 2, notReady.reason()));
    assertThat(UnitResolver.hookEnded(running, notReady, 2, podWait, Duration.ofMinutes(1), end))
        .isEqualTo(
            new UnitResolver.HookEnd.Failed(
                new HookFailed(
                    "install",
                    -1,
                    "hook could not start: pod a-0: neither charm-init nor workload is running",
                    3000,
                    end),
                ""));
  }

  private static ActionQueued queued(long id, String name) {
    return new ActionQueued(id, name, Map.of(), AT);
  }

  @Test
  void waitingActionsRunBeforeTheNextHookInTheOrderTheyWereQueued() {
    UnitState[] s = {fresh(false)};
    drive(s, false);
    s[0] =
        s[0].apply(new ConfigAssigned(2, AT))
            .apply(queued(4, "backup"))
            .apply(queued(7, "restore"));
    assertThat(drive(s, false))
        .containsExactly("action backup", "action restore", "config-changed");
  }

  @Test
  void actionsAndExecsRunInTheOrderTheyArrived() {
    UnitState[] s = {fresh(false)};
    drive(s, false);
    UnitState twoWaiting = s[0].apply(queued(4, "backup")).apply(queued(7, "restore"));
    UnitResolver.Activity execAfterFirst =
        new UnitResolver.Activity(false, false, true, false, false, 4);
    assertThat(UnitResolver.next(twoWaiting, execAfterFirst))
        .isEqualTo(new UnitResolver.Next.RunAction(4));
    UnitState oneLeft =
        twoWaiting
            .apply(new ActionStarted(4, "ctx", AT))
            .apply(new ActionFinished(4, ActionStatus.COMPLETED, "", Map.of(), List.of(), AT));
    assertThat(UnitResolver.next(oneLeft, execAfterFirst))
        .as("action 7 came after the exec")
        .isInstanceOf(UnitResolver.Next.Exec.class);
    UnitResolver.Activity execBeforeAll =
        new UnitResolver.Activity(false, false, true, false, false, 0);
    assertThat(UnitResolver.next(twoWaiting, execBeforeAll))
        .isInstanceOf(UnitResolver.Next.Exec.class);
    assertThat(UnitResolver.next(twoWaiting, BUSY))
        .as("nothing while a hook or action runs")
        .isInstanceOf(UnitResolver.Next.Wait.class);
  }

  @Test
  void actionsWaitForInstallAndForAPendingUpgradeButRunWhileAHookIsFailed() {
    UnitState[] s = {fresh(false).apply(queued(1, "backup"))};
    assertThat(drive(s, false))
        .as("installed first")
        .containsExactly(
            "install", "action backup", "leader-settings-changed", "config-changed", "start");

    s[0] = s[0].apply(new CharmAssigned(charm(2), AT)).apply(queued(2, "backup"));
    assertThat(drive(s, false))
        .as("the new charm first, as Juju's OutdatedRemoteCharm")
        .containsExactly("upgrade-charm", "action backup", "config-changed");

    UnitState failed =
        s[0].apply(new HookStarted(PlannedHook.of(HookKind.UPDATE_STATUS, 2, 1), 1, "ctx", AT))
            .apply(new HookFailed("update-status", 1, "exit status 1", 1, AT))
            .apply(queued(3, "backup"));
    assertThat(UnitResolver.next(failed, IDLE)).isEqualTo(new UnitResolver.Next.RunAction(3));
  }

  @Test
  void anActionThatWasRunningAtARestartIsAbandonedNotRunAgainAfterAnInterruptedHookRanAgain() {
    UnitState[] s = {fresh(false)};
    drive(s, false);
    UnitState crashed =
        s[0].apply(queued(1, "backup"))
            .apply(new ActionStarted(1, "ctx", AT))
            .apply(queued(2, "restore"));
    assertThat(UnitResolver.next(crashed, EXEC_WAITING))
        .isEqualTo(new UnitResolver.Next.AbandonAction(1));
    UnitState[] after = {crashed};
    assertThat(drive(after, false)).containsExactly("abandoned 1", "action restore");
    assertThat(after[0].actions().find(1).orElseThrow().message())
        .isEqualTo(UnitResolver.INTERRUPTED);
  }

  @Test
  void aDyingUnitRunsItsWaitingActionsBeforeStopAndOneNeverInstalledDiesWithoutThem() {
    UnitState[] s = {fresh(false)};
    drive(s, false);
    s[0] = s[0].apply(queued(1, "backup")).apply(new LifeAssigned(Life.DYING, AT));
    assertThat(drive(s, false)).containsExactly("action backup", "stop", "remove");
    UnitState early =
        fresh(false).apply(queued(2, "backup")).apply(new LifeAssigned(Life.DYING, AT));
    assertThat(UnitResolver.next(early, IDLE)).isInstanceOf(UnitResolver.Next.Die.class);
  }

  @Test
  void anActionEndsWithJujusResultsAndTheExitStatusWinsOverAnActionFailMessage() {
    var running =
        new UnitState.UnitAction(
            3,
            "backup",
            Map.of(),
            ActionStatus.RUNNING,
            "",
            Map.of(),
            List.of(),
            "ctx",
            AT,
            AT,
            null);
    Instant end = AT.plusSeconds(2);
    Duration timeout = Duration.ofMinutes(30);
    ActionReport recorder =
        ActionReport.NONE
            .with(new ToolEffect.ActionResultSet(Map.of("file", "/tmp/b.tgz")), AT)
            .with(new ToolEffect.ActionLogged("compressing"), AT.plusSeconds(1));

    BiFunction<HookLauncher.Outcome, ActionReport, ActionFinished> ended =
        (outcome, charmSaid) -> UnitResolver.actionEnded(running, outcome, charmSaid, timeout, end);

    ActionFinished done = ended.apply(exited(0, "done\n", ""), recorder);
    assertThat(done.status()).isEqualTo(ActionStatus.COMPLETED);
    assertThat(done.message()).isEmpty();
    assertThat(done.results())
        .isEqualTo(Map.of("file", "/tmp/b.tgz", "return-code", 0, "stdout", "done\n"));
    assertThat(done.log()).containsExactly(new ActionMessage(AT.plusSeconds(1), "compressing"));
    assertThat(done.at()).isEqualTo(end);

    recorder = recorder.with(new ToolEffect.ActionFailed("disk full"), AT);
    ActionFinished failedByCharm = ended.apply(exited(0, "", ""), recorder);
    assertThat(failedByCharm.status()).isEqualTo(ActionStatus.FAILED);
    assertThat(failedByCharm.message()).isEqualTo("disk full");
    ActionFinished exited = ended.apply(exited(2, "", "boom\n"), recorder);
    assertThat(exited.message()).isEqualTo("exit status 2");
    assertThat(exited.results()).containsEntry("return-code", 2).containsEntry("stderr", "boom\n");

    assertThat(ended.apply(ran(-1, true, null, ""), ActionReport.NONE).message())
        .isEqualTo("action timed out after 30m");
    assertThat(ended.apply(ran(-1, false, "no such file", ""), ActionReport.NONE).message())
        .isEqualTo("action could not start: no such file");
    assertThat(
            ended
                .apply(new HookLauncher.Outcome.Broken("exec API unreachable"), ActionReport.NONE)
                .message())
        .isEqualTo("action could not run: exec API unreachable");
  }

  private static final UnitState.StorageInstance DATA_0 =
      new UnitState.StorageInstance("data/0", "filesystem", "/s/data-0");
  private static final UnitState.StorageInstance DATA_1 =
      new UnitState.StorageInstance("data/1", "filesystem", "/s/data-1");
  private static final UnitState.StorageInstance LOGS_0 =
      new UnitState.StorageInstance("logs/0", "filesystem", "/s/logs-0");

  @Test
  void storageGivenAtTheStartIsAttachedOnceTheUnitHasStartedInIdOrder() {
    UnitState[] s = {
      fresh(true)
          .apply(new StorageAssigned(LOGS_0, AT))
          .apply(new StorageAssigned(DATA_0, AT))
          .apply(new ContainerStartObserved("web", "1", AT))
    };
    assertThat(drive(s, true))
        .containsExactlyElementsOf(
            startedThen(
                LEADER_STARTS,
                "web-pebble-ready",
                "data-storage-attached",
                "logs-storage-attached",
                "update-status"));
    assertThat(s[0].storage().attached()).containsExactly("data/0", "logs/0");
    assertThat(drive(s, false)).as("attached once").isEmpty();
  }

  @Test
  void aStorageHookNamesItsInstanceWithItsLocation() {
    UnitState[] s = {fresh(false)};
    drive(s, false);
    s[0] = s[0].apply(new StorageAssigned(DATA_0, AT));
    UnitResolver.Next next = UnitResolver.next(s[0], IDLE);
    assertThat(next)
        .isInstanceOfSatisfying(
            UnitResolver.Next.Run.class,
            run -> {
              assertThat(run.hook().kind()).isEqualTo(HookKind.STORAGE_ATTACHED);
              assertThat(run.hook())
                  .isInstanceOfSatisfying(
                      PlannedHook.Storage.class, h -> assertThat(h.storage()).isEqualTo(DATA_0));
              assertThat(run.hook().name()).isEqualTo("data-storage-attached");
            });
  }

  @Test
  void storageAddedLaterIsAttachedAfterTheHookThatAddedIt() {
    UnitState[] s = {fresh(false).apply(new StorageAssigned(DATA_0, AT))};
    assertThat(drive(s, false))
        .containsExactlyElementsOf(startedThen(FOLLOWER_STARTS, "data-storage-attached"));
    s[0] = s[0].apply(new StorageAssigned(DATA_1, AT));
    assertThat(drive(s, false)).containsExactly("data-storage-attached");
    assertThat(s[0].storage().attached()).containsExactly("data/0", "data/1");
  }

  @Test
  void aDyingUnitDetachesItsAttachedStorageBeforeStopAndNeverAttachesMore() {
    UnitState[] s = {
      fresh(false).apply(new StorageAssigned(DATA_0, AT)).apply(new StorageAssigned(LOGS_0, AT))
    };
    drive(s, false);
    s[0] = s[0].apply(new StorageAssigned(DATA_1, AT)).apply(new LifeAssigned(Life.DYING, AT));
    assertThat(drive(s, false))
        .as("data/1 never attached: nothing to detach")
        .containsExactly("data-storage-detaching", "logs-storage-detaching", "stop", "remove");
    assertThat(s[0].isDead()).isTrue();
  }

  @Test
  void aUnitDyingBeforeItStartedDetachesNothingItDidNotAttach() {
    UnitState[] s = {fresh(false).apply(new StorageAssigned(DATA_0, AT))};
    s[0] =
        s[0].apply(new HookStarted(PlannedHook.of(HookKind.INSTALL, 1, 1), 1, "ctx", AT))
            .apply(new HookCompleted("install", 1, AT))
            .apply(new LifeAssigned(Life.DYING, AT));
    assertThat(drive(s, false)).containsExactly("stop", "remove");
  }

  @Test
  void aFailedStorageHookIsRetriedForTheSameInstance() {
    UnitState[] s = {fresh(false)};
    drive(s, false);
    PlannedHook attach = PlannedHook.storage(HookKind.STORAGE_ATTACHED, DATA_0, 1, 1);
    UnitState failed =
        s[0].apply(new StorageAssigned(DATA_0, AT))
            .apply(new HookStarted(attach, 1, "ctx", AT))
            .apply(new HookFailed("data-storage-attached", 1, "exit status 1", 1, AT));
    assertThat(UnitResolver.next(failed, RETRY_DUE))
        .isInstanceOfSatisfying(
            UnitResolver.Next.Run.class,
            run -> {
              assertThat(run.hook())
                  .isInstanceOfSatisfying(
                      PlannedHook.Storage.class, h -> assertThat(h.storage()).isEqualTo(DATA_0));
              assertThat(run.attempt()).isEqualTo(2);
            });
  }
}
