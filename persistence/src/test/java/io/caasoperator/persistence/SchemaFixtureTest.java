package io.caasoperator.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.domain.UnitId;
import io.caasoperator.persistence.timeline.JournalReader;
import io.caasoperator.persistence.timeline.JournalTransfer;
import io.caasoperator.persistence.timeline.Replay;
import io.caasoperator.persistence.timeline.ReplayPoint;
import io.caasoperator.persistence.timeline.ReplayedState;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Journals outlive code: every stable name has a JSON fixture as the code of its version wrote it
 * (in {@code journal-fixtures/v1}, the first release's directory; never regenerated), and today's
 * code must read each one to the same value, and replay a whole recorded run. A change that breaks
 * a fixture needs a new stable name (v2) and a migration, not an edited fixture: {@code
 * snapshot.UnitState.v1} (flat) and {@code v2} (grouped, before actions and storage) are read into
 * today's {@code snapshot.UnitState.v4} (as is {@code v3}, before relations), and {@code
 * snapshot.OperatorState.v1} (before action ids and the model's identity) and {@code v2} (before
 * relations) into {@code v3}.
 */
class SchemaFixtureTest {
  private static final String DIR = "/journal-fixtures/v1/";
  private final JournalSerializer serializer = new JournalSerializer();

  private static byte[] fixture(String name) throws IOException {
    try (InputStream in = SchemaFixtureTest.class.getResourceAsStream(DIR + name)) {
      assertThat(in).as("fixture %s", name).isNotNull();
      return in.readAllBytes();
    }
  }

  @Test
  void everyStableNameHasAVersionOneFixture() throws IOException {
    Set<String> missing = new TreeSet<>();
    for (String name : serializer.types().keySet()) {
      if (SchemaFixtureTest.class.getResource(DIR + name + ".json") == null) missing.add(name);
    }
    assertThat(missing).as("stable names without a fixture: add one when adding a type").isEmpty();
  }

  @Test
  void everyEventFixtureReadsBackToTheValueItWasWrittenFrom() throws Exception {
    List<JournalEvent> events = FixtureEvents.all();
    assertThat(events.stream().<Class<?>>map(Object::getClass).toList())
        .containsExactlyInAnyOrderElementsOf(
            serializer.types().values().stream()
                .filter(c -> !c.getSimpleName().matches("\\w*State(V\\d+)?"))
                .toList());
    for (JournalEvent expected : events) {
      String name = serializer.manifest(expected);
      assertThat(serializer.fromBinary(fixture(name + ".json"), name)).as(name).isEqualTo(expected);
    }
  }

  @Test
  void snapshotFixturesReadBackSoActorsRecoverFromOldSnapshots() throws Exception {
    assertThat(
            serializer.fromBinary(fixture("snapshot.UnitState.v1.json"), "snapshot.UnitState.v1"))
        .as("a version 1 snapshot, moved to the current shape")
        .isEqualTo(FixtureEvents.unitSnapshot());
    assertThat(
            serializer.fromBinary(fixture("snapshot.UnitState.v2.json"), "snapshot.UnitState.v2"))
        .as("a version 2 snapshot, with no actions and no storage")
        .isEqualTo(FixtureEvents.unitSnapshot());
    assertThat(
            serializer.fromBinary(fixture("snapshot.UnitState.v3.json"), "snapshot.UnitState.v3"))
        .as("a version 3 snapshot, in no relation yet")
        .isEqualTo(FixtureEvents.unitSnapshotV3());
    assertThat(
            serializer.fromBinary(
                fixture("snapshot.OperatorState.v1.json"), "snapshot.OperatorState.v1"))
        .as("a version 1 snapshot, no action id given yet")
        .isEqualTo(FixtureEvents.operatorSnapshot());
    assertThat(
            serializer.fromBinary(
                fixture("snapshot.OperatorState.v2.json"), "snapshot.OperatorState.v2"))
        .as("a version 2 snapshot, in no relation yet")
        .isEqualTo(FixtureEvents.operatorSnapshotWithActions());
    assertThat(
            serializer.fromBinary(fixture("snapshot.UnitState.v4.json"), "snapshot.UnitState.v4"))
        .isEqualTo(FixtureEvents.unitSnapshotV4());
    assertThat(
            serializer.fromBinary(
                fixture("snapshot.OperatorState.v3.json"), "snapshot.OperatorState.v3"))
        .isEqualTo(FixtureEvents.operatorSnapshotV3());
    assertThat(
            serializer.fromBinary(
                fixture("snapshot.WorkloadState.v1.json"), "snapshot.WorkloadState.v1"))
        .isEqualTo(FixtureEvents.workloadSnapshot());
  }

  @Test
  void aRecordedVersionOneRunImportsAndReplaysToTheStateItEndedIn(@TempDir Path dir)
      throws Exception {
    try (JournalReader journal = JournalReader.open(JournalSettings.h2(dir));
        BufferedReader run =
            new BufferedReader(
                new InputStreamReader(
                    SchemaFixtureTest.class.getResourceAsStream(DIR + "hello-run.ndjson"),
                    StandardCharsets.UTF_8))) {
      JournalSchema.createIfMissing(journal.system(), Duration.ofSeconds(30));
      assertThat(JournalTransfer.importInto(journal, run)).isEqualTo(64);
      ReplayedState state = Replay.to(new ReplayPoint.Latest(), "hello", journal.readAll("hello"));
      assertThat(state.operator().leader()).isEqualTo(UnitId.of("hello", 0));
      assertThat(state.operator().configGeneration()).isEqualTo(3);
      List<String> units = new ArrayList<>();
      state
          .units()
          .forEach(
              (id, unit) -> {
                assertThat(unit.progress().installed() && unit.progress().started())
                    .as("%s installed and started", id)
                    .isTrue();
                assertThat(unit.progress().configSeen()).isEqualTo(3);
                units.add(id.name());
              });
      assertThat(units).containsExactly("hello/0", "hello/1", "hello/2");
    }
  }
}
