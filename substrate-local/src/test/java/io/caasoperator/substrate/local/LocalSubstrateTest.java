package io.caasoperator.substrate.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.caasoperator.domain.ApplicationName;
import io.caasoperator.domain.CharmStorage;
import io.caasoperator.domain.Life;
import io.caasoperator.domain.UnitAddresses;
import io.caasoperator.domain.UnitId;
import io.caasoperator.hook.HookExecutor;
import io.caasoperator.hook.HookInvocation;
import io.caasoperator.substrate.ApplicationObservation;
import io.caasoperator.substrate.ApplicationObservation.Invalid;
import io.caasoperator.substrate.ApplicationObservation.NotFound;
import io.caasoperator.substrate.ApplicationObservation.Specified;
import io.caasoperator.substrate.ContainerStarted;
import io.caasoperator.substrate.UnitObservation;
import io.caasoperator.substrate.UnitsObserved;
import io.caasoperator.substrate.Watch;
import io.caasoperator.testing.RecordingSink;
import io.caasoperator.testing.TestClock;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalSubstrateTest {

  /** Long enough never to fire during a test: the tests drive polling with pollNow(). */
  private static final Duration MANUAL = Duration.ofHours(1);

  /**
   * A bound for the polls that would hang if the substrate opened what it must not: the test then
   * fails instead of blocking the build. A correct poll returns in milliseconds.
   */
  private static final Duration HANG = Duration.ofSeconds(10);

  @TempDir Path dir;
  private SubstrateFiles files;
  private LocalSubstrate substrate;

  /** A named pipe the test made, let go of after it so that no reader stays stuck on it. */
  private Path fifo;

  @BeforeEach
  void files() throws IOException {
    files = new SubstrateFiles(dir);
  }

  @AfterEach
  void close() throws IOException {
    if (fifo != null) Fifo.release(fifo);
    files.close();
    if (substrate != null) substrate.close();
  }

  @Test
  void reportsSpecifiedThenInvalidOncePerBadContentThenNotFoundOnceThenSpecifiedAgain()
      throws Exception {
    files.writeSpec("application: hello\ncharm: /c\n");
    RecordingSink<ApplicationObservation> app = watchApplication(start(MANUAL));

    substrate.pollNow();
    assertThat(app.drain())
        .singleElement()
        .isInstanceOfSatisfying(
            Specified.class,
            s -> assertThat(s.specification().application().value()).isEqualTo("hello"));

    files.writeSpec("application: hello\ncharm: /c\nscale: -1\n");
    substrate.pollNow();
    substrate.pollNow();
    assertThat(app.drain())
        .singleElement()
        .isInstanceOfSatisfying(
            Invalid.class,
            i -> assertThat(i.problem()).contains("\"scale\": must be >= 0, got -1"));

    files.writeSpec("application: hello\ncharm: /c\ncolour: red\n");
    substrate.pollNow();
    assertThat(app.drain())
        .singleElement()
        .isInstanceOfSatisfying(
            Invalid.class, i -> assertThat(i.problem()).contains("unknown key \"colour\""));

    files.writeSpec("application: hello\ncharm: /c\nconfig: {greeting: hi}\n");
    substrate.pollNow();
    assertSpecifiedWithConfig(app.drain(), Map.of("greeting", "hi"));

    Files.delete(files.specFile);
    substrate.pollNow();
    substrate.pollNow();
    assertThat(app.drain())
        .containsExactly(new NotFound("specification file " + files.specFile + " was removed"));

    files.writeSpec("application: hello\ncharm: /c\nconfig: {greeting: hi}\n");
    substrate.pollNow();
    assertThat(app.drain()).singleElement().isInstanceOf(Specified.class);
  }

  @Test
  void anEditThatChangesNothingButTheTextIsNotReported() throws Exception {
    RecordingSink<ApplicationObservation> app = watchingAReadSpec();

    files.writeSpec("# a comment\napplication: hello\ncharm: /c\n");
    substrate.pollNow();

    assertThat(app.drain()).isEmpty();
  }

  @Test
  void theApplicationNameCannotChange() throws Exception {
    RecordingSink<ApplicationObservation> app = watchingAReadSpec();

    files.writeSpec("application: other\ncharm: /c\n");
    substrate.pollNow();

    assertThat(app.drain())
        .containsExactly(
            new Invalid(
                "spec " + files.specFile + ": application name cannot change from hello to other"));
  }

  @Test
  void aMissingFileAtStartIsNotFound() throws Exception {
    RecordingSink<ApplicationObservation> app = watchApplication(start(MANUAL));
    substrate.pollNow();

    assertThat(app.drain())
        .containsExactly(new NotFound("specification file " + files.specFile + " does not exist"));
  }

  @Test
  void aNewApplicationWatchLearnsTheLastGoodSpecAndTheCurrentProblem() throws Exception {
    files.writeSpec("application: hello\ncharm: /c\n");
    start(MANUAL).pollNow();
    files.writeSpec("application: hello\ncharm: /c\nscale: -1\n");
    substrate.pollNow();

    RecordingSink<ApplicationObservation> app = watchApplication(substrate);
    substrate.pollNow();

    assertThat(app.drain())
        .hasSize(2)
        .satisfies(list -> assertThat(list.get(0)).isInstanceOf(Specified.class))
        .satisfies(list -> assertThat(list.get(1)).isInstanceOf(Invalid.class));
  }

  @Test
  void unitsAreListedCompletelyOnceTheSpecIsValidAndAnInvalidEditKeepsTheScale() throws Exception {
    files.writeSpec("application: hello\ncharm: /c\nscale: nope\n");
    RecordingSink<UnitsObserved> units = watchUnits(start(MANUAL));
    substrate.pollNow();
    assertThat(units.drain()).isEmpty();

    files.writeSpec("application: hello\ncharm: /c\nscale: 2\n");
    substrate.pollNow();
    assertThat(units.drain()).containsExactly(listing(alive(0), alive(1)));

    files.writeSpec("application: hello\ncharm: /c\nscale: -5\n");
    substrate.pollNow();
    assertThat(units.drain()).isEmpty();

    files.writeSpec("application: hello\ncharm: /c\nscale: 3\n");
    substrate.pollNow();
    assertThat(units.drain()).containsExactly(listing(alive(0), alive(1), alive(2)));
  }

  @Test
  void scalingDownLeavesUnitsDyingUntilTheirDirectoryIsDeletedAndReleased() throws Exception {
    files.writeSpec("application: hello\ncharm: /c\nscale: 3\n");
    for (int n = 0; n < 3; n++) Files.createDirectories(files.agentsDir.resolve("unit-hello-" + n));
    Files.createDirectories(files.agentsDir.resolve("unit-hello-world-7")); // another application's
    RecordingSink<UnitsObserved> units = watchUnits(start(MANUAL));
    substrate.pollNow();
    assertThat(units.drain()).containsExactly(listing(alive(0), alive(1), alive(2)));

    files.writeSpec("application: hello\ncharm: /c\nscale: 1\n");
    substrate.pollNow();
    assertThat(units.drain()).containsExactly(listing(alive(0), dying(1), dying(2)));

    Files.delete(files.agentsDir.resolve("unit-hello-2"));
    substrate.unitRemover().release(UnitId.of("hello", 2));
    assertThat(units.drain()).containsExactly(listing(alive(0), dying(1)));

    Files.delete(files.agentsDir.resolve("unit-hello-1"));
    substrate.unitRemover().release(UnitId.of("hello", 1));
    assertThat(units.drain()).containsExactly(listing(alive(0)));
  }

  @Test
  void aNewUnitWatchGetsACompleteListing() throws Exception {
    files.writeSpec("application: hello\ncharm: /c\nscale: 2\n");
    RecordingSink<UnitsObserved> first = watchUnits(start(MANUAL));
    substrate.pollNow();

    RecordingSink<UnitsObserved> second = watchUnits(substrate);
    substrate.pollNow();

    assertThat(first.drain()).containsExactly(listing(alive(0), alive(1)));
    assertThat(second.drain()).containsExactly(listing(alive(0), alive(1)));
  }

  @Test
  void everyContainerOfEveryAliveUnitStartsOnceTheCharmIsDeployed() throws Exception {
    files.writeSpec("application: hello\ncharm: /c\nscale: 2\n");
    Files.createDirectories(files.agentsDir.resolve("unit-hello-5")); // dying: no container start
    RecordingSink<ContainerStarted> starts = watchContainers(start(MANUAL));
    substrate.pollNow();
    assertThat(starts.drain()).isEmpty();

    substrate.charmDeployed(SubstrateFiles.charm("web", "db"));
    substrate.pollNow();
    assertThat(starts.drain())
        .containsExactlyInAnyOrder(
            started(0, "web"), started(0, "db"), started(1, "web"), started(1, "db"));

    files.writeSpec("application: hello\ncharm: /c\nscale: 3\n");
    substrate.pollNow();
    assertThat(starts.drain()).containsExactlyInAnyOrder(started(2, "web"), started(2, "db"));

    RecordingSink<ContainerStarted> restarted = watchContainers(substrate);
    substrate.pollNow();
    assertThat(restarted.drain()).hasSize(6);
    assertThat(starts.drain()).isEmpty();
  }

  @Test
  void aUnitScaledDownAndUpAgainWhileDyingKeepsItsPodUntilReleasedThenItsContainersStartAgain()
      throws Exception {
    files.writeSpec("application: hello\ncharm: /c\nscale: 3\n");
    for (int n = 0; n < 3; n++) Files.createDirectories(files.agentsDir.resolve("unit-hello-" + n));
    RecordingSink<ContainerStarted> starts = watchContainers(start(MANUAL));
    substrate.pollNow();
    substrate.charmDeployed(SubstrateFiles.charm("web"));
    substrate.pollNow();
    assertThat(starts.drain())
        .containsExactlyInAnyOrder(started(0, "web"), started(1, "web"), started(2, "web"));

    files.writeSpec("application: hello\ncharm: /c\nscale: 1\n");
    substrate.pollNow();
    files.writeSpec("application: hello\ncharm: /c\nscale: 3\n");
    substrate.pollNow();
    assertThat(starts.drain()).as("units 1 and 2 still have the pods they are dying in").isEmpty();

    Files.delete(files.agentsDir.resolve("unit-hello-1"));
    substrate.unitRemover().release(UnitId.of("hello", 1));
    assertThat(starts.drain())
        .as("unit 1 alive in a new pod")
        .containsExactly(new ContainerStarted(UnitId.of("hello", 1), "web", "local-2"));

    RecordingSink<ContainerStarted> relisted = watchContainers(substrate);
    substrate.pollNow();
    assertThat(relisted.drain())
        .containsExactlyInAnyOrder(
            started(0, "web"),
            new ContainerStarted(UnitId.of("hello", 1), "web", "local-2"),
            started(2, "web"));
  }

  @Test
  void aUnitRemovedAndScaledUpLaterGetsANewPodWithANewStartId() throws Exception {
    files.writeSpec("application: hello\ncharm: /c\nscale: 2\n");
    Files.createDirectories(files.agentsDir.resolve("unit-hello-1"));
    RecordingSink<ContainerStarted> starts = watchContainers(start(MANUAL));
    substrate.pollNow();
    substrate.charmDeployed(SubstrateFiles.charm("web"));
    substrate.pollNow();
    starts.drain();

    files.writeSpec("application: hello\ncharm: /c\nscale: 1\n");
    substrate.pollNow();
    Files.delete(files.agentsDir.resolve("unit-hello-1"));
    substrate.unitRemover().release(UnitId.of("hello", 1));
    files.writeSpec("application: hello\ncharm: /c\nscale: 2\n");
    substrate.pollNow();

    assertThat(starts.drain())
        .containsExactly(new ContainerStarted(UnitId.of("hello", 1), "web", "local-2"));
  }

  @Test
  void aSpecWrittenInPlaceIsActedOnOnlyOnceTheWriteHasHeldStillForTheQuietPeriod()
      throws Exception {
    TestClock clock = new TestClock(Instant.parse("2026-01-01T00:00:00Z"));
    files.writeSpec("application: hello\ncharm: /c\nscale: 3\n");
    start(Duration.ofMillis(300), clock);
    RecordingSink<ApplicationObservation> app = watchApplication(substrate);
    RecordingSink<UnitsObserved> units = watchUnits(substrate);
    substrate.pollNow();
    assertThat(app.drain()).as("not held still for 300 ms yet").isEmpty();
    clock.advance(Duration.ofMillis(300));
    substrate.pollNow();
    assertThat(app.drain()).singleElement().isInstanceOf(Specified.class);
    assertThat(units.drain()).containsExactly(listing(alive(0), alive(1), alive(2)));

    // printf '...' > app.yaml, seen half way: valid YAML, and without "scale" it means one unit.
    try (OutputStream out = Files.newOutputStream(files.specFile)) {
      out.write("application: hello\ncharm: /c\n".getBytes(StandardCharsets.UTF_8));
      substrate.pollNow();
      clock.advance(Duration.ofMillis(200));
      substrate.pollNow();
      out.write("scale: 3\nconfig: {greeting: hey}\n".getBytes(StandardCharsets.UTF_8));
    }
    substrate.pollNow();
    clock.advance(Duration.ofMillis(299));
    substrate.pollNow();
    assertThat(app.drain()).isEmpty();
    assertThat(units.drain()).isEmpty();

    clock.advance(Duration.ofMillis(1));
    substrate.pollNow();
    assertSpecifiedWithConfig(app.drain(), Map.of("greeting", "hey"));
    assertThat(units.drain()).as("three units throughout: none was ever listed dying").isEmpty();
  }

  @Test
  void aSpecDeletedAndWrittenAgainWithinTheQuietPeriodIsNeverReportedGone() throws Exception {
    TestClock clock = new TestClock(Instant.parse("2026-01-01T00:00:00Z"));
    files.writeSpec("application: hello\ncharm: /c\n");
    start(Duration.ofMillis(300), clock);
    RecordingSink<ApplicationObservation> app = watchApplication(substrate);
    substrate.pollNow();
    clock.advance(Duration.ofMillis(300));
    substrate.pollNow();
    app.drain();

    Files.delete(files.specFile);
    substrate.pollNow();
    clock.advance(Duration.ofMillis(200));
    Files.writeString(files.specFile, "application: hello\ncharm: /c\n");
    substrate.pollNow();
    clock.advance(Duration.ofSeconds(1));
    substrate.pollNow();

    assertThat(app.drain()).isEmpty();
  }

  @Test
  void aSpecReplacedByANamedPipeIsRefusedWithoutBlockingAndTheNextEditIsRead() throws Exception {
    RecordingSink<ApplicationObservation> app = watchingAReadSpec();

    Files.move(
        Fifo.make(dir.resolve(".app.yaml.fifo")),
        files.specFile,
        StandardCopyOption.ATOMIC_MOVE,
        StandardCopyOption.REPLACE_EXISTING);
    fifo = files.specFile;
    assertPollRefusesTheSpec(
        app,
        "is a named pipe (FIFO), not a regular file;"
            + " the specification must be a regular file (or a link to one)");

    files.writeSpec("application: hello\ncharm: /c\nconfig: {greeting: hey}\n");
    substrate.pollNow();
    assertSpecifiedWithConfig(app.drain(), Map.of("greeting", "hey"));
  }

  @Test
  void aHugeSpecIsRefusedByItsSizeAndTheLastGoodOneStaysInForce() throws Exception {
    files.writeSpec("application: hello\ncharm: /c\nscale: 2\n");
    start(MANUAL);
    RecordingSink<ApplicationObservation> app = watchApplication(substrate);
    RecordingSink<UnitsObserved> units = watchUnits(substrate);
    substrate.pollNow();
    app.drain();
    units.drain();

    // 10 MB, nearly all of it one value: parsing it once held the watcher for about a minute.
    files.writeSpec(
        "application: hello\ncharm: /c\nconfig: {greeting: " + "x".repeat(10_000_000) + "}\n");
    assertPollRefusesTheSpec(
        app,
        "the file is "
            + Files.size(files.specFile)
            + " bytes (9.5 MiB); a specification may be at most 1048576 bytes (1 MiB)");
    assertThat(units.drain()).isEmpty();
    RecordingSink<UnitsObserved> relisted = watchUnits(substrate);
    substrate.pollNow();
    assertThat(relisted.drain()).containsExactly(listing(alive(0), alive(1)));
  }

  @Test
  void aSinkThatThrowsIsToldItFailedAndOthersKeepReceiving() throws Exception {
    files.writeSpec("application: hello\ncharm: /c\n");
    start(MANUAL);
    RecordingSink<ApplicationObservation> broken =
        files.watch(
            substrate.applicationSource()::watch,
            new RecordingSink<ApplicationObservation>().throwing(1));
    RecordingSink<ApplicationObservation> healthy = watchApplication(substrate);
    substrate.pollNow();

    files.writeSpec("application: hello\ncharm: /c\nconfig: {a: b}\n");
    substrate.pollNow();

    assertThat(broken.failures()).hasSize(1);
    assertThat(broken.observed()).isEmpty();
    assertThat(healthy.drain()).hasSize(2).allMatch(o -> o instanceof Specified);
  }

  @Test
  void aClosedWatchReceivesNothingMore() throws Exception {
    files.writeSpec("application: hello\ncharm: /c\n");
    RecordingSink<ApplicationObservation> app = new RecordingSink<>();
    Watch watch = start(MANUAL).applicationSource().watch(app);
    substrate.pollNow();
    app.drain();

    watch.close();
    files.writeSpec("application: hello\ncharm: /c\nconfig: {a: b}\n");
    substrate.pollNow();

    assertThat(app.drain()).isEmpty();
  }

  @Test
  void pollsOnItsOwnAndFollowsAFileReplacedByRename() throws Exception {
    files.writeSpec("application: hello\ncharm: /c\n");
    RecordingSink<ApplicationObservation> app = watchApplication(start(Duration.ofMillis(20)));
    await().atMost(Duration.ofSeconds(10)).until(() -> app.observed().size() == 1);

    Path replacement = dir.resolve(".app.yaml." + UUID.randomUUID());
    Files.writeString(replacement, "application: hello\ncharm: /c\nconfig: {saved: true}\n");
    Files.move(
        replacement,
        files.specFile,
        StandardCopyOption.ATOMIC_MOVE,
        StandardCopyOption.REPLACE_EXISTING);

    await().atMost(Duration.ofSeconds(10)).until(() -> app.observed().size() == 2);
    assertThat(app.observed().get(1))
        .isInstanceOfSatisfying(
            Specified.class,
            s -> assertThat(s.specification().config()).isEqualTo(Map.of("saved", true)));
  }

  @Test
  void isNamedLocalAndItsUnitsLiveOnThisMachinesLoopback() throws Exception {
    substrate = files.substrate(MANUAL, Duration.ZERO, Clock.systemUTC(), null);
    assertThat(substrate.name()).isEqualTo("local");
    UnitAddresses addresses = substrate.addresses().of(new UnitId(new ApplicationName("hello"), 3));
    assertThat(addresses.privateAddress()).isEqualTo("127.0.0.1");
    assertThat(addresses.publicAddress()).isEqualTo("127.0.0.1");
    assertThat(addresses.ingressAddresses()).containsExactly("127.0.0.1");
    assertThat(addresses.egressSubnets()).containsExactly("127.0.0.1/32");
    assertThat(addresses.interfaces())
        .containsExactly(
            new UnitAddresses.NetworkInterface(
                "lo", "", List.of(new UnitAddresses.Address("127.0.0.1", "127.0.0.0/8"))));
    assertThat(substrate.cloudApiVersion()).isEmpty();
  }

  @Test
  void storageIsADirectoryPerUnitAndInstanceMadeByItsStorageAttachedHookBeforeTheHookRuns()
      throws Exception {
    substrate = files.substrate(MANUAL, Duration.ZERO, Clock.systemUTC(), null);
    UnitId unit = new UnitId(new ApplicationName("hello"), 1);
    String location =
        substrate
            .storageLayout()
            .location(unit, "data/0", new CharmStorage("filesystem", "/srv/data"));
    assertThat(location)
        .as("a declared location is not used: nothing mounts here")
        .isEqualTo(
            files.agentsDir.resolve("unit-hello-1/storage/data-0").toAbsolutePath().toString());
    assertThat(substrate.storageLayout().canAdd()).isTrue();

    List<HookInvocation> ran = new ArrayList<>();
    HookExecutor directories =
        new LocalStorageDirectories(
            invocation -> {
              ran.add(invocation);
              return java.util.concurrent.CompletableFuture.completedFuture(null);
            },
            files.agentsDir);
    Path unitDir = files.agentsDir.resolve("unit-hello-1");
    directories.run(
        dispatch(
            unit,
            unitDir,
            Map.of("JUJU_HOOK_NAME", "data-storage-attached", "JUJU_STORAGE_LOCATION", location)));
    directories.run(dispatch(unit, unitDir, Map.of("JUJU_HOOK_NAME", "install")));
    assertThat(ran.get(0).command())
        .containsExactly(
            "/bin/sh", "-c", LocalStorageDirectories.MAKE_THEN_RUN, unitDir + "/charm/dispatch");
    assertThat(ran.get(1).command())
        .as("other hooks run as they are")
        .containsExactly(unitDir + "/charm/dispatch");

    // The wrapped command, for real: the directory exists when the hook starts.
    List<String> command = new ArrayList<>(ran.get(0).command().subList(0, 3));
    command.addAll(List.of("/bin/sh", "-c", "test -d \"$JUJU_STORAGE_LOCATION\" && echo there"));
    ProcessBuilder builder = new ProcessBuilder(command);
    builder.environment().put("JUJU_STORAGE_LOCATION", location);
    Process process = builder.start();
    assertThat(new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8))
        .isEqualTo("there\n");
    assertThat(process.waitFor()).isZero();
    assertThat(Path.of(location)).isDirectory();
  }

  /** The unit's charm dispatched with this environment. */
  private static HookInvocation dispatch(UnitId unit, Path unitDir, Map<String, String> env) {
    return new HookInvocation(
        unit,
        unitDir,
        unitDir,
        List.of(unitDir + "/charm/dispatch"),
        env,
        Duration.ofSeconds(10),
        "ctx-" + env.get("JUJU_HOOK_NAME"),
        4096);
  }

  /**
   * Polls, failing if that hangs, and expects the spec refused, saying {@code why}, and no more.
   */
  private void assertPollRefusesTheSpec(RecordingSink<ApplicationObservation> app, String why) {
    assertTimeoutPreemptively(HANG, () -> substrate.pollNow());
    assertThat(app.drain()).containsExactly(new Invalid("spec " + files.specFile + ": " + why));
  }

  /** A watch of the application of a substrate that has read a valid spec, told of it already. */
  private RecordingSink<ApplicationObservation> watchingAReadSpec() throws Exception {
    files.writeSpec("application: hello\ncharm: /c\n");
    RecordingSink<ApplicationObservation> app = watchApplication(start(MANUAL));
    substrate.pollNow();
    app.drain();
    return app;
  }

  /** The one observation: a valid specification, with this config. */
  private static void assertSpecifiedWithConfig(
      List<ApplicationObservation> observed, Map<String, ?> config) {
    assertThat(observed)
        .singleElement()
        .isInstanceOfSatisfying(
            Specified.class, s -> assertThat(s.specification().config()).isEqualTo(config));
  }

  /** A substrate that acts on every change at once: most tests are not about the quiet period. */
  private LocalSubstrate start(Duration pollInterval) {
    substrate =
        files.substrate(
            pollInterval,
            Duration.ZERO,
            Clock.fixed(Instant.parse("2026-01-01T00:00:00Z"), ZoneOffset.UTC),
            null);
    return substrate;
  }

  /** A substrate whose quiet period is measured by {@code clock}, which the test moves. */
  private LocalSubstrate start(Duration quietPeriod, TestClock clock) {
    substrate = files.substrate(MANUAL, quietPeriod, clock, null);
    return substrate;
  }

  private RecordingSink<ApplicationObservation> watchApplication(LocalSubstrate on) {
    return files.watch(on.applicationSource()::watch);
  }

  private RecordingSink<UnitsObserved> watchUnits(LocalSubstrate on) {
    return files.watch(on.unitSource()::watch);
  }

  private RecordingSink<ContainerStarted> watchContainers(LocalSubstrate on) {
    return files.watch(on.containerStartSource()::watch);
  }

  private static UnitsObserved listing(UnitObservation... units) {
    return new UnitsObserved(List.of(units), true);
  }

  private static UnitObservation alive(int n) {
    return new UnitObservation(UnitId.of("hello", n), Life.ALIVE);
  }

  private static UnitObservation dying(int n) {
    return new UnitObservation(UnitId.of("hello", n), Life.DYING);
  }

  private static ContainerStarted started(int n, String container) {
    return new ContainerStarted(UnitId.of("hello", n), container, "local-1");
  }
}
