package io.caasoperator.operator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.caasoperator.action.ActionLookup;
import io.caasoperator.action.ActionReply;
import io.caasoperator.charm.CharmFiles;
import io.caasoperator.domain.ApplicationName;
import io.caasoperator.domain.CharmRef;
import io.caasoperator.domain.Life;
import io.caasoperator.domain.UnitId;
import io.caasoperator.hook.HookContexts;
import io.caasoperator.persistence.OperatorEvent;
import io.caasoperator.persistence.UnitEvent;
import io.caasoperator.substrate.ApplicationObservation;
import io.caasoperator.substrate.ContainerStarted;
import io.caasoperator.substrate.Specification;
import io.caasoperator.substrate.UnitObservation;
import io.caasoperator.substrate.UnitsObserved;
import io.caasoperator.testing.InMemoryJournal;
import io.caasoperator.testing.ScriptedExecutor;
import io.caasoperator.testing.Settled;
import io.caasoperator.testing.TestOperators;
import io.caasoperator.unit.ExecReply;
import io.caasoperator.unit.ResolveReply;
import io.caasoperator.unit.ToolReply;
import io.caasoperator.unit.UnitActor;
import io.caasoperator.unit.UnitView;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.apache.pekko.Done;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.LoggingTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.ManualTime;
import org.apache.pekko.actor.testkit.typed.javadsl.TestProbe;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.persistence.testkit.javadsl.PersistenceTestKit;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The operator with real unit actors, a fake substrate and hooks the test completes: deployment,
 * config fan-out, leadership, removal and its retries, re-listing, container starts, routing of
 * execs, resolves and hook tools, and drain.
 */
class OperatorActorTest {
  @AutoClose("shutdownTestKit")
  private static final ActorTestKit testKit = ActorTestKit.create(InMemoryJournal.withManualTime());

  private static final ManualTime time = ManualTime.get(testKit.system());
  private static final AtomicInteger ids = new AtomicInteger();

  @TempDir Path data;
  private ScriptedExecutor executor;
  private FakeSubstrate substrate;
  private ApplicationName app;
  private final List<String> gone = new CopyOnWriteArrayList<>();
  private Path charmDir;

  @BeforeEach
  void setUp() throws IOException {
    executor = new ScriptedExecutor();
    substrate = new FakeSubstrate(executor);
    app = ApplicationName.of("app" + ids.incrementAndGet());
    charmDir =
        CharmFiles.empty()
            .file("metadata.yaml", "name: test\ncontainers:\n  web: {}\n")
            .file("config.yaml", "options:\n  greeting: {type: string, default: hi}\n")
            .hooks(
                "install",
                "leader-elected",
                "config-changed",
                "start",
                "upgrade-charm",
                "stop",
                "remove",
                "leader-settings-changed",
                "web-pebble-ready")
            .writeDirectory(data.resolve("charm-src"));
  }

  /**
   * An operator whose units {@code ordinals} ran their start-up hooks with the charm's defaults.
   */
  private ActorRef<OperatorActor.Command> startedWith(int... ordinals) {
    var operator = spawn();
    substrate.units(alive(ordinals));
    substrate.application(new ApplicationObservation.Specified(spec(Map.of(), 0)));
    executor.completeByUnit(4 * ordinals.length);
    return operator;
  }

  private ActorRef<OperatorActor.Command> spawn() {
    return testKit.spawn(
        OperatorActor.create(
            TestOperators.dependencies(app, substrate, executor, data, gone::add)));
  }

  private Specification spec(Map<String, Object> config, long modifiedVersion) {
    return new Specification(
        app,
        new CharmRef(charmDir.toString(), null, modifiedVersion, false),
        config,
        Duration.ofMinutes(5));
  }

  /** Runs {@code step}, expecting it to log {@code logged}. */
  private static void expectLogged(LoggingTestKit logged, Runnable step) {
    logged.expect(
        testKit.system(),
        () -> {
          step.run();
          return null;
        });
  }

  private UnitsObserved alive(int... ordinals) {
    return FakeSubstrate.alive(app, ordinals);
  }

