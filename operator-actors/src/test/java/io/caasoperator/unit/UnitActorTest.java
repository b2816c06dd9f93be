package io.caasoperator.unit;

import static io.caasoperator.testing.TestUnits.charm;
import static org.assertj.core.api.Assertions.assertThat;

import com.typesafe.config.ConfigFactory;
import io.caasoperator.action.ActionLookup;
import io.caasoperator.action.ActionReply;
import io.caasoperator.action.ActionRun;
import io.caasoperator.domain.CharmInfo;
import io.caasoperator.domain.CharmRef;
import io.caasoperator.domain.Life;
import io.caasoperator.domain.RetryPolicy;
import io.caasoperator.domain.UnitId;
import io.caasoperator.persistence.UnitEvent;
import io.caasoperator.persistence.UnitState;
import io.caasoperator.testing.InMemoryJournal;
import io.caasoperator.testing.ScriptedExecutor;
import io.caasoperator.testing.Settled;
import io.caasoperator.testing.TestUnits;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.ManualTime;
import org.apache.pekko.actor.testkit.typed.javadsl.TestProbe;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.persistence.testkit.javadsl.PersistenceTestKit;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The unit's hook order, exactly-once upgrades, failure, backoff and resolve, and recovery after a
 * crash, with a scripted executor standing in for processes and manual time for timers.
 */
class UnitActorTest {
  @AutoClose("shutdownTestKit")
  private static final ActorTestKit testKit =
      ActorTestKit.create(
          ConfigFactory.parseString("caas.journal.snapshot-every = 3")
              .withFallback(InMemoryJournal.withManualTime()));

  private static final ManualTime time = ManualTime.get(testKit.system());
  private static final AtomicInteger ids = new AtomicInteger();
  private static final Duration INTERVAL = Duration.ofMinutes(5);
  private static final ApplicationSnapshot APP = TestUnits.APPLICATION;

  private ScriptedExecutor executor;
  private TestProbe<UnitActor.Report> operator;
  private UnitDependencies deps;
  private UnitId unit;
  private final Path data = Path.of("target", "unit-actor-test");

  @BeforeEach
  void setUp() {
    executor = new ScriptedExecutor();
    operator = testKit.createTestProbe();
    deps = TestUnits.dependencies(executor, data);
    unit = UnitId.of("app" + ids.incrementAndGet(), 0); // a unique entity per test
  }

  private static final Set<String> ALL_HOOKS = TestUnits.lifecycleHooksAnd("web-pebble-ready");

  /** The test charm with every hook, generation 1. */
  private static final CharmInfo CHARM = charm(1, ALL_HOOKS);

  /** A new follower's hooks up to start (Juju 3.6: leader-settings-changed once after install). */
  private static final List<String> FOLLOWER_STARTUP =
      List.of("install", "leader-settings-changed", "config-changed", "start");

  /** A new follower unit, assigned {@code charm} with config 1. */
  private ActorRef<UnitActor.Command> assigned(CharmInfo charm) {
    var actor = spawn();
    actor.tell(assign(Life.ALIVE, charm, 1, false));
    return actor;
  }

  /** A follower unit, assigned {@code charm} with config 1, through its start-up hooks. */
  private ActorRef<UnitActor.Command> startedFollower(CharmInfo charm) {
    var actor = assigned(charm);
    for (String hook : FOLLOWER_STARTUP) executor.complete(hook);
    return actor;
  }

  private ActorRef<UnitActor.Command> spawn() {
    return testKit.spawn(UnitActor.create(unit, deps, operator.ref()));
  }

  private static UnitActor.Assign assign(Life life, CharmInfo charm, long config, boolean leader) {
    return new UnitActor.Assign(new Desired(life, charm, config, leader, 0, INTERVAL));
  }

  /** Calls hook tool {@code name} in {@code context}, with no input, and waits for its reply. */
  private static ToolReply tool(
      ActorRef<UnitActor.Command> actor, String context, String name, String... args) {
    TestProbe<ToolReply> reply = testKit.createTestProbe();
    actor.tell(new UnitActor.RunHookTool(context, name, List.of(args), "", APP, reply.ref()));
    return reply.receiveMessage();
  }

  /**
   * Asks {@code actor} to exec {@code command} (30 s, not as an action); the probe gets its reply.
   */
  private static TestProbe<ExecReply> exec(ActorRef<UnitActor.Command> actor, String command) {
    TestProbe<ExecReply> reply = testKit.createTestProbe();
    actor.tell(new UnitActor.RunExec(command, Duration.ofSeconds(30), null, reply.ref()));
    return reply;
  }

  /** Where the first event of this type stands in {@code events}. */
  private static int indexOfFirst(List<Object> events, Class<?> type) {
    return events.indexOf(events.stream().filter(type::isInstance).findFirst().orElseThrow());
  }

  private UnitState stateOf(ActorRef<UnitActor.Command> actor) {
    TestProbe<UnitState> probe = testKit.createTestProbe();
    actor.tell(new UnitActor.GetState(probe.ref()));
    return probe.receiveMessage();
  }

