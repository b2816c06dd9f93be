package io.caasoperator.persistence.timeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.caasoperator.domain.CharmInfo;
import io.caasoperator.domain.CharmRef;
import io.caasoperator.domain.Life;
import io.caasoperator.domain.Status;
import io.caasoperator.domain.UnitId;
import io.caasoperator.persistence.HookKind;
import io.caasoperator.persistence.JournalEvent;
import io.caasoperator.persistence.JournalJson;
import io.caasoperator.persistence.JournalSchema;
import io.caasoperator.persistence.JournalSettings;
import io.caasoperator.persistence.OperatorEvent;
import io.caasoperator.persistence.OperatorState;
import io.caasoperator.persistence.PlannedHook;
import io.caasoperator.persistence.UnitEvent;
import io.caasoperator.persistence.UnitState;
import java.io.BufferedReader;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.javadsl.AskPattern;
import org.apache.pekko.pattern.StatusReply;
import org.apache.pekko.stream.javadsl.Sink;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reading, filtering, following, replaying and moving a real H2 journal: events written under the
 * actors' persistence ids and tag, read back in global order.
 */
class TimelineTest {
  @TempDir static Path dir;
  static JournalReader reader;
  static final Instant T0 = Instant.parse("2026-11-22T10:00:00Z");
  static final UnitId U0 = UnitId.of("hello", 0);
  static final UnitId U1 = UnitId.of("hello", 1);
  static final CharmInfo CHARM =
      new CharmInfo(
          1,
          "hello",
          new CharmRef("/charms/hello", null, 1, false),
          "a".repeat(64),
          List.of(),
          Set.of("install", "start"),
          false,
          Map.of());
  static final List<String> ENTITIES = new ArrayList<>();
  static final List<JournalEvent> EVENTS = new ArrayList<>();

  @BeforeAll
  static void writeARun() {
    reader = JournalReader.open(JournalSettings.h2(dir.resolve("a")));
    JournalSchema.createIfMissing(reader.system(), Duration.ofSeconds(30));
    PlannedHook install = PlannedHook.of(HookKind.INSTALL, 1, 1);
    record(op(), new OperatorEvent.CharmDeployed(CHARM, t(1)));
    record(op(), new OperatorEvent.ConfigChanged(Map.of("greeting", "hi"), 1, t(2)));
    record(op(), new OperatorEvent.UnitAdded(U0, t(3)));
    record(op(), new OperatorEvent.UnitAdded(U1, t(3)));
    record(op(), new OperatorEvent.LeaderElected(U0, t(4)));
    record(unit(U0), new UnitEvent.CharmAssigned(CHARM, t(5)));
    record(unit(U1), new UnitEvent.CharmAssigned(CHARM, t(5)));
    record(unit(U0), new UnitEvent.HookStarted(install, 1, "ctx-1", t(6)));
    record(unit(U1), new UnitEvent.HookStarted(install, 1, "ctx-2", t(6)));
    record(unit(U0), new UnitEvent.HookCompleted("install", 40, t(7)));
    record(unit(U1), new UnitEvent.HookFailed("install", 1, "exit status 1", 30, t(7)));
    record(op(), new OperatorEvent.ApplicationStatusChanged(Status.of("active", "", t(8)), t(8)));
    record(unit(U1), new UnitEvent.HookResolved(false, t(9)));
    record(unit(U1), new UnitEvent.LifeAssigned(Life.DYING, t(10)));
    record(op(), new OperatorEvent.UnitLifeChanged(U1, Life.DYING, t(10)));
    append(reader, ENTITIES, EVENTS);
  }

  @AfterAll
  static void close() {
    reader.close();
  }

  static Instant t(int minutes) {
    return T0.plus(Duration.ofMinutes(minutes));
  }

  static String op() {
    return "operator|hello";
  }

  static String unit(UnitId u) {
    return "unit|" + u.name();
  }

  static void record(String entity, JournalEvent event) {
    ENTITIES.add(entity);
    EVENTS.add(event);
  }

