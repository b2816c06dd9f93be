package io.caasoperator.persistence.journal.crash;

import io.caasoperator.persistence.JournalSchema;
import io.caasoperator.persistence.JournalSettings;
import io.caasoperator.persistence.UnitEvent;
import io.caasoperator.persistence.timeline.JournalReader;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.AskPattern;
import org.apache.pekko.persistence.typed.PersistenceId;
import org.apache.pekko.persistence.typed.javadsl.CommandHandler;
import org.apache.pekko.persistence.typed.javadsl.EventHandler;
import org.apache.pekko.persistence.typed.javadsl.EventSourcedBehavior;

/**
 * The child process of {@link JournalCrashTest}: entities that persist through the operator's real
 * journal plugin as fast as they can, each printing {@code ACK <entity> <seq>} the moment a write
 * is acknowledged to it, until the process is killed. After a restart every entity recovers and
 * goes on from its last sequence number.
 *
 * <p>Arguments: {@code h2 DIR ENTITIES} or {@code postgres URL ENTITIES}.
 */
public final class AckingWriter {

  /** Persists one event per command and replies with its sequence number once it is written. */
  static final class Entity extends EventSourcedBehavior<Entity.Append, UnitEvent, Long> {
    record Append(ActorRef<Long> replyTo) {}

    Entity(String id) {
      super(PersistenceId.ofUniqueId(id));
    }

    @Override
    public Long emptyState() {
      return 0L;
    }

    @Override
    public Set<String> tagsFor(UnitEvent event) {
      return Set.of("app:crash");
    }

    @Override
    public CommandHandler<Append, UnitEvent, Long> commandHandler() {
      return newCommandHandlerBuilder()
          .forAnyState()
          .onCommand(
              Append.class,
              (written, cmd) ->
                  Effect()
                      .persist(
                          new UnitEvent.HookCompleted("write-" + (written + 1), 1, Instant.EPOCH))
                      .thenReply(cmd.replyTo(), after -> after))
          .build();
    }

    @Override
    public EventHandler<Long, UnitEvent> eventHandler() {
      return newEventHandlerBuilder().forAnyState().onAnyEvent((written, event) -> written + 1);
    }
  }

  static String entityId(int n) {
    return "unit|crash/" + n;
  }

  public static void main(String[] args) throws Exception {
    JournalSettings settings =
        switch (args[0]) {
          case "h2" -> JournalSettings.h2(Path.of(args[1]));
          case "postgres" -> JournalSettings.postgres(args[1]);
          default ->
              throw new IllegalArgumentException("h2 DIR N | postgres URL N, got " + args[0]);
        };
    int entities = Integer.parseInt(args[2]);
    PrintStream out = System.out;
    JournalReader journal = JournalReader.open(settings);
    ActorSystem<?> system = journal.system();
    JournalSchema.createIfMissing(system, Duration.ofSeconds(60));
    for (int n = 0; n < entities; n++) {
      ActorRef<Entity.Append> entity =
          system.systemActorOf(
              new Entity(entityId(n)), "entity-" + n, org.apache.pekko.actor.typed.Props.empty());
      appendForever(system, entity, entityId(n), out);
    }
    synchronized (out) {
      out.println("STARTED");
      out.flush();
    }
    Thread.currentThread().join(); // until killed
  }

  /** One write at a time per entity, as the operator's actors write; the next after the ack. */
  private static void appendForever(
      ActorSystem<?> system, ActorRef<Entity.Append> entity, String id, PrintStream out) {
    CompletionStage<Long> written =
        AskPattern.ask(entity, Entity.Append::new, Duration.ofSeconds(60), system.scheduler());
    written.whenComplete(
        (seq, failure) -> {
          if (failure != null) {
            synchronized (out) {
              out.println("FAILED " + id + " " + failure);
              out.flush();
            }
            return;
          }
          synchronized (out) {
            out.println("ACK " + id + " " + seq);
            out.flush();
          }
          appendForever(system, entity, id, out);
        });
  }
}
