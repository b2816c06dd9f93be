package io.caasoperator.bench;

import com.typesafe.config.ConfigFactory;
import io.caasoperator.domain.Status;
import io.caasoperator.domain.UnitId;
import io.caasoperator.persistence.JournalSchema;
import io.caasoperator.persistence.JournalSettings;
import io.caasoperator.persistence.UnitEvent;
import io.caasoperator.persistence.UnitState;
import io.caasoperator.persistence.timeline.JournalEntry;
import io.caasoperator.persistence.timeline.JournalReader;
import io.caasoperator.persistence.timeline.Replay;
import io.caasoperator.persistence.timeline.ReplayPoint;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.Props;
import org.apache.pekko.actor.typed.javadsl.AskPattern;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.persistence.typed.PersistenceId;
import org.apache.pekko.persistence.typed.javadsl.CommandHandler;
import org.apache.pekko.persistence.typed.javadsl.EventHandler;
import org.apache.pekko.persistence.typed.javadsl.EventSourcedBehavior;
import org.apache.pekko.persistence.typed.javadsl.RetentionCriteria;

/**
 * Journal benchmark (not a test; run by hand, see docs/performance.md): persist throughput of one
 * and of 1,000 unit entities, recovery of 100,000 events with and without snapshots, and the replay
 * throughput of the timeline (what {@code journal}/{@code replay} do), on H2 and on PostgreSQL 16
 * (embedded). The entities persist real unit events with the unit actors' tag, event handler
 * ({@link UnitState#apply}) and retention, so the journal does the same work.
 *
 * <p>Arguments: {@code [h2|postgres|both] [recovery events]}; defaults {@code both 100000}.
 */
public final class JournalBenchmark {
  private static final Duration TIMEOUT = Duration.ofMinutes(5);

  /**
   * Persists {@code count} events (in one atomic write) and replies with the last sequence number.
   */
  record Persist(int count, ActorRef<Long> replyTo) {}

  /** Replies once the entity has recovered. */
  record Recovered(ActorRef<UnitState> replyTo) {}

  /** A unit's journal without the unit's hooks: the load the journal sees from a UnitActor. */
  static final class UnitLoad extends EventSourcedBehavior<Object, UnitEvent, UnitState> {
    private final UnitId unit;
    private final int snapshotEvery;
    private long persisted;

    UnitLoad(UnitId unit, int snapshotEvery) {
      super(PersistenceId.ofUniqueId("unit|" + unit.name()));
      this.unit = unit;
      this.snapshotEvery = snapshotEvery;
    }

    static Behavior<Object> create(UnitId unit, int snapshotEvery) {
      return Behaviors.setup(ctx -> new UnitLoad(unit, snapshotEvery));
    }

    @Override
    public UnitState emptyState() {
      return UnitState.initial(unit);
    }

    @Override
    public Set<String> tagsFor(UnitEvent event) {
      return Set.of("app:" + unit.application().value());
    }

    @Override
    public RetentionCriteria retentionCriteria() {
      return snapshotEvery > 0
          ? RetentionCriteria.snapshotEvery(snapshotEvery, 2)
          : RetentionCriteria.disabled();
    }

    @Override
    public CommandHandler<Object, UnitEvent, UnitState> commandHandler() {
      return newCommandHandlerBuilder()
          .forAnyState()
          .onCommand(
              Persist.class,
              (state, cmd) -> {
                List<UnitEvent> events = new ArrayList<>(cmd.count());
                Instant now = Instant.now();
                for (int i = 0; i < cmd.count(); i++) {
                  events.add(
                      new UnitEvent.WorkloadStatusSet(
                          Status.of("active", "tick " + (persisted + i), now), now));
                }
                persisted += cmd.count();
                return Effect().persist(events).thenReply(cmd.replyTo(), s -> persisted);
              })
          .onCommand(Recovered.class, (state, cmd) -> Effect().reply(cmd.replyTo(), state))
          .build();
    }

    @Override
    public EventHandler<UnitState, UnitEvent> eventHandler() {
      return newEventHandlerBuilder().forAnyState().onAnyEvent(UnitState::apply);
    }
  }

  public static void main(String[] args) throws Exception {
    String which = args.length > 0 ? args[0] : "both";
    int recoveryEvents = args.length > 1 ? Integer.parseInt(args[1]) : 100_000;
    System.out.printf(
        "JournalBenchmark: %d cores, JDK %s%n",
        Runtime.getRuntime().availableProcessors(), Runtime.version());
    if (!which.equals("postgres")) {
      Path dir = Files.createTempDirectory("journal-bench");
      run("H2 file", JournalSettings.h2(dir), recoveryEvents);
    }
    if (!which.equals("h2")) {
      try (EmbeddedPostgres postgres = EmbeddedPostgres.builder().start()) {
        run(
            "PostgreSQL 16",
            JournalSettings.postgres(
                "postgresql://postgres@localhost:" + postgres.getPort() + "/postgres"),
            recoveryEvents);
      }
    }
    System.exit(0);
  }

