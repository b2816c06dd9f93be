package io.caasoperator.substrate.local.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.caasoperator.domain.UnitId;
import io.caasoperator.persistence.HookKind;
import io.caasoperator.persistence.WorkloadEvent;
import io.caasoperator.substrate.ContainerStarted;
import io.caasoperator.substrate.WorkloadNotice;
import io.caasoperator.substrate.local.ContainerReports;
import io.caasoperator.testing.InMemoryJournal;
import io.caasoperator.workload.ContainerTrouble;
import io.caasoperator.workload.ContainerTroubles;
import io.caasoperator.workload.ContainerView;
import io.caasoperator.workload.DisplayedStatus;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.TestProbe;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.persistence.testkit.javadsl.PersistenceTestKit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A real Pebble on a socket in a temporary directory, journaled in memory. */
class PebbleActorTest {
  @AutoClose("shutdownTestKit")
  private static final ActorTestKit testKit = ActorTestKit.create(InMemoryJournal.config());

  private static final PersistenceTestKit journal = PersistenceTestKit.create(testKit.system());
  private static final AtomicInteger ids = new AtomicInteger();

  @TempDir Path data;
  @TempDir Path runtime;
  private final OpenPebbles open = new OpenPebbles();
  private UnitId unit = UnitId.of("web" + ids.incrementAndGet(), 0);
  private String container = "workload";

  /** Where the unit directories are: the test's data directory unless a test goes deeper. */
  private Path agents;

  @org.junit.jupiter.api.BeforeEach
  void agentsInTheDataDirectory() {
    agents = data;
  }

  /** Tries again soon: the tests that fail a start fix it and wait for the next try. */
  private static final io.caasoperator.domain.RetryPolicy SOON =
      new io.caasoperator.domain.RetryPolicy(Duration.ofMillis(100), Duration.ofMillis(400))
          .withoutJitter();

  private PebbleDependencies deps() {
    return new PebbleDependencies(
        PebbleOpener.local(Clock.systemUTC(), host()),
        open,
        Executors.newVirtualThreadPerTaskExecutor(),
        Clock.systemUTC(),
        new SocketRoot(runtime, 0),
        SOON);
  }

  private ContainerLayout layout() {
    return deps().layout(unit, agents.resolve(unit.tag()), container);
  }

