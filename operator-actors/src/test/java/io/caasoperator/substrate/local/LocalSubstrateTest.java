package io.caasoperator.substrate.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.caasoperator.domain.ApplicationName;
import io.caasoperator.domain.CharmInfo;
import io.caasoperator.domain.CharmRef;
import io.caasoperator.domain.CharmStorage;
import io.caasoperator.domain.Life;
import io.caasoperator.domain.UnitId;
import io.caasoperator.hook.HookExecutor;
import io.caasoperator.hook.HookInvocation;
import io.caasoperator.hook.LocalProcessExecutor;
import io.caasoperator.substrate.ApplicationObservation;
import io.caasoperator.substrate.ApplicationObservation.Invalid;
import io.caasoperator.substrate.ApplicationObservation.NotFound;
import io.caasoperator.substrate.ApplicationObservation.Specified;
import io.caasoperator.substrate.ContainerStarted;
import io.caasoperator.substrate.UnitAddresses;
import io.caasoperator.substrate.UnitObservation;
import io.caasoperator.substrate.UnitsObserved;
import io.caasoperator.substrate.Watch;
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
import java.util.Set;
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
  private Path specFile;
  private Path agentsDir;
  private LocalSubstrate substrate;
  private final List<Watch> watches = new ArrayList<>();

  /** A named pipe the test made, let go of after it so that no reader stays stuck on it. */
  private Path fifo;

  @BeforeEach
  void paths() throws IOException {
    specFile = dir.resolve("app.yaml");
    agentsDir = Files.createDirectories(dir.resolve("agents"));
  }

  @AfterEach
  void close() throws IOException {
    if (fifo != null) Fifo.release(fifo);
    watches.forEach(Watch::close);
    if (substrate != null) substrate.close();
  }

  @Test
  void reportsSpecifiedThenInvalidOncePerBadContentThenNotFoundOnceThenSpecifiedAgain()
      throws Exception {
    writeSpec("application: hello\ncharm: /c\n");
    RecordingSink<ApplicationObservation> app = watchApplication(start(MANUAL));

    substrate.pollNow();
    assertThat(app.drain())
        .singleElement()
        .isInstanceOfSatisfying(
            Specified.class,
            s -> assertThat(s.specification().application().value()).isEqualTo("hello"));

    writeSpec("application: hello\ncharm: /c\nscale: -1\n");
    substrate.pollNow();
    substrate.pollNow();
    assertThat(app.drain())
        .singleElement()
        .isInstanceOfSatisfying(
            Invalid.class,
            i -> assertThat(i.problem()).contains("\"scale\": must be >= 0, got -1"));

    writeSpec("application: hello\ncharm: /c\ncolour: red\n");
    substrate.pollNow();
    assertThat(app.drain())
        .singleElement()
        .isInstanceOfSatisfying(
            Invalid.class, i -> assertThat(i.problem()).contains("unknown key \"colour\""));

    writeSpec("application: hello\ncharm: /c\nconfig: {greeting: hi}\n");
    substrate.pollNow();
    assertThat(app.drain())
        .singleElement()
        .isInstanceOfSatisfying(
            Specified.class,
            s -> assertThat(s.specification().config()).isEqualTo(Map.of("greeting", "hi")));

    Files.delete(specFile);
    substrate.pollNow();
    substrate.pollNow();
    assertThat(app.drain())
        .containsExactly(new NotFound("specification file " + specFile + " was removed"));

    writeSpec("application: hello\ncharm: /c\nconfig: {greeting: hi}\n");
    substrate.pollNow();
    assertThat(app.drain()).singleElement().isInstanceOf(Specified.class);
  }

  @Test
  void anEditThatChangesNothingButTheTextIsNotReported() throws Exception {
    writeSpec("application: hello\ncharm: /c\n");
    RecordingSink<ApplicationObservation> app = watchApplication(start(MANUAL));
    substrate.pollNow();
    app.drain();

    writeSpec("# a comment\napplication: hello\ncharm: /c\n");
    substrate.pollNow();

    assertThat(app.drain()).isEmpty();
  }

  @Test
  void theApplicationNameCannotChange() throws Exception {
    writeSpec("application: hello\ncharm: /c\n");
    RecordingSink<ApplicationObservation> app = watchApplication(start(MANUAL));
    substrate.pollNow();
    app.drain();

    writeSpec("application: other\ncharm: /c\n");
    substrate.pollNow();

    assertThat(app.drain())
        .containsExactly(
            new Invalid(
                "spec " + specFile + ": application name cannot change from hello to other"));
  }

  @Test
  void aMissingFileAtStartIsNotFound() throws Exception {
    RecordingSink<ApplicationObservation> app = watchApplication(start(MANUAL));
    substrate.pollNow();

    assertThat(app.drain())
        .containsExactly(new NotFound("specification file " + specFile + " does not exist"));
  }

  @Test
  void aNewApplicationWatchLearnsTheLastGoodSpecAndTheCurrentProblem() throws Exception {
    writeSpec("application: hello\ncharm: /c\n");
    start(MANUAL).pollNow();
    writeSpec("application: hello\ncharm: /c\nscale: -1\n");
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
    writeSpec("application: hello\ncharm: /c\nscale: nope\n");
    RecordingSink<UnitsObserved> units = watchUnits(start(MANUAL));
    substrate.pollNow();
    assertThat(units.drain()).isEmpty();

    writeSpec("application: hello\ncharm: /c\nscale: 2\n");
    substrate.pollNow();
    assertThat(units.drain()).containsExactly(listing(alive(0), alive(1)));

    writeSpec("application: hello\ncharm: /c\nscale: -5\n");
    substrate.pollNow();
    assertThat(units.drain()).isEmpty();

    writeSpec("application: hello\ncharm: /c\nscale: 3\n");
    substrate.pollNow();
    assertThat(units.drain()).containsExactly(listing(alive(0), alive(1), alive(2)));
  }

  @Test
  void scalingDownLeavesUnitsDyingUntilTheirDirectoryIsDeletedAndReleased() throws Exception {
    writeSpec("application: hello\ncharm: /c\nscale: 3\n");
    for (int n = 0; n < 3; n++) Files.createDirectories(agentsDir.resolve("unit-hello-" + n));
    Files.createDirectories(agentsDir.resolve("unit-hello-world-7")); // another application's
    RecordingSink<UnitsObserved> units = watchUnits(start(MANUAL));
    substrate.pollNow();
    assertThat(units.drain()).containsExactly(listing(alive(0), alive(1), alive(2)));

    writeSpec("application: hello\ncharm: /c\nscale: 1\n");
    substrate.pollNow();
    assertThat(units.drain()).containsExactly(listing(alive(0), dying(1), dying(2)));

    Files.delete(agentsDir.resolve("unit-hello-2"));
    substrate.unitRemover().release(UnitId.of("hello", 2));
    assertThat(units.drain()).containsExactly(listing(alive(0), dying(1)));

    Files.delete(agentsDir.resolve("unit-hello-1"));
    substrate.unitRemover().release(UnitId.of("hello", 1));
    assertThat(units.drain()).containsExactly(listing(alive(0)));
  }

  @Test
  void aNewUnitWatchGetsACompleteListing() throws Exception {
    writeSpec("application: hello\ncharm: /c\nscale: 2\n");
    RecordingSink<UnitsObserved> first = watchUnits(start(MANUAL));
    substrate.pollNow();

    RecordingSink<UnitsObserved> second = watchUnits(substrate);
    substrate.pollNow();

    assertThat(first.drain()).containsExactly(listing(alive(0), alive(1)));
    assertThat(second.drain()).containsExactly(listing(alive(0), alive(1)));
  }

  @Test
  void everyContainerOfEveryAliveUnitStartsOnceTheCharmIsDeployed() throws Exception {
    writeSpec("application: hello\ncharm: /c\nscale: 2\n");
    Files.createDirectories(agentsDir.resolve("unit-hello-5")); // dying: no container start
    RecordingSink<ContainerStarted> starts = watchContainers(start(MANUAL));
    substrate.pollNow();
    assertThat(starts.drain()).isEmpty();

    substrate.charmDeployed(charm("web", "db"));
    substrate.pollNow();
    assertThat(starts.drain())
        .containsExactlyInAnyOrder(
            started(0, "web"), started(0, "db"), started(1, "web"), started(1, "db"));

    writeSpec("application: hello\ncharm: /c\nscale: 3\n");
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
    writeSpec("application: hello\ncharm: /c\nscale: 3\n");
    for (int n = 0; n < 3; n++) Files.createDirectories(agentsDir.resolve("unit-hello-" + n));
    RecordingSink<ContainerStarted> starts = watchContainers(start(MANUAL));
    substrate.pollNow();
    substrate.charmDeployed(charm("web"));
    substrate.pollNow();
    assertThat(starts.drain())
        .containsExactlyInAnyOrder(started(0, "web"), started(1, "web"), started(2, "web"));

    writeSpec("application: hello\ncharm: /c\nscale: 1\n");
    substrate.pollNow();
    writeSpec("application: hello\ncharm: /c\nscale: 3\n");
    substrate.pollNow();
    assertThat(starts.drain()).as("units 1 and 2 still have the pods they are dying in").isEmpty();

    Files.delete(agentsDir.resolve("unit-hello-1"));
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
    writeSpec("application: hello\ncharm: /c\nscale: 2\n");
    Files.createDirectories(agentsDir.resolve("unit-hello-1"));
    RecordingSink<ContainerStarted> starts = watchContainers(start(MANUAL));
    substrate.pollNow();
    substrate.charmDeployed(charm("web"));
    substrate.pollNow();
    starts.drain();

    writeSpec("application: hello\ncharm: /c\nscale: 1\n");
    substrate.pollNow();
    Files.delete(agentsDir.resolve("unit-hello-1"));
    substrate.unitRemover().release(UnitId.of("hello", 1));
    writeSpec("application: hello\ncharm: /c\nscale: 2\n");
    substrate.pollNow();

    assertThat(starts.drain())
        .containsExactly(new ContainerStarted(UnitId.of("hello", 1), "web", "local-2"));
  }

  @Test
  void aSpecWrittenInPlaceIsActedOnOnlyOnceTheWriteHasHeldStillForTheQuietPeriod()
      throws Exception {
    ManualClock clock = new ManualClock();
    writeSpec("application: hello\ncharm: /c\nscale: 3\n");
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
    try (OutputStream out = Files.newOutputStream(specFile)) {
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
    assertThat(app.drain())
        .singleElement()
        .isInstanceOfSatisfying(
            Specified.class,
            s -> assertThat(s.specification().config()).isEqualTo(Map.of("greeting", "hey")));
    assertThat(units.drain()).as("three units throughout: none was ever listed dying").isEmpty();
  }

  @Test
  void aSpecDeletedAndWrittenAgainWithinTheQuietPeriodIsNeverReportedGone() throws Exception {
    ManualClock clock = new ManualClock();
    writeSpec("application: hello\ncharm: /c\n");
    start(Duration.ofMillis(300), clock);
    RecordingSink<ApplicationObservation> app = watchApplication(substrate);
    substrate.pollNow();
    clock.advance(Duration.ofMillis(300));
    substrate.pollNow();
    app.drain();

    Files.delete(specFile);
    substrate.pollNow();
    clock.advance(Duration.ofMillis(200));
    Files.writeString(specFile, "application: hello\ncharm: /c\n");
    substrate.pollNow();
    clock.advance(Duration.ofSeconds(1));
    substrate.pollNow();

    assertThat(app.drain()).isEmpty();
  }

  @Test
  void aSpecReplacedByANamedPipeIsRefusedWithoutBlockingAndTheNextEditIsRead() throws Exception {
    writeSpec("application: hello\ncharm: /c\n");
    RecordingSink<ApplicationObservation> app = watchApplication(start(MANUAL));
    substrate.pollNow();
    app.drain();

    Files.move(
        Fifo.make(dir.resolve(".app.yaml.fifo")),
        specFile,
        StandardCopyOption.ATOMIC_MOVE,
        StandardCopyOption.REPLACE_EXISTING);
    fifo = specFile;
    assertTimeoutPreemptively(HANG, () -> substrate.pollNow());
    assertThat(app.drain())
        .containsExactly(
            new Invalid(
                "spec "
                    + specFile
                    + ": is a named pipe (FIFO),"
                    + " not a regular file; the specification must be a regular file (or a link to one)"));

    writeSpec("application: hello\ncharm: /c\nconfig: {greeting: hey}\n");
    substrate.pollNow();
    assertThat(app.drain())
        .singleElement()
        .isInstanceOfSatisfying(
            Specified.class,
            s -> assertThat(s.specification().config()).isEqualTo(Map.of("greeting", "hey")));
  }

  @Test
  void aHugeSpecIsRefusedByItsSizeAndTheLastGoodOneStaysInForce() throws Exception {
    writeSpec("application: hello\ncharm: /c\nscale: 2\n");
    start(MANUAL);
    RecordingSink<ApplicationObservation> app = watchApplication(substrate);
    RecordingSink<UnitsObserved> units = watchUnits(substrate);
    substrate.pollNow();
    app.drain();
    units.drain();

    // 10 MB, nearly all of it one value: parsing it once held the watcher for about a minute.
    writeSpec(
        "application: hello\ncharm: /c\nconfig: {greeting: " + "x".repeat(10_000_000) + "}\n");
    assertTimeoutPreemptively(HANG, () -> substrate.pollNow());

    assertThat(app.drain())
        .containsExactly(
            new Invalid(
                "spec "
                    + specFile
                    + ": the file is "
                    + Files.size(specFile)
                    + " bytes (9.5 MiB); a specification may be at most 1048576 bytes (1 MiB)"));
    assertThat(units.drain()).isEmpty();
    RecordingSink<UnitsObserved> relisted = watchUnits(substrate);
    substrate.pollNow();
    assertThat(relisted.drain()).containsExactly(listing(alive(0), alive(1)));
  }

  @Test
  void aSinkThatThrowsIsToldItFailedAndOthersKeepReceiving() throws Exception {
    writeSpec("application: hello\ncharm: /c\n");
    start(MANUAL);
    RecordingSink<ApplicationObservation> broken =
        new RecordingSink<ApplicationObservation>().throwing(1);
    watches.add(substrate.applicationSource().watch(broken));
    RecordingSink<ApplicationObservation> healthy = watchApplication(substrate);
    substrate.pollNow();

    writeSpec("application: hello\ncharm: /c\nconfig: {a: b}\n");
    substrate.pollNow();

    assertThat(broken.failures()).hasSize(1);
    assertThat(broken.observed()).isEmpty();
    assertThat(healthy.drain()).hasSize(2).allMatch(o -> o instanceof Specified);
  }

  @Test
  void aClosedWatchReceivesNothingMore() throws Exception {
    writeSpec("application: hello\ncharm: /c\n");
    RecordingSink<ApplicationObservation> app = new RecordingSink<>();
    Watch watch = start(MANUAL).applicationSource().watch(app);
    substrate.pollNow();
    app.drain();

    watch.close();
    writeSpec("application: hello\ncharm: /c\nconfig: {a: b}\n");
    substrate.pollNow();

    assertThat(app.drain()).isEmpty();
  }

  @Test
  void pollsOnItsOwnAndFollowsAFileReplacedByRename() throws Exception {
    writeSpec("application: hello\ncharm: /c\n");
    RecordingSink<ApplicationObservation> app = watchApplication(start(Duration.ofMillis(20)));
    await().atMost(Duration.ofSeconds(10)).until(() -> app.observed().size() == 1);

    Path replacement = dir.resolve(".app.yaml." + UUID.randomUUID());
    Files.writeString(replacement, "application: hello\ncharm: /c\nconfig: {saved: true}\n");
    Files.move(
        replacement, specFile, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);

    await().atMost(Duration.ofSeconds(10)).until(() -> app.observed().size() == 2);
    assertThat(app.observed().get(1))
        .isInstanceOfSatisfying(
            Specified.class,
            s -> assertThat(s.specification().config()).isEqualTo(Map.of("saved", true)));
  }

  @Test
  void isNamedLocalAndItsUnitsLiveOnThisMachinesLoopback() throws Exception {
    substrate =
        new LocalSubstrate(
            specFile,
            agentsDir,
            new LocalProcessExecutor("test-" + UUID.randomUUID()),
            MANUAL,
            Duration.ZERO,
            Clock.systemUTC());
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
    substrate =
        new LocalSubstrate(
            specFile,
            agentsDir,
            new LocalProcessExecutor("test-" + UUID.randomUUID()),
            MANUAL,
            Duration.ZERO,
            Clock.systemUTC());
    UnitId unit = new UnitId(new ApplicationName("hello"), 1);
    String location =
        substrate
            .storageLayout()
            .location(unit, "data/0", new CharmStorage("filesystem", "/srv/data"));
    assertThat(location)
        .as("a declared location is not used: nothing mounts here")
        .isEqualTo(agentsDir.resolve("unit-hello-1/storage/data-0").toAbsolutePath().toString());
    assertThat(substrate.storageLayout().canAdd()).isTrue();

    List<HookInvocation> ran = new ArrayList<>();
    HookExecutor directories =
        new LocalStorageDirectories(
            invocation -> {
              ran.add(invocation);
              return java.util.concurrent.CompletableFuture.completedFuture(null);
            },
            agentsDir);
    Path unitDir = agentsDir.resolve("unit-hello-1");
    Map<String, String> env =
        Map.of("JUJU_HOOK_NAME", "data-storage-attached", "JUJU_STORAGE_LOCATION", location);
    directories.run(
        new HookInvocation(
            unit,
            unitDir,
            unitDir,
            List.of(unitDir + "/charm/dispatch"),
            env,
            Duration.ofSeconds(10),
            "ctx-1",
            4096));
    directories.run(
        new HookInvocation(
            unit,
            unitDir,
            unitDir,
            List.of(unitDir + "/charm/dispatch"),
            Map.of("JUJU_HOOK_NAME", "install"),
            Duration.ofSeconds(10),
            "ctx-2",
            4096));
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

  /** A substrate that acts on every change at once: most tests are not about the quiet period. */
  private LocalSubstrate start(Duration pollInterval) {
    substrate =
        new LocalSubstrate(
            specFile,
            agentsDir,
            new LocalProcessExecutor("test-" + UUID.randomUUID()),
            pollInterval,
            Duration.ZERO,
            Clock.fixed(Instant.parse("2026-01-01T00:00:00Z"), ZoneOffset.UTC));
    return substrate;
  }

  /** A substrate whose quiet period is measured by {@code clock}, which the test moves. */
  private LocalSubstrate start(Duration quietPeriod, ManualClock clock) {
    substrate =
        new LocalSubstrate(
            specFile,
            agentsDir,
            new LocalProcessExecutor("test-" + UUID.randomUUID()),
            MANUAL,
            quietPeriod,
            clock);
    return substrate;
  }

  private RecordingSink<ApplicationObservation> watchApplication(LocalSubstrate on) {
    RecordingSink<ApplicationObservation> sink = new RecordingSink<>();
    watches.add(on.applicationSource().watch(sink));
    return sink;
  }

  private RecordingSink<UnitsObserved> watchUnits(LocalSubstrate on) {
    RecordingSink<UnitsObserved> sink = new RecordingSink<>();
    watches.add(on.unitSource().watch(sink));
    return sink;
  }

  private RecordingSink<ContainerStarted> watchContainers(LocalSubstrate on) {
    RecordingSink<ContainerStarted> sink = new RecordingSink<>();
    watches.add(on.containerStartSource().watch(sink));
    return sink;
  }

  /** Writes by rename, as editors do, so a poll never sees a half-written file. */
  private void writeSpec(String content) throws IOException {
    Path temporary = dir.resolve(".app.yaml.tmp");
    Files.writeString(temporary, content);
    Files.move(
        temporary, specFile, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
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

  private static CharmInfo charm(String... containers) {
    return new CharmInfo(
        1,
        "hello",
        new CharmRef("/c", null, 0, false),
        "0".repeat(64),
        List.of(containers),
        Set.of("install"),
        false,
        Map.of());
  }
}