  /** Persists the events one at a time, in order, as the actors would. */
  static void append(JournalReader into, List<String> entities, List<JournalEvent> events) {
    Map<String, ActorRef<ImportedEntity.Append>> refs = new java.util.HashMap<>();
    Map<String, Long> seqNrs = new java.util.HashMap<>();
    for (int i = 0; i < events.size(); i++) {
      String entity = entities.get(i);
      ActorRef<ImportedEntity.Append> ref =
          refs.computeIfAbsent(
              entity,
              e ->
                  into.system()
                      .systemActorOf(
                          ImportedEntity.create(e),
                          "writer-" + e.replaceAll("[^a-z0-9]", "-") + "-" + System.nanoTime(),
                          org.apache.pekko.actor.typed.Props.empty()));
      long seqNr = seqNrs.merge(entity, 1L, Long::sum);
      JournalEvent event = events.get(i);
      try {
        AskPattern.<ImportedEntity.Append, Long>askWithStatus(
                ref,
                (ActorRef<StatusReply<Long>> reply) ->
                    new ImportedEntity.Append(List.of(event), seqNr, reply),
                Duration.ofSeconds(10),
                into.system().scheduler())
            .toCompletableFuture()
            .get(10, TimeUnit.SECONDS);
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    }
  }

  @Test
  void everyEventComesBackInTheOrderItWasWrittenWithIncreasingOffsetsAndPerEntitySequenceNumbers() {
    List<JournalEntry> all = reader.readAll("hello");
    assertThat(all).extracting(JournalEntry::event).containsExactlyElementsOf(EVENTS);
    assertThat(all).extracting(JournalEntry::entity).containsExactlyElementsOf(ENTITIES);
    assertThat(all).extracting(JournalEntry::offset).isSorted().doesNotHaveDuplicates();
    assertThat(all.get(2).seqNr()).isEqualTo(3);
    assertThat(all.get(5))
        .extracting(JournalEntry::seqNr, JournalEntry::type, JournalEntry::time)
        .containsExactly(1L, "unit.CharmAssigned.v1", t(5));
    assertThat(reader.onlyApplication()).isEqualTo("hello");
    assertThat(reader.readAll("other")).isEmpty();
  }

  @Test
  void filtersSelectAUnitTypesByShortOrStableNameAndATimeWindow() {
    List<JournalEntry> all = reader.readAll("hello");
    var failed =
        new JournalFilter(
            null, JournalFilter.parseTypes("HookFailed, unit.HookResolved.v1"), null, null);
    assertThat(all.stream().filter(failed::matches))
        .extracting(JournalEntry::shortType)
        .containsExactly("HookFailed", "HookResolved");
    var u0 = new JournalFilter(U0, Set.of(), null, null);
    assertThat(all.stream().filter(u0::matches))
        .hasSize(3)
        .allMatch(e -> e.entity().equals("unit|hello/0"));
    var window = new JournalFilter(null, Set.of(), t(6), t(7));
    assertThat(all.stream().filter(window::matches)).hasSize(4);
    assertThat(failed.unknownTypes(Set.of("unit.HookFailed.v1", "unit.HookResolved.v1"))).isEmpty();
    assertThat(
            new JournalFilter(null, Set.of("HookFaild"), null, null)
                .unknownTypes(Set.of("unit.HookFailed.v1")))
        .containsExactly("HookFaild");
    assertThatThrownBy(() -> new JournalFilter(null, Set.of(), t(7), t(6)))
        .hasMessageContaining("before");
  }

  @Test
  void replayAtAnOffsetAppliesExactlyThePrefixWithTheActorsOwnApply() {
    List<JournalEntry> all = reader.readAll("hello");
    for (int n = 0; n <= all.size(); n++) {
      OperatorState op = OperatorState.initial();
      UnitState s0 = UnitState.initial(U0);
      UnitState s1 = UnitState.initial(U1);
      for (JournalEntry e : all.subList(0, n)) {
        switch (e.event()) {
          case OperatorEvent oe -> op = op.apply(oe);
          case UnitEvent ue -> {
            if (e.entity().endsWith("/0")) s0 = s0.apply(ue);
            else s1 = s1.apply(ue);
          }
          default -> throw new AssertionError();
        }
      }
      long offset = n == 0 ? 0 : all.get(n - 1).offset();
      ReplayedState replayed = Replay.to(new ReplayPoint.AtOffset(offset), "hello", all);
      assertThat(replayed.events()).isEqualTo(n);
      assertThat(replayed.operator()).isEqualTo(op);
      assertThat(replayed.units().getOrDefault(U0, UnitState.initial(U0))).isEqualTo(s0);
      assertThat(replayed.units().getOrDefault(U1, UnitState.initial(U1))).isEqualTo(s1);
    }
    ReplayedState latest = Replay.to(new ReplayPoint.Latest(), "hello", all);
    assertThat(latest.units().get(U0).progress().installed()).isTrue();
    assertThat(latest.units().get(U1).life()).isEqualTo(Life.DYING);
    assertThat(latest.operator().leader()).isEqualTo(U0);
  }

  @Test
  void replayAtATimeIncludesEventsAtThatTimeAndTheDiffNamesWhatChanged() {
    List<JournalEntry> all = reader.readAll("hello");
    ReplayedState before =
        Replay.to(ReplayPoint.parse("2026-11-22T10:06:00Z", Clock.systemUTC()), "hello", all);
    ReplayedState after =
        Replay.to(ReplayPoint.parse("2026-11-22T10:07", Clock.systemUTC()), "hello", all);
    assertThat(before.events()).isEqualTo(9);
    assertThat(after.events()).isEqualTo(11);
    var json = JournalJson.mapper();
    var changes =
        StateDiff.between(json.valueToTree(before.units()), json.valueToTree(after.units()));
    assertThat(changes)
        .map(StateDiff.Change::toString)
        .contains(
            "hello/0.progress.installed: false -> true",
            "hello/1.statuses.agent.value: executing -> error");
  }

  @Test
  void followDeliversEventsPersistedAfterItStarted() throws Exception {
    JournalReader other = JournalReader.open(JournalSettings.h2(dir.resolve("follow")));
    try (other) {
      JournalSchema.createIfMissing(other.system(), Duration.ofSeconds(30));
      List<JournalEntry> seen = new CopyOnWriteArrayList<>();
      var done =
          other.events("hello", 0, true).take(3).runWith(Sink.foreach(seen::add), other.system());
      append(other, List.of(op()), List.of(new OperatorEvent.UnitAdded(U0, t(1))));
      append(
          other,
          List.of(unit(U0), unit(U0)),
          List.of(
              new UnitEvent.CharmAssigned(CHARM, t(2)),
              new UnitEvent.LeadershipAssigned(true, t(3))));
      done.toCompletableFuture().get(20, TimeUnit.SECONDS);
      assertThat(seen)
          .extracting(JournalEntry::shortType)
          .containsExactly("UnitAdded", "CharmAssigned", "LeadershipAssigned");
      // After an offset: only what came later.
      long second = seen.get(1).offset();
      assertThat(
              other
                  .events("hello", second, false)
                  .runWith(Sink.seq(), other.system())
                  .toCompletableFuture()
                  .get(20, TimeUnit.SECONDS))
          .extracting(JournalEntry::shortType)
          .containsExactly("LeadershipAssigned");
    }
  }

  @Test
  void anExportImportedIntoAnEmptyJournalKeepsEveryEventAndReplaysToTheSameState()
      throws Exception {
    StringWriter out = new StringWriter();
    assertThat(JournalTransfer.export(reader, "hello", out)).isEqualTo(EVENTS.size());
    String ndjson = out.toString();
    assertThat(ndjson.lines()).hasSize(EVENTS.size()).allMatch(l -> l.startsWith("{\"offset\":"));
    try (JournalReader copy = JournalReader.open(JournalSettings.h2(dir.resolve("copy")))) {
      JournalSchema.createIfMissing(copy.system(), Duration.ofSeconds(30));
      assertThat(JournalTransfer.importInto(copy, new BufferedReader(new StringReader(ndjson))))
          .isEqualTo(EVENTS.size());
      List<JournalEntry> original = reader.readAll("hello");
      List<JournalEntry> imported = copy.readAll("hello");
      assertThat(imported)
          .extracting(JournalEntry::entity, JournalEntry::seqNr, JournalEntry::event)
          .containsExactlyElementsOf(
              original.stream()
                  .map(e -> org.assertj.core.groups.Tuple.tuple(e.entity(), e.seqNr(), e.event()))
                  .toList());
      ReplayedState a = Replay.to(new ReplayPoint.Latest(), "hello", original);
      ReplayedState b = Replay.to(new ReplayPoint.Latest(), "hello", imported);
      assertThat(b.operator()).isEqualTo(a.operator());
      assertThat(b.units()).isEqualTo(a.units());
      // A second import would mix two histories: refused.
      assertThatThrownBy(
              () -> JournalTransfer.importInto(copy, new BufferedReader(new StringReader(ndjson))))
          .hasMessageContaining("not empty");
    }
  }

  @Test
  void anImportWithAGapInAnEntitysSequenceNumbersIsRefused() throws Exception {
    StringWriter out = new StringWriter();
    JournalTransfer.export(reader, "hello", out);
    List<String> lines = new ArrayList<>(out.toString().lines().toList());
    lines.remove(1); // operator|hello seqNr 2
    try (JournalReader copy = JournalReader.open(JournalSettings.h2(dir.resolve("gap")))) {
      JournalSchema.createIfMissing(copy.system(), Duration.ofSeconds(30));
      assertThatThrownBy(
              () ->
                  JournalTransfer.importInto(
                      copy, new BufferedReader(new StringReader(String.join("\n", lines)))))
          .hasMessageContaining("expected sequence number 2");
    }
  }
}