  private static MountNamespace host() {
    try {
      return MountNamespace.ofHost(Path.of("/"));
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @AfterEach
  void closePebbles() {
    open.closeAll();
  }

  private ActorRef<PebbleActor.Command> spawn(TestProbe<ContainerStarted> answers) {
    return spawn(answers, testKit.createTestProbe());
  }

  private ActorRef<PebbleActor.Command> spawn(
      TestProbe<ContainerStarted> answers, TestProbe<WorkloadNotice> notices) {
    ContainerReports reports =
        new ContainerReports() {
          @Override
          public void answered(ContainerStarted start) {
            answers.getRef().tell(start);
          }

          @Override
          public void noticed(WorkloadNotice notice) {
            notices.getRef().tell(notice);
          }
        };
    return testKit.spawn(PebbleActor.create(unit, layout(), deps(), reports));
  }

  private Path socket() {
    return layout().socket();
  }

  @Test
  void itsContainerStartsWhenThePebbleAnswersWithItsBootId() throws Exception {
    TestProbe<ContainerStarted> answers = testKit.createTestProbe();
    spawn(answers);
    ContainerStarted started =
        answers.expectMessageClass(ContainerStarted.class, Duration.ofSeconds(10));
    assertThat(started.unit()).isEqualTo(unit);
    assertThat(started.container()).isEqualTo("workload");
    assertThat(started.startId()).isEqualTo(PebbleProbe.bootId(socket()));
  }

  @Test
  void theLongestNamesUnderADeepDataDirectoryStillGiveAPebbleThatAnswersOnItsLink()
      throws Exception {
    unit = SocketRootTest.LONGEST_UNIT;
    container = SocketRootTest.LONGEST_CONTAINER;
    agents = data.resolve("d".repeat(200)).resolve("agents");
    TestProbe<ContainerStarted> answers = testKit.createTestProbe();
    spawn(answers);
    ContainerStarted started =
        answers.expectMessageClass(ContainerStarted.class, Duration.ofSeconds(10));
    assertThat(started.container()).isEqualTo(container);
    assertThat(started.startId()).isEqualTo(PebbleProbe.bootId(socket()));
    assertThat(layout().link().toRealPath()).isEqualTo(layout().socketDir().toRealPath());
    assertThat(layout().link().toString().length())
        .as("the unit's own path to it is far past a socket's limit")
        .isGreaterThan(600);
  }

  @Test
  void aPebbleThatCannotStartSaysWhyInStatusUntilItStarts() throws Exception {
    Path socketDir = layout().socketDir();
    // in the way of its socket directory: a file (a directory's mode would not stop root)
    java.nio.file.Files.writeString(socketDir, "in the way");
    TestProbe<ContainerStarted> answers = testKit.createTestProbe();
    ActorRef<PebbleActor.Command> pebble = spawn(answers);
    ContainerTroubles troubles = ContainerTroubles.get(testKit.system());
    await()
        .atMost(Duration.ofSeconds(10))
        .untilAsserted(
            () ->
                assertThat(troubles.of(unit)).extracting(ContainerTrouble::attempts).isNotEmpty());
    io.caasoperator.domain.Status shown =
        DisplayedStatus.of(
            io.caasoperator.domain.Status.of("waiting", "agent initialising", Instant.EPOCH),
            troubles.of(unit));
    assertThat(shown.value()).isEqualTo("blocked");
    assertThat(shown.message())
        .isEqualTo(
            "container workload: Pebble cannot start: cannot make the socket directory "
                + socketDir
                + ": a file that is not a directory is there");
    TestProbe<ContainerView> views = testKit.createTestProbe();
    pebble.tell(new PebbleActor.GetView(views.getRef()));
    ContainerView view = views.receiveMessage();
    assertThat(view.ready()).isFalse();
    assertThat(view.problem()).contains("a file that is not a directory is there");

    java.nio.file.Files.delete(socketDir);
    answers.expectMessageClass(ContainerStarted.class, Duration.ofSeconds(10));
    assertThat(troubles.of(unit)).isEmpty();
    pebble.tell(new PebbleActor.GetView(views.getRef()));
    assertThat(views.receiveMessage().problem()).isEmpty();
  }

  @Test
  void layersAreJournaledAndThePlanComesBackAfterARestartWithANewBootId() throws Exception {
    TestProbe<ContainerStarted> answers = testKit.createTestProbe();
    ActorRef<PebbleActor.Command> first = spawn(answers);
    String firstBoot =
        answers.expectMessageClass(ContainerStarted.class, Duration.ofSeconds(10)).startId();
    String layer = "services:\n  srv:\n    override: replace\n    command: sleep 60\n";
    String reply =
        post(
            socket(),
            "/v1/layers",
            "{\"action\":\"add\",\"combine\":true,\"label\":\"base\",\"format\":\"yaml\","
                + "\"layer\":"
                + new com.fasterxml.jackson.databind.ObjectMapper().writeValueAsString(layer)
                + "}");
    assertThat(reply).matches("(?s)HTTP/1\\.[01] 200 .*");
    String persistenceId = PebbleActor.persistenceId(unit, "workload");
    await()
        .atMost(Duration.ofSeconds(5))
        .untilAsserted(
            () ->
                assertThat(journal.persistedInStorage(persistenceId))
                    .hasAtLeastOneElementOfType(WorkloadEvent.LayerAdded.class));

    testKit.stop(first);
    open.closeUnit(unit.name())
        .get(10, java.util.concurrent.TimeUnit.SECONDS); // its services stopped
    ActorRef<PebbleActor.Command> second = spawn(answers);
    String secondBoot =
        answers.expectMessageClass(ContainerStarted.class, Duration.ofSeconds(10)).startId();
    assertThat(secondBoot).isNotEqualTo(firstBoot);
    TestProbe<ContainerView> views = testKit.createTestProbe();
    second.tell(new PebbleActor.GetView(views.getRef()));
    ContainerView view = views.receiveMessage();
    assertThat(view.ready()).isTrue();
    assertThat(view.services()).extracting(s -> s.name()).containsExactly("srv");
  }

  @Test
  void customNoticesAndCheckTransitionsAreToldToTheUnitWithTheirContainer() throws Exception {
    TestProbe<ContainerStarted> answers = testKit.createTestProbe();
    TestProbe<WorkloadNotice> notices = testKit.createTestProbe();
    spawn(answers, notices);
    answers.expectMessageClass(ContainerStarted.class, Duration.ofSeconds(10));

    String reply =
        post(
            socket(),
            "/v1/notices",
            "{\"action\":\"add\",\"type\":\"custom\",\"key\":\"example.com/backup\"}");
    assertThat(reply).matches("(?s)HTTP/1\\.[01] 200 .*");
    WorkloadNotice custom = notices.expectMessageClass(WorkloadNotice.class, Duration.ofSeconds(5));
    assertThat(custom.unit()).isEqualTo(unit);
    assertThat(custom.notice().kind()).isEqualTo(HookKind.PEBBLE_CUSTOM_NOTICE);
    assertThat(custom.notice().container()).isEqualTo("workload");
    assertThat(custom.notice().noticeKey()).isEqualTo("example.com/backup");
    assertThat(custom.notice().noticeType()).isEqualTo("custom");
    assertThat(reply).contains("\"id\":\"" + custom.notice().noticeId() + "\"");

    // a check that fails while a file of the container is absent: failed once, then recovered
    Path flag = layout().root().resolve("healthy");
    String layer =
        "checks:\n  up:\n    override: replace\n    period: 100ms\n    threshold: 1\n"
            + "    exec:\n      command: test -e /healthy\n";
    post(
        socket(),
        "/v1/layers",
        "{\"action\":\"add\",\"combine\":true,\"label\":\"checks\",\"format\":\"yaml\","
            + "\"layer\":"
            + new com.fasterxml.jackson.databind.ObjectMapper().writeValueAsString(layer)
            + "}");
    WorkloadNotice failed =
        notices.expectMessageClass(WorkloadNotice.class, Duration.ofSeconds(10));
    assertThat(failed.notice().kind()).isEqualTo(HookKind.PEBBLE_CHECK_FAILED);
    assertThat(failed.notice().checkName()).isEqualTo("up");
    java.nio.file.Files.createFile(flag);
    WorkloadNotice recovered =
        notices.expectMessageClass(WorkloadNotice.class, Duration.ofSeconds(10));
    assertThat(recovered.notice().kind()).isEqualTo(HookKind.PEBBLE_CHECK_RECOVERED);
    assertThat(journal.persistedInStorage(PebbleActor.persistenceId(unit, "workload")))
        .as("check transitions are journaled before the unit hears of them")
        .hasAtLeastOneElementOfType(WorkloadEvent.CheckFailed.class)
        .hasAtLeastOneElementOfType(WorkloadEvent.CheckRecovered.class);
  }

  @Test
  void serviceGroupsLeftByAKilledOperatorAreStoppedBeforeThePebbleStarts() throws Exception {
    Process orphan = new ProcessBuilder("setsid", "sleep", "120").start();
    String persistenceId = PebbleActor.persistenceId(unit, "workload");
    journal.persistForRecovery(
        persistenceId,
        java.util.List.of(new WorkloadEvent.ServiceStarted("srv", orphan.pid(), Instant.now())));
    TestProbe<ContainerStarted> answers = testKit.createTestProbe();
    spawn(answers);
    answers.expectMessageClass(ContainerStarted.class, Duration.ofSeconds(10));
    assertThat(orphan.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
    assertThat(journal.persistedInStorage(persistenceId))
        .contains(new WorkloadEvent.OrphansStopped(List.of(orphan.pid()), findAt(persistenceId)));
  }

  private Instant findAt(String persistenceId) {
    return journal.persistedInStorage(persistenceId).stream()
        .filter(WorkloadEvent.OrphansStopped.class::isInstance)
        .map(e -> ((WorkloadEvent.OrphansStopped) e).at())
        .findFirst()
        .orElseThrow();
  }

  private static String post(Path socket, String path, String json) throws Exception {
    try (SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX)) {
      channel.connect(UnixDomainSocketAddress.of(socket));
      byte[] body = json.getBytes(StandardCharsets.UTF_8);
      channel.write(
          ByteBuffer.wrap(
              ("POST "
                      + path
                      + " HTTP/1.0\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                      + "Content-Length: "
                      + body.length
                      + "\r\n\r\n")
                  .getBytes(StandardCharsets.US_ASCII)));
      channel.write(ByteBuffer.wrap(body));
      return new String(Channels.newInputStream(channel).readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
