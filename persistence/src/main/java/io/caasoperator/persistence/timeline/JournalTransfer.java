package io.caasoperator.persistence.timeline;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.caasoperator.persistence.JournalEvent;
import io.caasoperator.persistence.JournalJson;
import io.caasoperator.persistence.JournalSerializer;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Writer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.Props;
import org.apache.pekko.actor.typed.SpawnProtocol;
import org.apache.pekko.actor.typed.javadsl.AskPattern;

/**
 * Moves a journal between backends, or into a bug report: {@link #export} writes every event of an
 * application as NDJSON ({@link JournalEntry} lines, in global order); {@link #importInto} writes
 * such a file into an empty journal, entity by entity with the same sequence numbers and in the
 * same global order, so a replay of the copy gives the same states.
 */
public final class JournalTransfer {
  private static final Duration WRITE_TIMEOUT = Duration.ofSeconds(60);

  /** Consecutive events of one entity are persisted as one atomic write, up to this many. */
  private static final int BATCH = 500;

  private JournalTransfer() {}

  /** Writes every event of {@code application}; returns how many. */
  public static long export(JournalReader reader, String application, Writer out)
      throws IOException {
    ObjectMapper json = JournalJson.mapper();
    long count = 0;
    for (JournalEntry entry : reader.readAll(application)) {
      out.write(entry.toJson(json));
      out.write('\n');
      count++;
    }
    out.flush();
    return count;
  }

  /**
   * Reads NDJSON written by {@link #export} and persists it; the journal must hold no events yet.
   * Returns how many events were written. Throws IllegalArgumentException naming the line of a bad
   * entry, or IllegalStateException when the journal is not empty or a write fails.
   */
  public static long importInto(JournalReader target, BufferedReader in) throws IOException {
    List<String> existing = target.entities();
    if (!existing.isEmpty()) {
      throw new IllegalStateException(
          "the target journal is not empty ("
              + existing.size()
              + " entities, e.g. "
              + existing.getFirst()
              + "): import only into an empty journal");
    }
    ObjectMapper json = JournalJson.mapper();
    Map<String, Class<?>> types = new JournalSerializer().types();
    ActorSystem<?> system = target.system();
    ActorRef<SpawnProtocol.Command> spawner =
        system.systemActorOf(SpawnProtocol.create(), "journal-import", Props.empty());
    Map<String, ActorRef<ImportedEntity.Append>> entities = new HashMap<>();
    String entity = null;
    long firstSeqNr = 0;
    List<JournalEvent> batch = new ArrayList<>();
    long count = 0;
    long lineNumber = 0;
    try {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        lineNumber++;
        if (line.isBlank()) continue;
        JournalEntry entry;
        try {
          entry = JournalEntry.fromJson(json.readTree(line), types, json);
        } catch (IOException | IllegalArgumentException e) {
          throw new IllegalArgumentException("line " + lineNumber + ": " + e.getMessage(), e);
        }
        if (!entry.entity().equals(entity)
            || batch.size() >= BATCH
            || entry.seqNr() != firstSeqNr + batch.size()) {
          count += flush(system, spawner, entities, entity, firstSeqNr, batch);
          entity = entry.entity();
          firstSeqNr = entry.seqNr();
          batch = new ArrayList<>();
        }
        batch.add(entry.event());
      }
      count += flush(system, spawner, entities, entity, firstSeqNr, batch);
    } finally {
      // The importers are done with: stop them (and their journal connections) with their parent.
      system.classicSystem().stop(toClassic(spawner));
    }
    return count;
  }

  private static org.apache.pekko.actor.ActorRef toClassic(ActorRef<?> ref) {
    return org.apache.pekko.actor.typed.javadsl.Adapter.toClassic(ref);
  }

  private static long flush(
      ActorSystem<?> system,
      ActorRef<SpawnProtocol.Command> spawner,
      Map<String, ActorRef<ImportedEntity.Append>> entities,
      String entity,
      long firstSeqNr,
      List<JournalEvent> batch) {
    if (batch.isEmpty()) return 0;
    ActorRef<ImportedEntity.Append> ref = entities.get(entity);
    if (ref == null) {
      ref =
          await(
              AskPattern.<SpawnProtocol.Command, ActorRef<ImportedEntity.Append>>ask(
                      spawner,
                      reply ->
                          new SpawnProtocol.Spawn<>(
                              ImportedEntity.create(entity),
                              "entity-" + entities.size(),
                              Props.empty(),
                              reply),
                      WRITE_TIMEOUT,
                      system.scheduler())
                  .toCompletableFuture());
      entities.put(entity, ref);
    }
    List<JournalEvent> events = List.copyOf(batch);
    await(
        AskPattern.<ImportedEntity.Append, Long>askWithStatus(
                ref,
                reply -> new ImportedEntity.Append(events, firstSeqNr, reply),
                WRITE_TIMEOUT,
                system.scheduler())
            .toCompletableFuture());
    return events.size();
  }

  private static <T> T await(java.util.concurrent.CompletableFuture<T> future) {
    try {
      return future.get(WRITE_TIMEOUT.toMillis() + 1000, TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while importing", e);
    } catch (ExecutionException e) {
      throw new IllegalStateException("cannot import: " + JournalReader.rootMessage(e), e);
    } catch (TimeoutException e) {
      throw new IllegalStateException("a journal write took longer than " + WRITE_TIMEOUT, e);
    }
  }
}
