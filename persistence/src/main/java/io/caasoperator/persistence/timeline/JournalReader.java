package io.caasoperator.persistence.timeline;

import com.typesafe.config.ConfigFactory;
import io.caasoperator.persistence.JournalEvent;
import io.caasoperator.persistence.JournalSettings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.pekko.NotUsed;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.persistence.jdbc.query.javadsl.JdbcReadJournal;
import org.apache.pekko.persistence.query.EventEnvelope;
import org.apache.pekko.persistence.query.Offset;
import org.apache.pekko.persistence.query.PersistenceQuery;
import org.apache.pekko.persistence.query.Sequence;
import org.apache.pekko.stream.javadsl.Sink;
import org.apache.pekko.stream.javadsl.Source;

/**
 * Reads an application's events in global order (the read journal's ordering, across the operator's
 * and every unit's journal) through Pekko persistence query, by the {@code app:<app>} tag every
 * event carries.
 *
 * <p>In a running operator it borrows the operator's actor system ({@link #using}); offline it
 * starts a small one of its own on the journal's settings ({@link #open}) and stops it on {@link
 * #close}. An H2 file is opened by one process at a time (see {@link JournalSettings#h2}): a
 * running operator's journal is read through the operator itself.
 */
public final class JournalReader implements AutoCloseable {
  private static final Duration TIMEOUT = Duration.ofMinutes(10);

  private final ActorSystem<?> system;
  private final boolean owned;
  private final JdbcReadJournal journal;

  private JournalReader(ActorSystem<?> system, boolean owned) {
    this.system = system;
    this.owned = owned;
    this.journal =
        PersistenceQuery.get(system)
            .getReadJournalFor(JdbcReadJournal.class, JdbcReadJournal.Identifier());
  }

  /** Reads through a running operator's actor system; {@link #close} leaves it running. */
  public static JournalReader using(ActorSystem<?> system) {
    return new JournalReader(system, false);
  }

  /** Starts an actor system of its own on {@code settings}; {@link #close} stops it. */
  public static JournalReader open(JournalSettings settings) {
    ActorSystem<Void> system =
        ActorSystem.create(
            Behaviors.empty(),
            "caas-journal",
            settings
                .toConfig()
                .withFallback(
                    ConfigFactory.parseString(
                        "pekko.loglevel = WARNING\npekko.log-dead-letters = 0"))
                .withFallback(ConfigFactory.load()));
    return new JournalReader(system, true);
  }

  public ActorSystem<?> system() {
    return system;
  }

  /**
   * The application's events after {@code afterOffset} (exclusive; 0 for all), in global order.
   * With {@code follow} the stream stays open and delivers new events as they are persisted (polled
   * every {@code jdbc-read-journal.refresh-interval}); otherwise it ends with the last event
   * persisted now.
   *
   * <p>The history is read as {@link #all} does; only the events after it come from the by-tag
   * query, which is fast for new events but slow over a long history on H2. A write whose
   * transaction commits after a later one's, during the switch, is the one case a follower could
   * miss; the operator's actors persist one write at a time each, so it needs two entities writing
   * within milliseconds of the switch.
   */
  public Source<JournalEntry, NotUsed> events(
      String application, long afterOffset, boolean follow) {
    return Source.completionStage(all(application))
        .flatMapConcat(
            history -> {
              List<JournalEntry> after =
                  history.stream().filter(e -> e.offset() > afterOffset).toList();
              long last =
                  history.isEmpty()
                      ? afterOffset
                      : Math.max(afterOffset, history.getLast().offset());
              Source<JournalEntry, NotUsed> past = Source.from(after);
              if (!follow) return past;
              Offset from = last <= 0 ? Offset.noOffset() : Offset.sequence(last);
              return past.concat(
                  journal.eventsByTag("app:" + application, from).map(JournalReader::entryOf));
            });
  }

  /** Every event of the application now, in global order (blocking); see {@link #all}. */
  public List<JournalEntry> readAll(String application) {
    return await(all(application).toCompletableFuture());
  }