  @Test
  void leaderRunsInstallLeaderElectedConfigChangedStartThenPebbleReadyInOrder() {
    var actor = spawn();
    actor.tell(assign(Life.ALIVE, charm(1, ALL_HOOKS, "web"), 1, true));
    actor.tell(new UnitActor.ObserveContainerStart("web", "start-1"));
    List<String> hooks = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      var call = executor.next();
      hooks.add(call.hook());
      call.succeed();
    }
    assertThat(hooks)
        .containsExactly(
            "install", "leader-elected", "config-changed", "start", "web-pebble-ready");
    executor.expectNoHookStarted(Settled.unit(testKit, actor));
  }

  @Test
  void nonLeaderRunsLeaderSettingsChangedWhereTheLeaderRunsLeaderElected() {
    var actor = assigned(CHARM);
    executor.complete("install");
    executor.complete("leader-settings-changed");
    executor.complete("config-changed");
    executor.complete("start");
    executor.expectNoHookStarted(Settled.unit(testKit, actor));
  }

  @Test
  void pebbleReadyRunsOncePerContainerStartAndAgainOnARestartOfTheContainer() {
    var actor = startedFollower(charm(1, ALL_HOOKS, "web"));
    actor.tell(new UnitActor.ObserveContainerStart("web", "start-1"));
    executor.complete("web-pebble-ready");
    actor.tell(new UnitActor.ObserveContainerStart("web", "start-1"));
    executor.expectNoHookStarted(Settled.unit(testKit, actor));
    actor.tell(new UnitActor.ObserveContainerStart("web", "start-2"));
    assertThat(executor.complete("web-pebble-ready").invocation().environment())
        .containsEntry("JUJU_WORKLOAD_NAME", "web");
  }

  @Test
  void configChangeRunsConfigChangedOnceAndRepeatingTheSameAssignmentRunsNothing() {
    var actor = startedFollower(CHARM);
    actor.tell(assign(Life.ALIVE, CHARM, 2, false));
    executor.complete("config-changed");
    actor.tell(assign(Life.ALIVE, CHARM, 2, false));
    executor.expectNoHookStarted(Settled.unit(testKit, actor));
    assertThat(stateOf(actor).progress().configSeen()).isEqualTo(2);
  }

  @Test
  void charmChangeRunsUpgradeCharmThenConfigChangedExactlyOnceEvenAcrossACrash() {
    var actor = startedFollower(CHARM);
    actor.tell(assign(Life.ALIVE, charm(2, ALL_HOOKS), 1, false));
    var upgrade = executor.next("upgrade-charm");
    assertThat(upgrade.invocation().charmDir().toString()).endsWith("0".repeat(63) + "2");
    upgrade.succeed();
    executor.complete("config-changed");
    awaitState(actor, s -> s.progress().configSeen() == 1 && s.running() == null);

    testKit.stop(actor);
    var again = assigned(charm(2, ALL_HOOKS));
    executor.expectNoHookStarted(Settled.unit(testKit, again));
    assertThat(stateOf(again).progress().upgradedTo()).isEqualTo(2);
  }

  @Test
  void interruptedHookRunsAgainExactlyOnceAfterRestartAndCompletedHooksNever() {
    var actor = assigned(CHARM);
    executor.complete("install");
    executor.complete("leader-settings-changed");
    var interrupted = executor.next("config-changed");
    testKit.stop(actor); // the process's result never reaches the journal

    var again = spawn();
    var rerun = executor.next("config-changed");
    assertThat(rerun.invocation().contextId()).isNotEqualTo(interrupted.invocation().contextId());
    interrupted.succeed(); // a late result of the old process changes nothing
    rerun.succeed();
    executor.complete("start");
    executor.expectNoHookStarted(Settled.unit(testKit, again));
    assertThat(stateOf(again).hooks().run()).isEqualTo(4);
  }

  @Test
  void failedHookBlocksLaterHooksAndIsRetriedWithDoublingBackoff() {
    var actor = assigned(CHARM);
    executor.next().fail(1);
    UnitState failed = awaitState(actor, s -> s.failed() != null);
    assertThat(failed.statuses().workload().value()).isEqualTo("error");
    assertThat(failed.statuses().workload().message()).isEqualTo("hook failed: \"install\"");
    assertThat(failed.statuses().agent().value()).isEqualTo("error");

    time.timePasses(Duration.ofSeconds(4));
    executor.expectNoHookStarted(Settled.unit(testKit, actor));
    time.timePasses(Duration.ofSeconds(1));
    var second = executor.next("install");
    second.fail(1);
    awaitState(actor, s -> s.failed() != null && s.failed().attempt() == 2);
    time.timePasses(Duration.ofSeconds(9));
    executor.expectNoHookStarted(Settled.unit(testKit, actor));
    time.timePasses(Duration.ofSeconds(1));
    executor.complete("install");
    executor.complete("leader-settings-changed");
    executor.complete("config-changed");
    executor.complete("start");
    UnitState recovered = awaitState(actor, s -> s.progress().started() && s.running() == null);
    assertThat(recovered.statuses().workload().value()).isEqualTo("waiting");
  }

  @Test
  void resolveWithoutRetryCountsTheHookDoneAndMovesOn() {
    var actor = assigned(CHARM);
    executor.next().fail(3);
    awaitState(actor, s -> s.failed() != null);
    TestProbe<ResolveReply> reply = testKit.createTestProbe();
    actor.tell(new UnitActor.Resolve(false, reply.ref()));
    assertThat(reply.receiveMessage().outcome()).isEqualTo(ResolveReply.Outcome.RESOLVED);
    executor.complete("leader-settings-changed");
    executor.complete("config-changed");
    executor.complete("start");
    assertThat(stateOf(actor).progress().installed()).isTrue();
  }

  @Test
  void resolveWithRetryRunsTheFailedHookNowAndResolveWithoutFailureIsRefused() {
    var actor = assigned(CHARM);
    TestProbe<ResolveReply> reply = testKit.createTestProbe();
    executor.next().fail(1);
    awaitState(actor, s -> s.failed() != null);
    actor.tell(new UnitActor.Resolve(true, reply.ref()));
    assertThat(reply.receiveMessage().outcome()).isEqualTo(ResolveReply.Outcome.RESOLVED);
    executor.complete("install");
    executor.complete("leader-settings-changed");
    executor.complete("config-changed");
    executor.complete("start");
    actor.tell(new UnitActor.Resolve(true, reply.ref()));
    assertThat(reply.receiveMessage().outcome()).isEqualTo(ResolveReply.Outcome.NOTHING_TO_RESOLVE);
  }

  @Test
  void newCharmWhileAHookIsFailedIsUsedForAnImmediateRetry() {
    var actor = assigned(CHARM);
    executor.complete("install");
    executor.complete("leader-settings-changed");
    executor.next().fail(1); // config-changed
    awaitState(actor, s -> s.failed() != null);
    actor.tell(assign(Life.ALIVE, charm(2, ALL_HOOKS), 1, false));
    var retry = executor.next("config-changed");
    assertThat(retry.invocation().charmDir().toString()).endsWith("2");
    retry.succeed();
    executor.complete("upgrade-charm");
    executor.complete("config-changed");
    executor.complete("start");
  }

  @Test
  void missingHookIsSkippedNotFailed() {
    var actor = assigned(charm(1, Set.of("start")));
    executor.complete("start");
    UnitState state = stateOf(actor);
    assertThat(state.progress().installed()).isTrue();
    assertThat(state.failed()).isNull();
  }

  @Test
  void dyingUnitRunsStopThenRemoveAndReportsItselfDead() {
    var actor = startedFollower(CHARM);
    actor.tell(assign(Life.DYING, CHARM, 1, false));
    executor.complete("stop");
    executor.complete("remove");
    operator.fishForMessage(
        Duration.ofSeconds(5),
        r ->
            r instanceof UnitActor.Report.Dead d && d.unit().equals(unit)
                ? org.apache.pekko.actor.testkit.typed.javadsl.FishingOutcomes.complete()
                : org.apache.pekko.actor.testkit.typed.javadsl.FishingOutcomes.continueAndIgnore());
  }

  @Test
  void updateStatusRunsEveryIntervalOnceStarted() {
    var actor = startedFollower(CHARM);
    time.timePasses(INTERVAL);
    executor.complete("update-status");
    time.timePasses(INTERVAL);
    executor.complete("update-status");
  }

  @Test
  void stateRecoversFromSnapshotsAndEvents() {
    var actor = spawn();
    actor.tell(assign(Life.ALIVE, charm(1, ALL_HOOKS, "web"), 1, true));
    actor.tell(new UnitActor.ObserveContainerStart("web", "s1"));
    for (String hook :
        List.of("install", "leader-elected", "config-changed", "start", "web-pebble-ready")) {
      executor.complete(hook);
    }
    UnitState before =
        awaitState(
            actor, s -> s.progress().containersReady().containsKey("web") && s.running() == null);
    testKit.stop(actor);
    UnitState after = stateOf(spawn());
    assertThat(after).isEqualTo(before);
  }

  @Test
  void aFailingActorIsRestartedAfterThreeSecondsWithoutTouchingItsSibling() {
    var actor = spawn();
    UnitId siblingId = UnitId.of(unit.application().value(), 1);
    var sibling = testKit.spawn(UnitActor.create(siblingId, deps, operator.ref()));
    executor.throwOnceFor = unit.name();
    actor.tell(assign(Life.ALIVE, CHARM, 1, false));
    // the first unit's install crashes its actor; the sibling runs its install meanwhile
    sibling.tell(assign(Life.ALIVE, CHARM, 1, false));
    var siblingInstall = executor.next();
    assertThat(siblingInstall.unit()).isEqualTo(siblingId.name());
    // the executor threw for the unit: its actor crashed, and restarts only once 3 s have passed
    testKit
        .createTestProbe()
        .awaitAssert(
            Duration.ofSeconds(5),
            () -> {
              assertThat(executor.throwOnceFor).isNull();
              return null;
            });
    executor.expectNoHookStarted("the unit's actor crashed and no time has passed");
    time.timePasses(Duration.ofSeconds(3));
    var restarted = executor.next();
    assertThat(restarted.unit()).isEqualTo(unit.name());
    assertThat(restarted.hook()).isEqualTo("install");
    siblingInstall.succeed();
    restarted.succeed();
  }

  @Test
  void anExecWaitsForTheRunningHookAndNoHookStartsWhileItRuns() {
    var actor = assigned(CHARM);
    var install = executor.next();
    TestProbe<ExecReply> reply = exec(actor, "echo hi");
    executor.expectNoHookStarted(Settled.unit(testKit, actor)); // the exec waits for install
    install.succeed();
    var exec = executor.next();
    assertThat(exec.invocation().command())
        .containsExactly("/bin/sh", "-c", HookLauncher.EXEC_SHELL, "juju-exec", "echo hi");
    assertThat(exec.invocation().environment())
        .containsEntry("JUJU_UNIT_NAME", unit.name())
        .containsEntry("JUJU_HOOK_NAME", "")
        .doesNotContainKey("JUJU_DISPATCH_PATH");
    // leader-settings-changed waits for the exec
    executor.expectNoHookStarted(Settled.unit(testKit, actor));
    exec.result()
        .complete(
            new io.caasoperator.hook.ProcessResult(
                7, "hi\n", "", Duration.ofMillis(3), false, false, null));
    ExecReply done = reply.receiveMessage();
    assertThat(done.outcome()).isEqualTo(ExecReply.Outcome.RAN);
    assertThat(done.result().exitCode()).isEqualTo(7);
    assertThat(done.result().stdout()).isEqualTo("hi\n");
    executor.complete("leader-settings-changed");
    executor.complete("config-changed");
  }

  @Test
  void anExecIsJournaledBeforeItsProcessStartsAndHowItEndedAfterItsReply() {
    PersistenceTestKit journal = PersistenceTestKit.create(testKit.system());
    var actor = assigned(charm(1, Set.of()));
    awaitState(actor, s -> s.progress().started());
    TestProbe<ExecReply> reply = exec(actor, "echo hi");

    var exec = executor.next();
    var started = journal.persistedInStorage(UnitActor.persistenceId(unit)).getLast();
    assertThat(started)
        .isInstanceOf(UnitEvent.ExecStarted.class); // in the journal before the process ran
    assertThat(((UnitEvent.ExecStarted) started).contextId())
        .isEqualTo(exec.invocation().contextId());

    exec.result()
        .complete(
            new io.caasoperator.hook.ProcessResult(
                3, "hi\n", "", Duration.ofMillis(3), false, false, null));
    assertThat(reply.receiveMessage().result().exitCode()).isEqualTo(3);
    org.awaitility.Awaitility.await()
        .atMost(Duration.ofSeconds(10))
        .untilAsserted(
            () ->
                assertThat(journal.persistedInStorage(UnitActor.persistenceId(unit)).getLast())
                    .isEqualTo(
                        new UnitEvent.ExecCompleted(
                            exec.invocation().contextId(),
                            3,
                            false,
                            3,
                            ((UnitEvent.ExecCompleted)
                                    journal
                                        .persistedInStorage(UnitActor.persistenceId(unit))
                                        .getLast())
                                .at())));
  }

  @Test
  void endedHooksAndExecsAreCountedInTheMetrics() {
    var registry = io.caasoperator.metrics.OperatorMetrics.get(testKit.system()).registry();
    double installsBefore = count(registry, "caas_hooks", "install", "completed");
    double failedBefore = count(registry, "caas_hooks", "config-changed", "failed");
    double execsBefore = count(registry, "caas_execs", "failed");
    var actor = assigned(CHARM);
    executor.complete("install");
    executor.complete("leader-settings-changed");
    executor.next().fail(1);
    awaitState(actor, s -> s.failed() != null);
    TestProbe<ExecReply> reply = exec(actor, "false");
    executor.next().fail(1);
    reply.receiveMessage();

    assertThat(count(registry, "caas_hooks", "install", "completed")).isEqualTo(installsBefore + 1);
    assertThat(count(registry, "caas_hooks", "config-changed", "failed"))
        .isEqualTo(failedBefore + 1);
    assertThat(count(registry, "caas_execs", "failed")).isEqualTo(execsBefore + 1);
  }

  /**
   * The counter's value for these label values (0 before the first count); shared by every test of
   * this system.
   */
  private static double count(
      io.prometheus.metrics.model.registry.PrometheusRegistry registry,
      String name,
      String... labels) {
    for (var metric : registry.scrape()) {
      if (metric instanceof io.prometheus.metrics.model.snapshots.CounterSnapshot counter
          && counter.getMetadata().getPrometheusName().equals(name)) {
        for (var point : counter.getDataPoints()) {
          List<String> values = new ArrayList<>();
          point.getLabels().forEach(l -> values.add(l.getValue()));
          if (values.equals(List.of(labels))) return point.getValue();
        }
      }
    }
    return 0;
  }

  @Test
  void anExecOnADyingUnitIsRefused() {
    var actor = spawn();
    CharmInfo charm = charm(1, Set.of());
    actor.tell(assign(Life.ALIVE, charm, 1, false));
    actor.tell(assign(Life.DYING, charm, 1, false));
    TestProbe<ExecReply> reply = exec(actor, "true");
    ExecReply refused = reply.receiveMessage();
    assertThat(refused.outcome()).isEqualTo(ExecReply.Outcome.REFUSED);
    assertThat(refused.detail()).matches(".*is (dying|dead)");
  }

  @Test
  void anExecRunAsAnActionGetsItsNameInTheEnvironmentAndRepliesWithTheActionsResults() {
    var actor = assigned(charm(1, Set.of()));
    awaitState(actor, s -> s.progress().started());
    TestProbe<ExecReply> reply = testKit.createTestProbe();
    actor.tell(
        new UnitActor.RunExec(
            "./backup",
            Duration.ofSeconds(30),
            new ActionRun("backup", Map.of("to", "/tmp")),
            reply.ref()));
    var exec = executor.next();
    assertThat(exec.invocation().environment()).containsEntry("JUJU_ACTION_NAME", "backup");
    exec.result()
        .complete(
            new io.caasoperator.hook.ProcessResult(
                0, "", "", Duration.ofMillis(3), false, false, null));
    ExecReply done = reply.receiveMessage();
    assertThat(done.action().status()).isEqualTo("completed");
    assertThat(done.action().results()).isEmpty();
  }

  @Test
  void aHookToolWorksWhileItsHookRunsAndIsDeniedOnceItEnded() {
    var actor = assigned(CHARM);
    var install = executor.next();
    String context = install.invocation().contextId();
    assertThat(tool(actor, context, "status-set", "maintenance", "installing").denied()).isNull();
    assertThat(stateOf(actor).statuses().workload().message()).isEqualTo("installing");

    install.succeed();
    executor.next(); // config-changed runs: install's context is over
    assertThat(tool(actor, context, "status-set", "active").denied())
        .isEqualTo("the hook or command this token belongs to has finished");
    assertThat(stateOf(actor).statuses().workload().message()).isEqualTo("installing");
  }

  @Test
  void aHooksToolEffectsAreInTheJournalBeforeItsCompletionAndItsLaterCallsReadThem() {
    PersistenceTestKit journal = PersistenceTestKit.create(testKit.system());
    var actor = assigned(CHARM);
    var install = executor.next();
    String context = install.invocation().contextId();

    assertThat(tool(actor, context, "status-set", "maintenance", "step 1").outcome().exitCode())
        .isZero();
    assertThat(tool(actor, context, "status-get").outcome().stdout()).isEqualTo("maintenance\n");
    install.succeed();
    executor.next(); // config-changed: install's completion is written

    List<Object> events = journal.persistedInStorage(UnitActor.persistenceId(unit));
    assertThat(indexOfFirst(events, UnitEvent.WorkloadStatusSet.class))
        .isLessThan(indexOfFirst(events, UnitEvent.HookCompleted.class));
  }

  @Test
  void aHookWhoseToolEffectCannotBeWrittenRunsAgain() {
    PersistenceTestKit journal = PersistenceTestKit.create(testKit.system());
    var actor = assigned(CHARM);
    var install = executor.next();

    journal.failNextPersisted(UnitActor.persistenceId(unit));
    // answered before the write (the hook's completion makes it durable), which then failed:
    // the unit restarts from its journal and its hook, still started there, runs again
    assertThat(tool(actor, install.invocation().contextId(), "status-set", "active").denied())
        .isNull();
    time.timePasses(UnitActor.RESTART_DELAY);
    assertThat(executor.next().hook()).isEqualTo("install");
  }

  @Test
  void aDrainRefusesWaitingExecsRepliesWhenTheRunningHookEndsAndStartsNothingMore() {
    var actor = assigned(CHARM);
    var install = executor.next();
    TestProbe<ExecReply> exec = exec(actor, "echo hi");
    TestProbe<UnitActor.Drained> drained = testKit.createTestProbe();
    actor.tell(new UnitActor.Drain(drained.ref()));

    ExecReply refused = exec.receiveMessage();
    assertThat(refused.outcome()).isEqualTo(ExecReply.Outcome.REFUSED);
    assertThat(refused.detail()).isEqualTo("the operator is shutting down");
    Settled.unit(testKit, actor);
    drained.expectNoMessage(Duration.ZERO); // install still runs
    install.succeed();
    assertThat(drained.receiveMessage().unit()).isEqualTo(unit);
    executor.expectNoHookStarted(
        Settled.unit(testKit, actor)); // the next hook waits for the next start
    assertThat(exec(actor, "echo hi").receiveMessage().detail())
        .isEqualTo("the operator is shutting down");
  }

  @Test
  void aDeadUnitRunsNothingUntilItsNameIsUsedAgainThenStartsOver() {
    var actor = spawn();
    CharmInfo charm = charm(1, Set.of("install", "remove"), "web");
    actor.tell(assign(Life.ALIVE, charm, 1, false));
    executor.complete("install");
    actor.tell(assign(Life.DYING, charm, 1, false));
    executor.complete("remove");
    awaitState(actor, UnitState::isDead);

    actor.tell(new UnitActor.ObserveContainerStart("web", "start-1"));
    time.timePasses(INTERVAL); // no update-status for the dead
    TestProbe<ExecReply> exec = exec(actor, "true");
    assertThat(exec.receiveMessage().detail()).isEqualTo("unit " + unit + " is dead");
    executor.expectNoHookStarted(Settled.unit(testKit, actor));
    assertThat(stateOf(actor).observed().containerStarts()).isEmpty();

    actor.tell(assign(Life.ALIVE, charm, 1, false));
    executor.complete("install");
    assertThat(stateOf(actor).life()).isEqualTo(Life.ALIVE);
  }

  private static final String NOT_SCHEDULED =
      "pod app-0: neither charm-init nor workload is running";

  /**
   * Returns once the actor handled what it sent itself while handling earlier messages (a pod
   * wait's timer is then scheduled).
   */
  private void settle(ActorRef<UnitActor.Command> actor) {
    Settled.unit(testKit, actor);
  }

  private List<String> hookSteps(PersistenceTestKit journal) {
    return journal.persistedInStorage(UnitActor.persistenceId(unit)).stream()
        .map(
            e ->
                switch (e) {
                  case UnitEvent.HookStarted started ->
                      "started " + started.hook().name() + " " + started.contextId();
                  case UnitEvent.HookFailed failed ->
                      "failed " + failed.hook() + ": " + failed.reason();
                  case UnitEvent.HookCompleted completed -> "completed " + completed.hook();
                  default -> "";
                })
        .filter(step -> !step.isEmpty())
        .toList();
  }

  @Test
  void aStartedHookWhosePodIsNotReadyWaitsHoldingNoHookSlotAndRunsAgainInTheSameContext() {
    PersistenceTestKit journal = PersistenceTestKit.create(testKit.system());
    var bounded =
        new io.caasoperator.hook.BoundedHookExecutor(executor, 1); // --max-concurrent-hooks 1
    deps = TestUnits.dependencies(bounded, data);
    executor.notReady(unit.name(), 2, NOT_SCHEDULED);
    var actor = assigned(CHARM);
    String context = executor.nextNotReady().contextId();
    settle(actor);
    UnitState waiting = stateOf(actor);
    assertThat(waiting.running().contextId()).as("the hook stays started").isEqualTo(context);
    assertThat(waiting.failed()).isNull();
    assertThat(deps.contexts().running())
        .as("no hook-tool token works while nothing runs")
        .isZero();

    // Meanwhile a sibling's hooks take the only slot: the waiting unit holds none.
    UnitId siblingId = UnitId.of(unit.application().value(), 1);
    var sibling = testKit.spawn(UnitActor.create(siblingId, deps, operator.ref()));
    sibling.tell(assign(Life.ALIVE, CHARM, 1, false));
    var siblingInstall = executor.next();
    assertThat(siblingInstall.unit()).isEqualTo(siblingId.name());
    assertThat(bounded.availableSlots()).isZero();
    siblingInstall.succeed();
    executor.complete("leader-settings-changed");
    executor.complete("config-changed");
    executor.complete("start");

    time.timePasses(Duration.ofSeconds(1)); // the first wait is over: not ready again, wait 2 s
    assertThat(executor.nextNotReady().contextId()).isEqualTo(context);
    settle(actor);
    time.timePasses(Duration.ofSeconds(1));
    executor.expectNoHookStarted(Settled.unit(testKit, actor));
    time.timePasses(Duration.ofSeconds(1));
    var install = executor.next();
    assertThat(install.unit()).isEqualTo(unit.name());
    assertThat(install.hook()).isEqualTo("install");
    assertThat(install.invocation().contextId()).isEqualTo(context);
    install.succeed();
    executor.complete("leader-settings-changed");
    executor.complete("config-changed");
    executor.complete("start");
    awaitState(actor, s -> s.progress().started() && s.running() == null);
    assertThat(hookSteps(journal)).startsWith("started install " + context, "completed install");
  }

  @Test
  void aContainerStartOfTheUnitEndsTheWaitForItsPodAtOnce() {
    executor.notReady(unit.name(), 1, NOT_SCHEDULED);
    var actor = assigned(charm(1, ALL_HOOKS, "web"));
    String context = executor.nextNotReady().contextId();
    settle(actor);
    actor.tell(new UnitActor.ObserveContainerStart("charm-init", "init-1"));
    var install = executor.next("install"); // no time passed
    assertThat(install.invocation().contextId()).isEqualTo(context);
    install.succeed();
    executor.complete("leader-settings-changed");
    executor.complete("config-changed");
  }

  @Test
  void
      aPodThatNeverBecomesReadyFailsTheHookWithTheReasonAfterTheBoundedWaitsThenTheRetryPolicyTakesOver() {
    PersistenceTestKit journal = PersistenceTestKit.create(testKit.system());
    executor.notReady(unit.name(), PodWait.DEFAULT.attempts(), NOT_SCHEDULED);
    var actor = assigned(CHARM);
    for (Duration wait : PodWait.DEFAULT.delays()) {
      executor.nextNotReady();
      settle(actor);
      assertThat(stateOf(actor).failed()).isNull();
      time.timePasses(wait);
    }
    String context = executor.nextNotReady().contextId();

    UnitState failed = awaitState(actor, s -> s.failed() != null);
    assertThat(failed.failed().reason()).isEqualTo("hook could not start: " + NOT_SCHEDULED);
    assertThat(failed.statuses().workload().message()).isEqualTo("hook failed: \"install\"");
    assertThat(hookSteps(journal))
        .containsExactly(
            "started install " + context, "failed install: hook could not start: " + NOT_SCHEDULED);

    time.timePasses(RetryPolicy.DEFAULT.initial());
    var retried = executor.next("install");
    assertThat(retried.invocation().contextId()).isNotEqualTo(context);
    retried.succeed();
  }

  @Test
  void aDrainDoesNotWaitForAHookWaitingForItsPodAndTheWaitThenLaunchesNothing() {
    executor.notReady(unit.name(), 1, NOT_SCHEDULED);
    var actor = assigned(CHARM);
    executor.nextNotReady();
    settle(actor);
    TestProbe<UnitActor.Drained> drained = testKit.createTestProbe();
    actor.tell(new UnitActor.Drain(drained.ref()));
    assertThat(drained.receiveMessage().unit()).isEqualTo(unit);
    time.timePasses(Duration.ofSeconds(1));
    executor.expectNoHookStarted(Settled.unit(testKit, actor));
  }

  @Test
  void anExecWhosePodIsNotReadyIsRefusedAtOnceSayingWhy() {
    var actor = assigned(charm(1, Set.of()));
    awaitState(actor, s -> s.progress().started());
    executor.notReady(unit.name(), 1, NOT_SCHEDULED);
    TestProbe<ExecReply> reply = exec(actor, "echo hi");
    ExecReply refused = reply.receiveMessage();
    assertThat(refused.outcome()).isEqualTo(ExecReply.Outcome.REFUSED);
    assertThat(refused.detail()).isEqualTo("unit " + unit + " is not ready: " + NOT_SCHEDULED);

    TestProbe<ExecReply> next = exec(actor, "echo hi");
    executor.next().succeed(); // the next one runs
    assertThat(next.receiveMessage().outcome()).isEqualTo(ExecReply.Outcome.RAN);
  }

  private UnitState awaitState(
      ActorRef<UnitActor.Command> actor, java.util.function.Predicate<UnitState> condition) {
    TestProbe<UnitState> probe = testKit.createTestProbe();
    return probe.awaitAssert(
        Duration.ofSeconds(5),
        () -> {
          actor.tell(new UnitActor.GetState(probe.ref()));
          UnitState s = probe.receiveMessage();
          assertThat(condition.test(s)).as("state %s", s).isTrue();
          return s;
        });
  }

  // ---- charm actions

  private static final String GREET_SCHEMA =
      """
      {"type": "object", "title": "greet", "description": "Say hello.",
       "properties": {"who": {"type": "string"}, "times": {"type": "integer", "default": 1}},
       "required": ["who"], "additionalProperties": false}""";

  /**
   * A charm whose hooks are all missing (skipped) but install, with the action greet; {@code
   * scripted}: actions/greet exists.
   */
  private CharmInfo charmWithGreet(boolean scripted) throws java.io.IOException {
    String sha = (scripted ? "a" : "b").repeat(64);
    if (scripted) {
      Path script = data.resolve("charms").resolve(sha).resolve("actions/greet");
      java.nio.file.Files.createDirectories(script.getParent());
      java.nio.file.Files.writeString(script, "#!/bin/sh\n");
    }
    return new CharmInfo(
        1,
        "test",
        new CharmRef("/charms/test", null, 1, false),
        sha,
        List.of(),
        Set.of("install"),
        false,
        Map.of(),
        Map.of(
            "greet",
            new io.caasoperator.domain.CharmAction("Say hello.", GREET_SCHEMA, false, false, "")),
        Map.of(),
        Map.of());
  }

  /** An installed unit with {@code charm}, idle. */
  private ActorRef<UnitActor.Command> installed(CharmInfo charm) {
    var actor = assigned(charm);
    executor.complete("install");
    awaitState(actor, s -> s.progress().started() && s.running() == null);
    return actor;
  }

  private TestProbe<ActionReply> request(
      ActorRef<UnitActor.Command> actor, String name, Map<String, Object> params) {
    TestProbe<ActionReply> reply = testKit.createTestProbe();
    actor.tell(new UnitActor.RequestAction(name, params, reply.ref()));
    return reply;
  }

  /** Plays the operator: the next accepted request gets {@code id}; returns the unit's reply. */
  private ActionReply.Queued queue(
      ActorRef<UnitActor.Command> actor, TestProbe<ActionReply> reply, long id) {
    var accepted =
        (UnitActor.Report.ActionAccepted)
            operator
                .fishForMessage(
                    Duration.ofSeconds(10),
                    m ->
                        m instanceof UnitActor.Report.ActionAccepted
                            ? org.apache.pekko.actor.testkit.typed.javadsl.FishingOutcomes
                                .complete()
                            : org.apache.pekko.actor.testkit.typed.javadsl.FishingOutcomes
                                .continueAndIgnore())
                .getLast();
    actor.tell(
        new UnitActor.QueueAction(id, accepted.name(), accepted.params(), accepted.replyTo()));
    return (ActionReply.Queued) reply.receiveMessage();
  }

  private UnitState.UnitAction action(
      ActorRef<UnitActor.Command> actor, long id, boolean untilFinished) {
    TestProbe<ActionLookup> probe = testKit.createTestProbe();
    actor.tell(new UnitActor.GetAction(id, untilFinished, probe.ref()));
    return probe.receiveMessage(Duration.ofSeconds(10)).action();
  }

  private static io.caasoperator.hook.ProcessResult exited(int code, String stdout) {
    return new io.caasoperator.hook.ProcessResult(
        code, stdout, "", Duration.ofMillis(5), false, false, null);
  }

  @Test
  void anActionWaitsForTheRunningHookThenRunsWithJujusEnvironmentAndItsResultsAreRecorded()
      throws Exception {
    CharmInfo charm = charmWithGreet(true);
    var actor = assigned(charm);
    var install = executor.next();
    var reply = request(actor, "greet", Map.of("who", "world"));
    ActionReply.Queued queued = queue(actor, reply, 7);
    assertThat(queued.action().status())
        .isEqualTo(io.caasoperator.persistence.ActionStatus.PENDING);
    assertThat(queued.action().params())
        .as("the default filled in")
        .isEqualTo(Map.of("who", "world", "times", 1));
    executor.expectNoHookStarted(Settled.unit(testKit, actor)); // the action waits for install
    TestProbe<ActionLookup> watcher = testKit.createTestProbe();
    actor.tell(new UnitActor.GetAction(7, true, watcher.ref()));
    install.succeed();

    var run = executor.next();
    Map<String, String> env = run.invocation().environment();
    assertThat(run.invocation().command().getFirst()).endsWith("/charm/actions/greet");
    assertThat(env)
        .containsEntry("JUJU_ACTION_NAME", "greet")
        .containsEntry("JUJU_ACTION_UUID", "7")
        .containsEntry("JUJU_ACTION_TAG", "action-7")
        .containsEntry("JUJU_DISPATCH_PATH", "actions/greet")
        .containsEntry("JUJU_HOOK_NAME", "");
    assertThat(run.invocation().contextId()).startsWith(unit.name() + "-greet-");
    assertThat(stateOf(actor).statuses().agent().toString())
        .isEqualTo("executing: running action greet");
    String context = run.invocation().contextId();
    assertThat(tool(actor, context, "action-get", "who").outcome().stdout()).isEqualTo("world\n");
    tool(actor, context, "action-set", "greeting.text=hi world");
    tool(actor, context, "action-log", "greeted");
    Settled.unit(testKit, actor);
    watcher.expectNoMessage(Duration.ZERO); // the action still runs
    run.result().complete(exited(0, "said hi\n"));

    UnitState.UnitAction done = watcher.receiveMessage().action();
    assertThat(done.status()).isEqualTo(io.caasoperator.persistence.ActionStatus.COMPLETED);
    assertThat(done.results())
        .isEqualTo(
            Map.of(
                "greeting", Map.of("text", "hi world"), "return-code", 0, "stdout", "said hi\n"));
    assertThat(done.log())
        .extracting(io.caasoperator.persistence.ActionMessage::message)
        .containsExactly("greeted");
    assertThat(done.started()).isNotNull();
    assertThat(done.completed()).isNotNull();
    assertThat(
            awaitState(actor, s -> s.statuses().agent().value().equals("idle")).actions().find(7))
        .contains(done);
    assertThat(tool(actor, context, "action-get").denied())
        .as("its token died with it")
        .isNotNull();
  }

  @Test
  void anUnknownActionIsRefusedWithTheActionsTheCharmDefinesAndBadParametersWithWhatIsWrong()
      throws Exception {
    var actor = installed(charmWithGreet(true));
    ActionReply.Refused unknown =
        (ActionReply.Refused) request(actor, "nope", Map.of()).receiveMessage();
    assertThat(unknown.reason()).isEqualTo(ActionReply.Refusal.UNKNOWN_ACTION);
    assertThat(unknown.knownActions()).containsExactly("greet");
    assertThat(unknown.detail())
        .isEqualTo(
            "action \"nope\" not defined on unit \""
                + unit
                + "\"; its charm \"test\" defines greet");

    for (Map<String, Object> bad :
        List.<Map<String, Object>>of(
            Map.of(), Map.of("who", 1), Map.of("who", "x", "loud", true))) {
      ActionReply.Refused refused =
          (ActionReply.Refused) request(actor, "greet", bad).receiveMessage();
      assertThat(refused.reason()).as("%s", bad).isEqualTo(ActionReply.Refusal.INVALID_PARAMETERS);
      assertThat(refused.problems()).as("%s", bad).isNotEmpty();
      assertThat(refused.detail()).startsWith("invalid parameters for action \"greet\": ");
    }
    assertThat(stateOf(actor).actions()).as("nothing queued").isEqualTo(UnitState.Actions.NONE);
    executor.expectNoHookStarted(Settled.unit(testKit, actor));
  }

  @Test
  void aFailingActionIsRecordedFailedWithItsExitStatusWithoutPuttingTheUnitInError()
      throws Exception {
    var actor = installed(charmWithGreet(true));
    queue(actor, request(actor, "greet", Map.of("who", "x")), 1);
    var run = executor.next();
    run.result()
        .complete(
            new io.caasoperator.hook.ProcessResult(
                3, "", "oops\n", Duration.ofMillis(5), false, false, null));
    UnitState.UnitAction failed = action(actor, 1, true);
    assertThat(failed.status()).isEqualTo(io.caasoperator.persistence.ActionStatus.FAILED);
    assertThat(failed.message()).isEqualTo("exit status 3");
    assertThat(failed.results()).containsEntry("return-code", 3).containsEntry("stderr", "oops\n");
    UnitState after = awaitState(actor, s -> s.actions().running() == null);
    assertThat(after.failed()).isNull();
    assertThat(after.statuses().agent().value()).isEqualTo("idle");
  }

  @Test
  void anActionTheCharmHasNoScriptForFailsAsNotImplementedWithoutAProcess() throws Exception {
    var actor = installed(charmWithGreet(false));
    queue(actor, request(actor, "greet", Map.of("who", "x")), 2);
    UnitState.UnitAction failed = action(actor, 2, true);
    assertThat(failed.status()).isEqualTo(io.caasoperator.persistence.ActionStatus.FAILED);
    assertThat(failed.message()).isEqualTo("action not implemented on unit \"" + unit + "\"");
    executor.expectNoHookStarted(Settled.unit(testKit, actor));
  }

  @Test
  void
      anActionRunningWhenTheOperatorStopsIsRecordedFailedAfterTheRestartAndNeverRunsAgainWhileAWaitingOneRuns()
          throws Exception {
    PersistenceTestKit journal = PersistenceTestKit.create(testKit.system());
    var actor = installed(charmWithGreet(true));
    queue(actor, request(actor, "greet", Map.of("who", "first")), 1);
    var first = executor.next();
    queue(actor, request(actor, "greet", Map.of("who", "second")), 2);
    var started =
        journal.persistedInStorage(UnitActor.persistenceId(unit)).stream()
            .filter(e -> e instanceof UnitEvent.ActionStarted)
            .toList();
    assertThat(started).as("journaled before its process started").hasSize(1);
    testKit.stop(actor); // the process's end never reaches the journal

    var again = spawn();
    UnitState.UnitAction interrupted = action(again, 1, true);
    assertThat(interrupted.status()).isEqualTo(io.caasoperator.persistence.ActionStatus.FAILED);
    assertThat(interrupted.message())
        .isEqualTo("action interrupted by an operator restart; it is not run again");
    assertThat(executor.cancelled)
        .as("what was left of it is killed")
        .contains(first.invocation().contextId());
    var second = executor.next();
    assertThat(second.invocation().environment()).containsEntry("JUJU_ACTION_UUID", "2");
    first.result().complete(exited(0, "")); // a late end of the first run changes nothing
    second.result().complete(exited(0, ""));
    assertThat(action(again, 2, true).status())
        .isEqualTo(io.caasoperator.persistence.ActionStatus.COMPLETED);
    assertThat(action(again, 1, false).message()).isEqualTo(interrupted.message());
    executor.expectNoHookStarted(Settled.unit(testKit, again));
  }

  @Test
  void anExecThatCameAfterAnActionRunsAfterIt() throws Exception {
    var actor = assigned(charmWithGreet(true));
    var install = executor.next();
    queue(actor, request(actor, "greet", Map.of("who", "x")), 1);
    TestProbe<ExecReply> exec = exec(actor, "true");
    install.succeed();
    var first = executor.next();
    assertThat(first.invocation().environment()).containsEntry("JUJU_ACTION_NAME", "greet");
    first.result().complete(exited(0, ""));
    var second = executor.next();
    assertThat(second.invocation().command()).isEqualTo(HookLauncher.execCommand("true"));
    second.result().complete(exited(0, ""));
    assertThat(exec.receiveMessage().outcome()).isEqualTo(ExecReply.Outcome.RAN);
  }
}
