package io.caasoperator.unit;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.domain.CharmInfo;
import io.caasoperator.domain.Life;
import io.caasoperator.domain.Status;
import io.caasoperator.domain.UnitAddresses;
import io.caasoperator.domain.UnitId;
import io.caasoperator.persistence.UnitEvent;
import io.caasoperator.persistence.UnitRelations;
import io.caasoperator.persistence.UnitState;
import io.caasoperator.testing.InMemoryJournal;
import io.caasoperator.testing.ScriptedExecutor;
import io.caasoperator.testing.TestUnits;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
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
 * A hook's relation-set writes, through the unit's actor: its own later reads see them at once, the
 * journal gets them in the same write as the hook's completion, and a failed hook's writes are
 * never journaled nor read again.
 */
class DatabagWritesActorTest {
  @AutoClose("shutdownTestKit")
  private static final ActorTestKit testKit = ActorTestKit.create(InMemoryJournal.withManualTime());

  private static final ManualTime time = ManualTime.get(testKit.system());
  private static final AtomicInteger ids = new AtomicInteger();
  private static final CharmInfo CHARM =
      TestUnits.charm(
          1, Set.of("install", "config-changed", "start"), Map.of("cluster", "test-peers"));

  private ScriptedExecutor executor;
  private TestProbe<UnitActor.Report> operator;
  private UnitId unit;

  @BeforeEach
  void setUp() {
    executor = new ScriptedExecutor();
    operator = testKit.createTestProbe();
    unit = UnitId.of("peers" + ids.incrementAndGet(), 0);
  }

  /**
   * The operator's snapshot: relation cluster:0 with this unit in scope, its databag holding its
   * address.
   */
  private ApplicationSnapshot app() {
    var relation =
        io.caasoperator.persistence.OperatorState.initial()
            .apply(
                new io.caasoperator.persistence.OperatorEvent.RelationCreated(
                    0, "cluster", "test-peers", unit.application().value(), Instant.EPOCH))
            .apply(
                new io.caasoperator.persistence.OperatorEvent.RelationUnitEntered(
                    0, unit, Map.of("private-address", "10.0.0.1"), Instant.EPOCH))
            .relations()
            .byId()
            .get(0L);
    return new ApplicationSnapshot(
        "test",
        Map.of(),
        Map.of(),
        Status.of("active", "", Instant.EPOCH),
        "",
        List.of(),
        UnitAddresses.UNKNOWN,
        Map.of(),
        true,
        List.of(relation));
  }

  private ActorRef<UnitActor.Command> inRelation() {
    var actor =
        testKit.spawn(
            UnitActor.create(
                unit,
                TestUnits.dependencies(executor, Path.of("target", "databag-writes-test")),
                operator.ref()));
    var relations =
        List.of(
            new UnitRelations.RelationSnapshot(
                0, "cluster", unit.application().value(), new TreeMap<>(), 0, false));
    actor.tell(
        new UnitActor.Assign(
            new Desired(
                Life.ALIVE, CHARM, 1, false, 0, Duration.ofMinutes(5), List.of(), relations)));
    return actor;
  }

  private String tool(
      ActorRef<UnitActor.Command> actor,
      String context,
      String tool,
      String stdin,
      String... args) {
    TestProbe<ToolReply> reply = testKit.createTestProbe();
    actor.tell(new UnitActor.RunHookTool(context, tool, List.of(args), stdin, app(), reply.ref()));
    var outcome = reply.receiveMessage().outcome();
    assertThat(outcome.exitCode()).as(outcome.stderr()).isZero();
    return outcome.stdout();
  }

  private List<Object> journal() {
    return PersistenceTestKit.create(testKit.system())
        .persistedInStorage(UnitActor.persistenceId(unit));
  }

  @Test
  void aHooksWritesAreReadBackAtOnceAndJournaledWithItsCompletion() {
    var actor = inRelation();
    var install = executor.next();
    String context = install.invocation().contextId();
    tool(actor, context, "relation-set", "ready: 'yes'\n", "-r", "0", "--file", "-");
    assertThat(
            tool(
                actor,
                context,
                "relation-get",
                "",
                "-r",
                "cluster:0",
                "-",
                unit.name(),
                "--format=json"))
        .isEqualTo("{\"private-address\":\"10.0.0.1\",\"ready\":\"yes\"}\n");
    assertThat(journal()).noneMatch(e -> e instanceof UnitEvent.RelationSettingsWritten);

    install.succeed();
    executor.next(); // cluster-relation-created is skipped (no such hook); config-changed runs:
    // install's end is written
    List<Object> events = journal();
    int written =
        events.indexOf(
            events.stream()
                .filter(e -> e instanceof UnitEvent.RelationSettingsWritten)
                .findFirst()
                .orElseThrow());
    assertThat(events.get(written))
        .isEqualTo(
            new UnitEvent.RelationSettingsWritten(
                0,
                Map.of("private-address", "10.0.0.1", "ready", "yes"),
                null,
                ((UnitEvent.RelationSettingsWritten) events.get(written)).at()));
    assertThat(events.get(written + 1))
        .as("in the same write, right before the completion")
        .isInstanceOfSatisfying(
            UnitEvent.HookCompleted.class, c -> assertThat(c.hook()).isEqualTo("install"));
    // the operator hears of the write with the unit's state, to record it
    operator.fishForMessage(
        Duration.ofSeconds(5),
        r ->
            r instanceof UnitActor.Report.Changed c && c.view().relationWrites().containsKey(0L)
                ? org.apache.pekko.actor.testkit.typed.javadsl.FishingOutcomes.complete()
                : org.apache.pekko.actor.testkit.typed.javadsl.FishingOutcomes.continueAndIgnore());
  }

  @Test
  void aFailedHooksWritesAreDroppedAndItsRetryDoesNotSeeThem() {
    var actor = inRelation();
    var install = executor.next();
    tool(actor, install.invocation().contextId(), "relation-set", "", "-r", "0", "ready=yes");
    install.fail(1);
    // its retry timer is set once the failure is in the journal: only then may time pass
    TestProbe<UnitState> state = testKit.createTestProbe();
    state.awaitAssert(
        Duration.ofSeconds(5),
        () -> {
          actor.tell(new UnitActor.GetState(state.ref()));
          return assertThat(state.receiveMessage().failed()).isNotNull();
        });
    time.timePasses(Duration.ofSeconds(10));
    var retry = executor.next("install");
    assertThat(
            tool(
                actor,
                retry.invocation().contextId(),
                "relation-get",
                "",
                "-r",
                "0",
                "ready",
                unit.name()))
        .isEmpty();
    assertThat(journal()).noneMatch(e -> e instanceof UnitEvent.RelationSettingsWritten);
  }
}
