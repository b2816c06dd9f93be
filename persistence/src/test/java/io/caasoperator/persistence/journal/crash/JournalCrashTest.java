package io.caasoperator.persistence.journal.crash;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.persistence.JournalSettings;
import io.caasoperator.persistence.timeline.JournalEntry;
import io.caasoperator.persistence.timeline.JournalReader;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Nothing acknowledged is lost when the process is killed: a child JVM writes through the
 * operator's journal plugin ({@link AckingWriter}), and is killed with SIGKILL at seeded points,
 * most of them within a millisecond or two of an acknowledgement (where H2's default write delay
 * lost every write of the last half second), then restarted on the same journal. At the end every
 * write that was ever acknowledged is in the journal, each entity's sequence without a gap.
 *
 * <p>{@code -Dcrash.seed=N} replays another schedule; {@code -Dcrash.kills=N} runs a longer one.
 */
class JournalCrashTest {

  private static final int ENTITIES = 20;

  @TempDir Path dir;

  @Test
  void noAcknowledgedWriteToTheH2JournalIsLostWhenTheProcessIsKilledRightAfterIt()
      throws Exception {
    Map<String, Long> acknowledged = crashRepeatedly(List.of("h2", dir.toString()), kills(10));
    assertNothingLost(JournalSettings.h2(dir), acknowledged);
  }

  @Test
  void noAcknowledgedWriteToThePostgresJournalIsLostWhenTheProcessIsKilledRightAfterIt()
      throws Exception {
    try (EmbeddedPostgres postgres = EmbeddedPostgres.builder().start()) {
      String url = "postgresql://postgres@localhost:" + postgres.getPort() + "/postgres";
      Map<String, Long> acknowledged = crashRepeatedly(List.of("postgres", url), kills(5));
      assertNothingLost(JournalSettings.postgres(url), acknowledged);
    }
  }

  private static int kills(int inCi) {
    return Integer.getInteger("crash.kills", inCi);
  }

  /**
   * Runs the writer {@code kills} times, killing it each time after a seeded number of
   * acknowledgements and a seeded delay (none, under 2 ms, or under 50 ms); returns the highest
   * sequence number acknowledged to each entity over all runs.
   */
  private static Map<String, Long> crashRepeatedly(List<String> journal, int kills)
      throws Exception {
    Random random = new Random(Long.getLong("crash.seed", 20261123L));
    Map<String, Long> acknowledged = new TreeMap<>();
    for (int round = 0; round < kills; round++) {
      int acksBeforeKill = 1 + random.nextInt(400);
      long delayNanos =
          switch (random.nextInt(3)) {
            case 0 -> 0;
            case 1 -> random.nextInt(2_000_000);
            default -> random.nextInt(50_000_000);
          };
      Process writer = start(journal);
      try (BufferedReader out =
          new BufferedReader(
              new InputStreamReader(writer.getInputStream(), StandardCharsets.UTF_8))) {
        int acks = 0;
        String line;
        while ((line = out.readLine()) != null) {
          if (record(line, acknowledged) && ++acks == acksBeforeKill) break;
        }
        assertThat(line)
            .as("round %d: the writer ended before %d acknowledgements", round, acksBeforeKill)
            .isNotNull();
        if (delayNanos > 0)
          LockSupport.parkNanos(delayNanos); // the kill's timing, not a wait for anything
        writer
            .toHandle()
            .destroyForcibly(); // SIGKILL; Process.destroyForcibly would also close its output
        assertThat(writer.waitFor(30, TimeUnit.SECONDS)).isTrue();
        // what it printed before it died was acknowledged too
        while ((line = out.readLine()) != null) record(line, acknowledged);
      } finally {
        writer.destroyForcibly();
      }
    }
    assertThat(acknowledged).as("entities that wrote").hasSize(ENTITIES);
    return acknowledged;
  }

  private static Process start(List<String> journal) throws IOException {
    String java =
        ProcessHandle.current()
            .info()
            .command()
            .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    List<String> command =
        new ArrayList<>(
            List.of(
                java,
                "-XX:TieredStopAtLevel=1",
                "-cp",
                System.getProperty("java.class.path"),
                AckingWriter.class.getName()));
    command.addAll(journal);
    command.add(Integer.toString(ENTITIES));
    return new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
  }

  /** Takes an {@code ACK entity seq} line into {@code acknowledged}; true if it was one. */
  private static boolean record(String line, Map<String, Long> acknowledged) {
    assertThat(line).as("the writer's output").doesNotStartWith("FAILED");
    if (!line.startsWith("ACK ")) return false;
    String[] parts = line.split(" ");
    acknowledged.merge(parts[1], Long.parseLong(parts[2]), Math::max);
    return true;
  }

  private static void assertNothingLost(JournalSettings settings, Map<String, Long> acknowledged) {
    try (JournalReader journal = JournalReader.open(settings)) {
      acknowledged.forEach(
          (entity, highest) -> {
            List<Long> seqNrs =
                journal.entityEvents(entity).stream().map(JournalEntry::seqNr).toList();
            assertThat(seqNrs)
                .as(
                    "%s: every acknowledged write (up to %d) is in the journal, without a gap",
                    entity, highest)
                .hasSizeGreaterThanOrEqualTo(highest.intValue())
                .startsWith(1L)
                .isSorted()
                .doesNotHaveDuplicates();
            assertThat(seqNrs.getLast()).isEqualTo(seqNrs.size());
          });
    }
  }
}