  private UnitId unit(int n) {
    return new UnitId(app, n);
  }

  private void deploy(Map<String, Object> config, int... ordinals) {
    substrate.units(alive(ordinals));
    substrate.application(new ApplicationObservation.Specified(spec(config, 0)));
  }

  private List<Object> journal(String persistenceId) {
    return PersistenceTestKit.create(testKit.system()).persistedInStorage(persistenceId);
  }

  private ApplicationView status(ActorRef<OperatorActor.Command> operator) {
    TestProbe<ApplicationView> probe = testKit.createTestProbe();
    operator.tell(new OperatorActor.GetStatus(probe.ref()));
    return probe.receiveMessage();
  }

  /** Waits (5 seconds at most) until the operator's status passes {@code check}. */
  private void awaitStatus(
      ActorRef<OperatorActor.Command> operator, Consumer<ApplicationView> check) {
    await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> check.accept(status(operator)));
  }

  @Test
  void deploysTheCharmThenRunsEveryUnitsLifecycleWithTheLowestOrdinalAsLeader() {
    var operator = spawn();
    substrate.units(alive(0, 1));
    substrate.application(new ApplicationObservation.Specified(spec(Map.of(), 0)));
    Map<String, List<String>> hooks = executor.completeByUnit(8);
    assertThat(hooks.get(app + "/0"))
        .containsExactly("install", "leader-elected", "config-changed", "start");
    assertThat(hooks.get(app + "/1"))
        .containsExactly("install", "leader-settings-changed", "config-changed", "start");
    ApplicationView view = status(operator);
    assertThat(view.status().value()).isEqualTo("active");
    assertThat(view.leader()).isEqualTo(app + "/0");
    assertThat(view.charm().generation()).isEqualTo(1);
  }

  @Test
  void aConfigEditRunsConfigChangedOnEveryUnitOnce() {
    var operator = startedWith(0, 1);
    substrate.application(
        new ApplicationObservation.Specified(spec(Map.of("greeting", "hello"), 0)));
    Map<String, List<String>> hooks = executor.completeByUnit(2);
    assertThat(hooks.values()).allSatisfy(h -> assertThat(h).containsExactly("config-changed"));
    executor.expectNoHookStarted(Settled.operator(testKit, operator, unit(0), unit(1)));
  }

  @Test
  void configThatDoesNotFitTheCharmBlocksTheApplicationAndKeepsTheLastGoodConfig() {
    var operator = startedWith(0);
    substrate.application(new ApplicationObservation.Specified(spec(Map.of("colour", "red"), 0)));
    awaitStatus(
        operator,
        view -> {
          assertThat(view.status().value()).isEqualTo("blocked");
          assertThat(view.status().message()).contains("colour");
        });
    executor.expectNoHookStarted(Settled.operator(testKit, operator, unit(0)));
    assertThat(status(operator).configGeneration()).isEqualTo(1);
  }

  @Test
  void aModifiedCharmRunsUpgradeCharmThenConfigChangedOnEveryUnit() throws IOException {
    var operator = startedWith(0, 1);
    Files.writeString(charmDir.resolve("hooks").resolve("start"), "#!/bin/sh\necho v2\n");
    substrate.application(new ApplicationObservation.Specified(spec(Map.of(), 1)));
    Map<String, List<String>> hooks = executor.completeByUnit(4);
    assertThat(hooks.values())
        .allSatisfy(h -> assertThat(h).containsExactly("upgrade-charm", "config-changed"));
    assertThat(status(operator).charm().generation()).isEqualTo(2);
  }

  @Test
  void whenTheLeaderGoesAnotherAliveUnitLeadsAndRunsLeaderElected() {
    var operator = startedWith(0, 1);
    substrate.units(
        new UnitsObserved(
            List.of(
                new UnitObservation(new UnitId(app, 0), Life.DYING),
                new UnitObservation(new UnitId(app, 1), Life.ALIVE)),
            true));
    Map<String, List<String>> hooks = executor.completeByUnit(3);
    assertThat(hooks.get(app + "/0")).containsExactly("stop", "remove");
    assertThat(hooks.get(app + "/1")).containsExactly("leader-elected");
    awaitStatus(
        operator,
        view -> {
          assertThat(substrate.released).containsExactly(new UnitId(app, 0));
          assertThat(view.leader()).isEqualTo(app + "/1");
          assertThat(view.units()).extracting(UnitView::unit).containsExactly(new UnitId(app, 1));
        });
  }

  @Test
  void aUnitThatVanishesIsRemovedWithoutItsHooks() {
    var operator = startedWith(0, 1);
    substrate.units(alive(0));
    awaitStatus(
        operator,
        view -> {
          assertThat(substrate.released).containsExactly(new UnitId(app, 1));
          assertThat(view.units()).hasSize(1);
        });
    executor.expectNoHookStarted(Settled.operator(testKit, operator, unit(0), unit(1)));
  }

  @Test
  void aBrokenUnitsWatchIsRestartedAndItsFullListingMissesNothing() {
    startedWith(0);
    substrate.breakUnitsWatch();
    substrate.units(alive(0, 1)); // a change while the watch is down
    time.timePasses(Duration.ofSeconds(2));
    await().atMost(Duration.ofSeconds(5)).until(() -> substrate.unitWatches.get() >= 2);
    Map<String, List<String>> hooks = executor.completeByUnit(4);
    assertThat(hooks.get(app + "/1"))
        .containsExactly("install", "leader-settings-changed", "config-changed", "start");
  }

  @Test
  void anInvalidSpecificationBlocksAndTheApplicationGoneIsReportedOnce() {
    var operator = startedWith(0);
    substrate.application(
        new ApplicationObservation.Invalid("spec app.yaml: \"scale\": must be >= 0, got -1"));
    awaitStatus(operator, view -> assertThat(view.status().message()).contains("must be >= 0"));
    substrate.application(new ApplicationObservation.NotFound("spec file removed"));
    substrate.application(new ApplicationObservation.NotFound("spec file removed"));
    await().atMost(Duration.ofSeconds(5)).until(() -> gone.size() == 1);
  }

  @Test
  void aBrokenCharmBlocksWithAMessageNamingItAndKeepsTheUnitsOnTheOldCharm() throws IOException {
    var operator = startedWith(0);
    Files.writeString(charmDir.resolve("metadata.yaml"), "summary: no name\n");
    substrate.application(new ApplicationObservation.Specified(spec(Map.of(), 1)));
    awaitStatus(
        operator,
        view -> {
          assertThat(view.status().value()).isEqualTo("blocked");
          assertThat(view.status().message())
              .startsWith("charm " + charmDir)
              .contains("metadata.yaml")
              .contains("name");
          assertThat(view.charm().generation()).isEqualTo(1);
        });
    executor.expectNoHookStarted(Settled.operator(testKit, operator, unit(0)));
  }

  @Test
  void aRecordedCharmWhoseFilesAreGoneIsFetchedAgainBeforeUnitsRun() throws IOException {
    var operator = startedWith(0);
    // the last hook's completion is in the unit's journal before the operator stops
    awaitStatus(
        operator,
        view ->
            assertThat(view.units()).allSatisfy(u -> assertThat(u.lastHook()).isEqualTo("start")));
    String sha = status(operator).charm().sha256();
    testKit.stop(operator);
    Path deployed = data.resolve("charms").resolve(sha);
    try (var files = Files.walk(deployed)) {
      for (Path p : files.sorted(java.util.Comparator.reverseOrder()).toList()) Files.delete(p);
    }

    var restarted = spawn();
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> Files.isRegularFile(deployed.resolve("metadata.yaml")));
    ApplicationView view = status(restarted);
    assertThat(view.charm().generation()).isEqualTo(1); // the same charm again, not a new one
    // nothing to upgrade, nothing reruns
    executor.expectNoHookStarted(Settled.operator(testKit, restarted, unit(0)));
  }

  @Test
  void theModelGetsItsIdentityOnceEveryHookSeesItAndARestartedOperatorKeepsIt() {
    var operator = spawn();
    substrate.units(alive(0, 1));
    substrate.application(new ApplicationObservation.Specified(spec(Map.of(), 0)));
    List<String> uuids = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      var call = executor.next();
      uuids.add(call.invocation().environment().get("JUJU_MODEL_UUID"));
      call.succeed();
    }
    assertThat(uuids).as("every hook of every unit, the same identity").containsOnly(uuids.get(0));
    assertThat(java.util.UUID.fromString(uuids.get(0)).version()).isEqualTo(4);
    List<Object> identified =
        journal(OperatorActor.persistenceId(app.value())).stream()
            .filter(OperatorEvent.ModelIdentified.class::isInstance)
            .toList();
    assertThat(identified).hasSize(1);
    awaitStatus(
        operator,
        view ->
            assertThat(view.units()).allSatisfy(u -> assertThat(u.lastHook()).isEqualTo("start")));

    testKit.stop(operator);
    var restarted = spawn();
    await()
        .atMost(Duration.ofSeconds(10))
        .untilAsserted(
            () -> {
              var probe = testKit.<Optional<UnitView>>createTestProbe();
              restarted.tell(new OperatorActor.GetUnit(unit(1), probe.ref()));
              assertThat(probe.receiveMessage()).as("unit 1 runs again").isPresent();
            });
    restarted.tell(
        new OperatorActor.ExecOnUnit(
            unit(1),
            "env",
            Duration.ofSeconds(5),
            null,
            testKit.<ExecReply>createTestProbe().ref()));
    var exec = executor.next();
    assertThat(exec.invocation().environment()).containsEntry("JUJU_MODEL_UUID", uuids.get(0));
    exec.succeed();
    assertThat(
            journal(OperatorActor.persistenceId(app.value())).stream()
                .filter(OperatorEvent.ModelIdentified.class::isInstance))
        .as("recorded once, across restarts")
        .hasSize(1);
  }

  @Test
  void aDrainRepliesOnceNoUnitRunsAHookAndAUnitSpawnedDuringItStartsNone() {
    var operator = spawn();
    deploy(Map.of(), 0);
    ScriptedExecutor.Call install = executor.next();
    TestProbe<Done> drained = testKit.createTestProbe();
    operator.tell(new OperatorActor.Drain(drained.ref()));

    substrate.units(alive(0, 1)); // scaled up during the drain
    awaitStatus(
        operator,
        view ->
            assertThat(view.units()).extracting(UnitView::unit).containsExactly(unit(0), unit(1)));
    // app/0's install still runs: the units have taken in the drain, and no answer came
    Settled.operator(testKit, operator, unit(0), unit(1));
    drained.expectNoMessage(Duration.ZERO);
    install.succeed();
    drained.expectMessage(Done.getInstance());
    // neither the running unit nor the new one starts a hook
    executor.expectNoHookStarted(Settled.operator(testKit, operator, unit(0), unit(1)));

    operator.tell(new OperatorActor.Drain(drained.ref()));
    drained.expectMessage(Done.getInstance()); // nothing runs: at once
  }

  @Test
  void execAndResolveGoToTheNamedUnitAndAnUnknownUnitIsAnsweredAtOnce() {
    var operator = spawn();
    deploy(Map.of(), 0, 1);
    for (int i = 0; i < 5; i++) { // app/0's whole lifecycle; app/1's install fails
      ScriptedExecutor.Call call = executor.next();
      if (call.unit().equals(app + "/1")) call.fail(1);
      else call.succeed();
    }
    awaitStatus(
        operator,
        view ->
            assertThat(view.units())
                .extracting(UnitView::failedHook)
                .containsExactly(null, "install"));

    TestProbe<ResolveReply> resolved = testKit.createTestProbe();
    operator.tell(new OperatorActor.ResolveUnit(unit(0), false, resolved.ref()));
    assertThat(resolved.receiveMessage().outcome())
        .isEqualTo(ResolveReply.Outcome.NOTHING_TO_RESOLVE);
    operator.tell(new OperatorActor.ResolveUnit(unit(7), true, resolved.ref()));
    assertThat(resolved.receiveMessage())
        .isEqualTo(
            new ResolveReply(ResolveReply.Outcome.UNKNOWN_UNIT, "unknown unit " + app + "/7"));
    operator.tell(new OperatorActor.ResolveUnit(unit(1), false, resolved.ref()));
    assertThat(resolved.receiveMessage())
        .isEqualTo(new ResolveReply(ResolveReply.Outcome.RESOLVED, "skipped hook \"install\""));
    assertThat(executor.completeByUnit(3).get(app + "/1"))
        .containsExactly("leader-settings-changed", "config-changed", "start");

    TestProbe<ExecReply> ran = testKit.createTestProbe();
    operator.tell(
        new OperatorActor.ExecOnUnit(unit(1), "echo hi", Duration.ofMinutes(1), null, ran.ref()));
    ScriptedExecutor.Call exec = executor.next();
    assertThat(exec.unit()).isEqualTo(app + "/1");
    assertThat(exec.invocation().command()).last().isEqualTo("echo hi");
    exec.succeed();
    assertThat(ran.receiveMessage().outcome()).isEqualTo(ExecReply.Outcome.RAN);
    operator.tell(
        new OperatorActor.ExecOnUnit(unit(7), "echo hi", Duration.ofMinutes(1), null, ran.ref()));
    assertThat(ran.receiveMessage())
        .isEqualTo(
            new ExecReply(
                ExecReply.Outcome.UNKNOWN_UNIT, null, "unknown unit " + app + "/7", null));
    executor.expectNoHookStarted(Settled.operator(testKit, operator, unit(0), unit(1)));
  }

  @Test
  void leaderSettingsAndApplicationStatusSetByTheLeaderAreRecordedAndTheOtherUnitsHearOfThem() {
    var operator = spawn();
    deploy(Map.of(), 0, 1);
    executor.completeByUnit(8);
    substrate.application(
        new ApplicationObservation.Specified(spec(Map.of("greeting", "hello"), 0)));
    ScriptedExecutor.Call first = executor.next();
    ScriptedExecutor.Call second = executor.next();
    ScriptedExecutor.Call leaders = first.unit().equals(app + "/0") ? first : second;
    (leaders == first ? second : first).succeed();

    TestProbe<ToolReply> tool = testKit.createTestProbe();
    var leaderContext =
        new HookContexts.HookContext(unit(0), leaders.invocation().contextId(), leaders.hook());
    operator.tell(
        new OperatorActor.CallHookTool(
            leaderContext, "leader-set", List.of("db=ready"), "", tool.ref()));
    assertThat(tool.receiveMessage().outcome().exitCode()).isZero();
    operator.tell(
        new OperatorActor.CallHookTool(
            leaderContext,
            "status-set",
            List.of("--application", "maintenance", "rebuilding"),
            "",
            tool.ref()));
    assertThat(tool.receiveMessage().outcome().exitCode()).isZero();
    leaders.succeed();

    ScriptedExecutor.Call heard = executor.next();
    assertThat(heard.unit()).isEqualTo(app + "/1");
    assertThat(heard.hook()).isEqualTo("leader-settings-changed");
    var context =
        new HookContexts.HookContext(unit(1), heard.invocation().contextId(), heard.hook());
    operator.tell(
        new OperatorActor.CallHookTool(context, "leader-get", List.of("db"), "", tool.ref()));
    assertThat(tool.receiveMessage().outcome().stdout()).contains("ready");
    heard.succeed();
    // the leader does not hear of its own settings
    executor.expectNoHookStarted(Settled.operator(testKit, operator, unit(0), unit(1)));

    assertThat(status(operator).status())
        .satisfies(
            s -> {
              assertThat(s.value()).isEqualTo("maintenance");
              assertThat(s.message()).isEqualTo("rebuilding");
            });
    assertThat(journal(OperatorActor.persistenceId(app.value())))
        .filteredOn(OperatorEvent.LeaderSettingsChanged.class::isInstance)
        .extracting(e -> ((OperatorEvent.LeaderSettingsChanged) e).changes())
        .containsExactly(Map.of("db", "ready"));
  }

  @Test
  void aHookToolCallIsDeniedAtOnceBeforeTheCharmIsRecordedAndForAUnitWithoutAnActor() {
    var operator = spawn();
    TestProbe<ToolReply> tool = testKit.createTestProbe();
    var early = new HookContexts.HookContext(unit(0), "ctx-early", "install");
    operator.tell(new OperatorActor.CallHookTool(early, "config-get", List.of(), "", tool.ref()));
    assertThat(tool.receiveMessage())
        .as("no charm, no tools")
        .isEqualTo(new ToolReply(null, "unit " + app + "/0 is gone"));

    deploy(Map.of(), 0);
    executor.completeByUnit(4);
    var stranger = new HookContexts.HookContext(unit(7), "ctx-stranger", "install");
    operator.tell(
        new OperatorActor.CallHookTool(stranger, "config-get", List.of(), "", tool.ref()));
    assertThat(tool.receiveMessage()).isEqualTo(new ToolReply(null, "unit " + app + "/7 is gone"));
  }

  @Test
  void aReleaseThatFailsIsRetriedEveryThreeSecondsAndTheUnitIsRemovedOnce() {
    var operator = spawn();
    deploy(Map.of(), 0, 1);
    executor.completeByUnit(8);
    substrate.failReleases(2);
    expectLogged(
        LoggingTestKit.warn("unit " + app + "/1: cannot release it yet, retrying in 3s"),
        () -> substrate.units(alive(0)));
    assertThat(status(operator).units()).as("kept until it is released").hasSize(2);
    expectLogged(
        LoggingTestKit.warn("unit " + app + "/1: cannot release it yet"),
        () -> time.timePasses(UnitRemoval.RETRY));
    expectLogged(
        LoggingTestKit.info("unit " + app + "/1 removed"),
        () -> time.timePasses(UnitRemoval.RETRY));

    awaitStatus(
        operator,
        view -> assertThat(view.units()).extracting(UnitView::unit).containsExactly(unit(0)));
    assertThat(substrate.releaseAttempts).hasValue(3);
    assertThat(substrate.released).containsExactly(unit(1));
    assertThat(journal(OperatorActor.persistenceId(app.value())))
        .filteredOn(
            e -> e instanceof OperatorEvent.UnitRemoved removed && removed.unit().equals(unit(1)))
        .hasSize(1);
    executor.expectNoHookStarted(Settled.operator(testKit, operator, unit(0), unit(1)));
  }

  @Test
  void containerStartsForAUnitWithoutAnActorWaitAndOnlyTheLatestOfEachContainerIsDeliveredOnce() {
    var operator = spawn();
    await().atMost(Duration.ofSeconds(5)).until(() -> substrate.containerStartWatches.get() == 1);
    // no specification and no listing yet: app/0 has no actor
    substrate.containerStarted(new ContainerStarted(unit(0), "web", "local-1"));
    substrate.containerStarted(new ContainerStarted(unit(0), "web", "local-2"));
    deploy(Map.of(), 0);
    assertThat(executor.completeByUnit(5).get(app + "/0"))
        .containsExactly(
            "install", "leader-elected", "config-changed", "start", "web-pebble-ready");
    substrate.application(
        new ApplicationObservation.Specified(spec(Map.of("greeting", "hello"), 0)));
    executor.complete("config-changed"); // a later assignment hands over nothing again
    executor.expectNoHookStarted(Settled.operator(testKit, operator, unit(0)));
    awaitStatus(
        operator,
        view -> assertThat(view.units()).allSatisfy(u -> assertThat(u.runningHook()).isNull()));
    assertThat(journal(UnitActor.persistenceId(unit(0))))
        .filteredOn(UnitEvent.ContainerStartObserved.class::isInstance)
        .extracting(e -> ((UnitEvent.ContainerStartObserved) e).startId())
        .containsExactly("local-2");

    // once the actor exists, a start is delivered at once
    substrate.containerStarted(new ContainerStarted(unit(0), "web", "local-3"));
    executor.complete("web-pebble-ready");
  }

  private ActionReply runAction(
      ActorRef<OperatorActor.Command> operator,
      UnitId unit,
      String name,
      Map<String, Object> params) {
    TestProbe<ActionReply> reply = testKit.createTestProbe();
    operator.tell(new OperatorActor.RunAction(unit, name, params, reply.ref()));
    return reply.receiveMessage(Duration.ofSeconds(10));
  }

  private ActionLookup getAction(
      ActorRef<OperatorActor.Command> operator, long id, boolean untilFinished) {
    TestProbe<ActionLookup> reply = testKit.createTestProbe();
    operator.tell(new OperatorActor.GetAction(id, untilFinished, reply.ref()));
    return reply.receiveMessage(Duration.ofSeconds(10));
  }

  @Test
  void actionIdsAreGivenInOrderAcrossUnitsJournaledAndNeverGivenTwiceAfterARestart()
      throws IOException {
    Files.writeString(
        charmDir.resolve("actions.yaml"),
        "greet:\n  params:\n    who: {type: string}\n  required: [who]\n");
    Path script = Files.createDirectories(charmDir.resolve("actions")).resolve("greet");
    Files.writeString(script, "#!/bin/sh\n");
    var operator = spawn();
    deploy(Map.of(), 0, 1);
    executor.completeByUnit(8);

    var first = (ActionReply.Queued) runAction(operator, unit(0), "greet", Map.of("who", "a"));
    assertThat(first.action().id()).isEqualTo(1);
    assertThat(first.unit()).isEqualTo(unit(0));
    ScriptedExecutor.Call run = executor.next();
    assertThat(run.invocation().environment()).containsEntry("JUJU_ACTION_UUID", "1");
    run.succeed();
    var second = (ActionReply.Queued) runAction(operator, unit(1), "greet", Map.of("who", "b"));
    assertThat(second.action().id()).isEqualTo(2);
    executor.next().succeed();

    var unknown = (ActionReply.Refused) runAction(operator, unit(0), "nope", Map.of());
    assertThat(unknown.reason()).isEqualTo(ActionReply.Refusal.UNKNOWN_ACTION);
    assertThat(unknown.knownActions()).containsExactly("greet");
    var nobody = (ActionReply.Refused) runAction(operator, unit(7), "greet", Map.of("who", "c"));
    assertThat(nobody.reason()).isEqualTo(ActionReply.Refusal.UNKNOWN_UNIT);

    ActionLookup done = getAction(operator, 1, true);
    assertThat(done.unit()).isEqualTo(unit(0));
    assertThat(done.action().status())
        .isEqualTo(io.caasoperator.persistence.ActionStatus.COMPLETED);
    assertThat(getAction(operator, 99, false).detail()).isEqualTo("no action 99");
    TestProbe<OperatorActor.ActionIds> ids = testKit.createTestProbe();
    operator.tell(new OperatorActor.ListActionIds(java.util.Optional.empty(), 10, ids.ref()));
    assertThat(ids.receiveMessage().units())
        .isEqualTo(new java.util.TreeMap<>(Map.of(1L, unit(0), 2L, unit(1))));
    operator.tell(new OperatorActor.ListActionIds(java.util.Optional.of(unit(1)), 10, ids.ref()));
    assertThat(ids.receiveMessage().units()).containsOnlyKeys(2L);
    operator.tell(new OperatorActor.ListActionIds(java.util.Optional.empty(), 1, ids.ref()));
    assertThat(ids.receiveMessage().units()).as("the newest").containsOnlyKeys(2L);
    assertThat(
            journal(OperatorActor.persistenceId(app.value())).stream()
                .filter(e -> e instanceof OperatorEvent.ActionIdAssigned)
                .map(e -> ((OperatorEvent.ActionIdAssigned) e).id()))
        .containsExactly(1L, 2L);

    testKit.stop(operator);
    var again = spawn();
    ActionReply third =
        await()
            .atMost(Duration.ofSeconds(10))
            .until(
                () -> runAction(again, unit(1), "greet", Map.of("who", "d")),
                r -> r instanceof ActionReply.Queued);
    assertThat(((ActionReply.Queued) third).action().id()).isEqualTo(3);
    executor.next().succeed();
    assertThat(getAction(again, 1, false).action().status())
        .isEqualTo(io.caasoperator.persistence.ActionStatus.COMPLETED);
  }
}