  /**
   * Every event of the application now, in global order. Read entity by entity (on the journal's
   * primary key) and merged by offset rather than by tag: on H2 the plugin's by-tag query scans the
   * journal again for every page, which made reading 200,000 events take minutes instead of seconds
   * (see docs/performance.md).
   */
  public CompletionStage<List<JournalEntry>> all(String application) {
    String operator = JournalEntry.OPERATOR_PREFIX + application;
    String unitPrefix = JournalEntry.UNIT_PREFIX + application + "/";
    // the Pebbles of the application's unit containers (workload.* events), as the tag has them too
    String pebblePrefix = "pebble|" + application + "/";
    String secrets = JournalEntry.SECRETS_PREFIX + application;
    return journal
        .currentPersistenceIds()
        .filter(
            id ->
                id.equals(operator)
                    || id.startsWith(unitPrefix)
                    || id.startsWith(pebblePrefix)
                    || id.equals(secrets))
        .flatMapConcat(id -> journal.currentEventsByPersistenceId(id, 0, Long.MAX_VALUE))
        .map(JournalReader::entryOf)
        .runWith(Sink.seq(), system)
        .thenApply(
            entries -> {
              List<JournalEntry> sorted = new ArrayList<>(entries);
              sorted.sort(Comparator.comparingLong(JournalEntry::offset));
              return sorted;
            });
  }

  /**
   * One entity's events now, by sequence number (blocking). Unlike the by-tag query this reads the
   * entity's rows directly, so it sees an event as soon as its write completed.
   */
  public List<JournalEntry> entityEvents(String entity) {
    return await(
        journal
            .currentEventsByPersistenceId(entity, 0, Long.MAX_VALUE)
            .map(JournalReader::entryOf)
            .runWith(Sink.seq(), system)
            .toCompletableFuture());
  }

  /** Every entity (persistence id) in the journal now, e.g. {@code operator|hello} (blocking). */
  public List<String> entities() {
    return await(journal.currentPersistenceIds().runWith(Sink.seq(), system).toCompletableFuture());
  }

  /**
   * The one application whose operator wrote to this journal; throws IllegalArgumentException when
   * there is none or more than one (then the caller must name it).
   */
  public String onlyApplication() {
    List<String> apps =
        entities().stream()
            .filter(id -> id.startsWith(JournalEntry.OPERATOR_PREFIX))
            .map(id -> id.substring(JournalEntry.OPERATOR_PREFIX.length()))
            .sorted()
            .toList();
    if (apps.isEmpty())
      throw new IllegalArgumentException("the journal holds no operator's events");
    if (apps.size() > 1)
      throw new IllegalArgumentException(
          "the journal holds several applications " + apps + ": give --app NAME");
    return apps.getFirst();
  }

  private static JournalEntry entryOf(EventEnvelope envelope) {
    long offset = envelope.offset() instanceof Sequence s ? s.value() : 0;
    if (!(envelope.event() instanceof JournalEvent event)) {
      throw new IllegalStateException(
          "not a journal event at offset "
              + offset
              + " of "
              + envelope.persistenceId()
              + ": "
              + envelope.event().getClass().getName());
    }
    return JournalEntry.of(offset, envelope.persistenceId(), envelope.sequenceNr(), event);
  }

  private static <T> T await(java.util.concurrent.CompletableFuture<T> future) {
    try {
      return future.get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while reading the journal", e);
    } catch (ExecutionException e) {
      throw new IllegalStateException("cannot read the journal: " + rootMessage(e), e);
    } catch (TimeoutException e) {
      throw new IllegalStateException("reading the journal took longer than " + TIMEOUT, e);
    }
  }

  static String rootMessage(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null) t = t.getCause();
    return t.getMessage();
  }

  @Override
  public void close() {
    if (owned) {
      system.terminate();
      try {
        system.getWhenTerminated().toCompletableFuture().get(30, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      } catch (ExecutionException | TimeoutException e) {
        // Nothing to keep: a reader only read.
      }
    }
  }
}
