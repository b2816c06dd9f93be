package io.caasoperator.operator;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.charm.CharmFiles;
import io.caasoperator.domain.ApplicationName;
import io.caasoperator.domain.UnitId;
import io.caasoperator.substrate.local.LocalSubstrate;
import io.caasoperator.substrate.local.SubstrateFiles;
import io.caasoperator.testing.InMemoryJournal;
import io.caasoperator.testing.ScriptedExecutor;
import io.caasoperator.testing.Settled;
import io.caasoperator.testing.TestOperators;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.typed.ActorRef;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A unit scaled down and up again while it is still dying: the operator with the real local
 * substrate (spec file, unit directories, container starts) and hooks the test completes. The dying
 * unit finishes {@code stop} and {@code remove}; then, alive again, it is a new unit in a new pod
 * and runs its whole lifecycle, {@code web-pebble-ready} included.
 */
class RevivedUnitTest {
  @AutoClose("shutdownTestKit")
  private static final ActorTestKit testKit = ActorTestKit.create(InMemoryJournal.config());

  private static final AtomicInteger ids = new AtomicInteger();

  /**
   * A hook the test has not completed yet is never followed by another hook of that unit: how long
   * the test watches for one after a new specification file, whose reading it cannot observe.
   */
  private static final Duration NOTHING_MORE = Duration.ofMillis(500);

  /** A new follower unit's hooks, its container's pebble-ready last. */
  private static final List<String> FOLLOWER_LIFECYCLE =
      List.of("install", "leader-settings-changed", "config-changed", "start", "web-pebble-ready");

  @TempDir Path data;
  private final ScriptedExecutor executor = new ScriptedExecutor();
  private ApplicationName app;
  private SubstrateFiles files;
  private Path charmDir;
  private LocalSubstrate substrate;

  @BeforeEach
  void setUp() throws IOException {
    app = ApplicationName.of("revived" + ids.incrementAndGet());
    charmDir =
        CharmFiles.empty()
            .file("metadata.yaml", "name: test\ncontainers:\n  web: {}\n")
            .hooks(
                "install",
                "leader-elected",
                "leader-settings-changed",
                "config-changed",
                "start",
                "web-pebble-ready",
                "stop",
                "remove")
            .writeDirectory(data.resolve("charm-src"));
    // Quiet period zero: this test is about units, not about half-written files.
    files = new SubstrateFiles(data);
    substrate = files.substrate(Duration.ofMillis(50), Duration.ZERO, Clock.systemUTC(), null);
  }

  @AfterEach
  void closeSubstrate() {
    substrate.close();
  }

  @Test
  void aUnitScaledDownAndUpWhileItsStopHookRunsIsRemovedThenRunsItsWholeLifecycleAgain()
      throws IOException {
    writeSpec(3);
    var operator = spawnOperator();
    Map<String, List<String>> first = executor.completeByUnit(15);
    assertThat(first.get(unit(1))).isEqualTo(FOLLOWER_LIFECYCLE);
    hooksRanInTheirDirectories(0, 1, 2);

    writeSpec(1);
    ScriptedExecutor.Call stop1 = executor.next();
    ScriptedExecutor.Call stop2 = executor.next();
    assertThat(List.of(stop1.hook(), stop2.hook())).containsOnly("stop");
    writeSpec(3); // while both stop hooks still run
    executor.expectNoHookWithin(NOTHING_MORE);

    stop1.succeed();
    stop2.succeed();
    Map<String, List<String>> revived = executor.completeByUnit(2 + 2 * 5);
    List<String> removedThenNew =
        Stream.concat(Stream.of("remove"), FOLLOWER_LIFECYCLE.stream()).toList();
    assertThat(revived.get(unit(1))).isEqualTo(removedThenNew);
    assertThat(revived.get(unit(2))).isEqualTo(removedThenNew);
    executor.expectNoHookStarted(Settled.operator(testKit, operator, units(0, 1, 2)));

    // The revived units are units like any other: scaled down, they go.
    hooksRanInTheirDirectories(1, 2);
    writeSpec(1);
    Map<String, List<String>> gone = executor.completeByUnit(4);
    assertThat(gone.get(unit(1))).containsExactly("stop", "remove");
    assertThat(gone.get(unit(2))).containsExactly("stop", "remove");
    executor.expectNoHookStarted(Settled.operator(testKit, operator, units(0, 1, 2)));
  }

  private ActorRef<OperatorActor.Command> spawnOperator() {
    return testKit.spawn(
        OperatorActor.create(
            TestOperators.dependencies(app, substrate, executor, data, reason -> {})));
  }

  /**
   * The scripted executor runs no process, so nothing makes the units' directories, which stand for
   * their pods here: make them as a hook would have.
   */
  private void hooksRanInTheirDirectories(int... ordinals) throws IOException {
    for (int n : ordinals)
      Files.createDirectories(data.resolve("agents").resolve("unit-" + app + "-" + n));
  }

  private UnitId[] units(int... ordinals) {
    return java.util.Arrays.stream(ordinals)
        .mapToObj(n -> UnitId.of(app.value(), n))
        .toArray(UnitId[]::new);
  }

  private String unit(int n) {
    return app + "/" + n;
  }

  private void writeSpec(int scale) throws IOException {
    files.writeSpec("application: " + app + "\ncharm: " + charmDir + "\nscale: " + scale + "\n");
  }
}
