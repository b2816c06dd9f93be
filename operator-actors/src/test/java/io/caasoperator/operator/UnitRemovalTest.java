package io.caasoperator.operator;

import static org.assertj.core.api.Assertions.assertThat;

import com.typesafe.config.ConfigFactory;
import io.caasoperator.domain.UnitId;
import io.caasoperator.substrate.UnitRemover;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.LoggingTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.ManualTime;
import org.apache.pekko.actor.testkit.typed.javadsl.TestProbe;
import org.apache.pekko.actor.typed.Behavior;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A unit's removal: its directory goes, the substrate releases it, failures are retried. */
class UnitRemovalTest {
  @AutoClose("shutdownTestKit")
  private static final ActorTestKit testKit =
      ActorTestKit.create(ManualTime.config().withFallback(ConfigFactory.load()));

  private static final ManualTime time = ManualTime.get(testKit.system());
  private static final UnitId UNIT = UnitId.of("app", 1);

  @TempDir Path data;

  /** Fails its first {@code failures} releases, as a substrate that cannot be reached would. */
  private static final class FlakyRemover implements UnitRemover {
    final AtomicInteger releases = new AtomicInteger();
    private final int failures;

    FlakyRemover(int failures) {
      this.failures = failures;
    }

    @Override
    public void release(UnitId unit) {
      if (releases.incrementAndGet() <= failures)
        throw new IllegalStateException("pod is being updated");
    }
  }

  private Path unitDir() throws Exception {
    Path dir = data.resolve("agents").resolve(UNIT.tag());
    Files.createDirectories(dir.resolve("charm"));
    Files.writeString(dir.resolve("hooks.log"), "install\n");
    return dir;
  }

  /** The removal of {@link #UNIT}, whose directory is {@code dir}, replying to {@code removed}. */
  private static Behavior<UnitRemoval.Command> removal(
      Path dir, UnitRemover remover, TestProbe<UnitRemoval.Removed> removed) {
    return UnitRemoval.create(
        UNIT, dir, remover, Executors.newVirtualThreadPerTaskExecutor(), removed.ref());
  }

  @Test
  void deletesTheUnitsDirectoryReleasesItAndRepliesOnce() throws Exception {
    Path dir = unitDir();
    FlakyRemover remover = new FlakyRemover(0);
    TestProbe<UnitRemoval.Removed> removed = testKit.createTestProbe();
    var removal = testKit.spawn(removal(dir, remover, removed));

    removed.expectMessage(new UnitRemoval.Removed(UNIT));
    assertThat(dir).doesNotExist();
    assertThat(remover.releases).hasValue(1);
    // once: it stopped after its reply, so no other can come
    removed.expectTerminated(removal);
    removed.expectNoMessage(Duration.ZERO);
  }

  @Test
  void aReleaseThatFailsIsTriedAgainEveryThreeSecondsUntilItSucceeds() throws Exception {
    Path dir = unitDir();
    FlakyRemover remover = new FlakyRemover(2);
    TestProbe<UnitRemoval.Removed> removed = testKit.createTestProbe();
    var removal =
        LoggingTestKit.warn(
                "unit app/1: cannot release it yet, retrying in 3s: pod is being updated")
            .expect(testKit.system(), () -> testKit.spawn(removal(dir, remover, removed)));

    time.expectNoMessageFor(Duration.ofSeconds(2), removed);
    assertThat(remover.releases).as("no retry before its time").hasValue(1);
    LoggingTestKit.warn("cannot release it yet")
        .expect(
            testKit.system(),
            () -> {
              time.timePasses(Duration.ofSeconds(1));
              return null;
            });
    assertThat(remover.releases).hasValue(2);

    time.timePasses(UnitRemoval.RETRY);
    removed.expectMessage(new UnitRemoval.Removed(UNIT));
    assertThat(remover.releases).hasValue(3);
    assertThat(dir).doesNotExist();
    removed.expectTerminated(removal);
    removed.expectNoMessage(Duration.ZERO);
  }
}
