package io.caasoperator.substrate.local;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.domain.UnitId;
import io.caasoperator.persistence.PebbleNotice;
import io.caasoperator.substrate.ContainerStarted;
import io.caasoperator.substrate.WorkloadNotice;
import io.caasoperator.testing.RecordingSink;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * With workloads (a Pebble per container), a pod's containers start when their Pebble answers, with
 * its boot id; pods made and gone are told to the workloads.
 */
class LocalSubstrateWorkloadsTest {
  @TempDir Path dir;
  private SubstrateFiles files;
  private LocalSubstrate substrate;
  private final FakeWorkloads workloads = new FakeWorkloads();

  /** Records pods and lets the test answer for a container's Pebble. */
  private static final class FakeWorkloads implements LocalWorkloads {
    final List<String> calls = new CopyOnWriteArrayList<>();
    final Map<UnitId, ContainerReports> answers = new java.util.concurrent.ConcurrentHashMap<>();

    @Override
    public void podMade(
        UnitId unit, Path unitDir, List<String> containers, ContainerReports reports) {
      calls.add("made " + unit + " " + containers + " in " + unitDir.getFileName());
      answers.put(unit, reports);
    }

    @Override
    public CompletionStage<Void> podGone(UnitId unit) {
      calls.add("gone " + unit);
      return CompletableFuture.completedFuture(null);
    }
  }

  @BeforeEach
  void start() throws IOException {
    files = new SubstrateFiles(dir);
    files.writeSpec("application: hello\ncharm: /c\nscale: 2\n");
    substrate = files.substrate(Duration.ofHours(1), Duration.ZERO, Clock.systemUTC(), workloads);
  }

  @AfterEach
  void close() {
    files.close();
    substrate.close();
  }

  @Test
  void containersStartOnlyWhenTheirPebbleAnswersWithItsBootIdAndANewWatchHearsTheAnswersAgain()
      throws Exception {
    RecordingSink<ContainerStarted> starts = watch();
    substrate.pollNow();
    substrate.charmDeployed(SubstrateFiles.charm("web"));
    substrate.pollNow();
    assertThat(workloads.calls)
        .containsExactlyInAnyOrder(
            "made hello/0 [web] in unit-hello-0", "made hello/1 [web] in unit-hello-1");
    assertThat(starts.drain()).as("no Pebble answered yet").isEmpty();

    workloads
        .answers
        .get(UnitId.of("hello", 0))
        .answered(new ContainerStarted(UnitId.of("hello", 0), "web", "boot-a"));
    substrate.pollNow();
    assertThat(starts.drain())
        .containsExactly(new ContainerStarted(UnitId.of("hello", 0), "web", "boot-a"));

    RecordingSink<ContainerStarted> relisted = watch();
    substrate.pollNow();
    assertThat(relisted.drain())
        .containsExactly(new ContainerStarted(UnitId.of("hello", 0), "web", "boot-a"));
  }

  @Test
  void aRemovedUnitsWorkloadsStopBeforeItsDirectoryGoesAndItsLateAnswersAreIgnored()
      throws Exception {
    RecordingSink<ContainerStarted> starts = watch();
    RecordingSink<WorkloadNotice> notices = files.watch(substrate.workloadNoticeSource()::watch);
    substrate.pollNow();
    substrate.charmDeployed(SubstrateFiles.charm("web"));
    substrate.pollNow();
    ContainerReports unit1 = workloads.answers.get(UnitId.of("hello", 1));

    files.writeSpec("application: hello\ncharm: /c\nscale: 1\n");
    Files.createDirectories(files.agentsDir.resolve("unit-hello-1"));
    substrate.pollNow();
    substrate.unitRemover().stopWorkloads(UnitId.of("hello", 1));
    assertThat(workloads.calls).contains("gone hello/1");
    Files.delete(files.agentsDir.resolve("unit-hello-1"));
    substrate.unitRemover().release(UnitId.of("hello", 1));
    unit1.answered(new ContainerStarted(UnitId.of("hello", 1), "web", "boot-late"));
    unit1.noticed(
        new WorkloadNotice(
            UnitId.of("hello", 1), PebbleNotice.check("web", "up", true, Instant.EPOCH)));
    substrate.pollNow();
    assertThat(starts.drain()).as("a Pebble answering after its pod went starts nothing").isEmpty();
    assertThat(notices.drain()).as("nor is its late notice heard").isEmpty();
  }

  @Test
  void aContainersNoticesReachTheWatchesOpenWhenTheyOccurOnly() throws Exception {
    RecordingSink<WorkloadNotice> early = files.watch(substrate.workloadNoticeSource()::watch);
    substrate.pollNow();
    substrate.charmDeployed(SubstrateFiles.charm("web"));
    substrate.pollNow();
    WorkloadNotice custom =
        new WorkloadNotice(
            UnitId.of("hello", 0),
            PebbleNotice.custom("web", "1", "custom", "example.com/a", Instant.EPOCH));
    workloads.answers.get(UnitId.of("hello", 0)).noticed(custom);
    substrate.pollNow();
    assertThat(early.drain()).containsExactly(custom);

    RecordingSink<WorkloadNotice> late = files.watch(substrate.workloadNoticeSource()::watch);
    substrate.pollNow();
    assertThat(late.drain())
        .as("occurrences, not state: a new watch is not told of them")
        .isEmpty();
  }

  private RecordingSink<ContainerStarted> watch() {
    return files.watch(substrate.containerStartSource()::watch);
  }
}