  private static ActorSystem<Void> system(JournalSettings settings) {
    return ActorSystem.create(
        Behaviors.empty(),
        "bench",
        settings
            .toConfig()
            .withFallback(ConfigFactory.parseString("pekko.loglevel = WARNING"))
            .withFallback(ConfigFactory.load()));
  }

  private static void run(String backend, JournalSettings settings, int recoveryEvents)
      throws Exception {
    System.out.printf("%n== %s (%s)%n", backend, settings.describe());
    ActorSystem<Void> system = system(settings);
    JournalSchema.createIfMissing(system, Duration.ofSeconds(60));
    try {
      // Warm-up: JIT and connection pool.
      persistOneAtATime(system, spawn(system, UnitId.of("warm", 0), 100), 500);

      int single = 5_000;
      long t0 = System.nanoTime();
      persistOneAtATime(system, spawn(system, UnitId.of("one", 0), 100), single);
      report("persist, 1 unit actor, one event per write", single, t0);

      int actors = 1_000;
      int each = 10;
      List<ActorRef<Object>> refs = new ArrayList<>();
      for (int i = 0; i < actors; i++) refs.add(spawn(system, UnitId.of("many", i), 100));
      t0 = System.nanoTime();
      // Each actor writes its events one after the other; all actors at once, without a thread
      // each.
      List<CompletableFuture<Long>> all = new ArrayList<>();
      for (ActorRef<Object> ref : refs) all.add(chain(system, ref, each).toCompletableFuture());
      CompletableFuture.allOf(all.toArray(CompletableFuture[]::new))
          .get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
      report("persist, 1,000 unit actors at once, one event per write", actors * each, t0);

      // Long histories, written in batches (the recovery, not the writing, is measured).
      fill(system, spawn(system, UnitId.of("long", 0), 0), recoveryEvents);
      fill(system, spawn(system, UnitId.of("long", 1), 100), recoveryEvents);
    } finally {
      terminate(system);
    }

    // A fresh actor system: recovery reads the journal, not a cache.
    ActorSystem<Void> fresh = system(settings);
    try {
      long t0 = System.nanoTime();
      recover(fresh, UnitId.of("long", 0), 0);
      report("recover " + recoveryEvents + " events, no snapshots", recoveryEvents, t0);
      t0 = System.nanoTime();
      recover(fresh, UnitId.of("long", 1), 100);
      System.out.printf(
          "  %-58s %8.0f ms%n",
          "recover " + recoveryEvents + " events, snapshot every 100",
          (System.nanoTime() - t0) / 1e6);

      JournalReader reader = JournalReader.using(fresh);
      t0 = System.nanoTime();
      List<JournalEntry> timeline = reader.readAll("long");
      var state = Replay.to(new ReplayPoint.Latest(), "long", timeline);
      report("timeline read + replay (journal/replay CLI path), app 'long'", state.events(), t0);
    } finally {
      terminate(fresh);
    }
  }

  private static ActorRef<Object> spawn(ActorSystem<?> system, UnitId unit, int snapshotEvery) {
    return system.systemActorOf(
        UnitLoad.create(unit, snapshotEvery),
        "unit-" + unit.tag() + "-" + System.nanoTime(),
        Props.empty());
  }

  private static void persistOneAtATime(ActorSystem<?> system, ActorRef<Object> ref, int events) {
    for (int i = 0; i < events; i++) ask(system, ref, 1);
  }

  private static java.util.concurrent.CompletionStage<Long> chain(
      ActorSystem<?> system, ActorRef<Object> ref, int events) {
    java.util.concurrent.CompletionStage<Long> stage = CompletableFuture.completedFuture(0L);
    for (int i = 0; i < events; i++) {
      stage =
          stage.thenCompose(
              last ->
                  AskPattern.<Object, Long>ask(
                      ref, reply -> new Persist(1, reply), TIMEOUT, system.scheduler()));
    }
    return stage;
  }

  private static void fill(ActorSystem<?> system, ActorRef<Object> ref, int events) {
    for (int written = 0; written < events; written += 100)
      ask(system, ref, Math.min(100, events - written));
  }

  private static long ask(ActorSystem<?> system, ActorRef<Object> ref, int count) {
    try {
      return AskPattern.<Object, Long>ask(
              ref, reply -> new Persist(count, reply), TIMEOUT, system.scheduler())
          .toCompletableFuture()
          .get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private static void recover(ActorSystem<?> system, UnitId unit, int snapshotEvery)
      throws Exception {
    AskPattern.<Object, UnitState>ask(
            spawn(system, unit, snapshotEvery), Recovered::new, TIMEOUT, system.scheduler())
        .toCompletableFuture()
        .get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
  }

  private static void report(String what, long events, long startNanos) {
    double seconds = (System.nanoTime() - startNanos) / 1e9;
    System.out.printf("  %-58s %8.0f ms  %9.0f events/s%n", what, seconds * 1000, events / seconds);
  }

  private static void terminate(ActorSystem<?> system) throws Exception {
    system.terminate();
    system.getWhenTerminated().toCompletableFuture().get(60, TimeUnit.SECONDS);
  }
}
