package io.caasoperator.persistence.timeline;

import io.caasoperator.persistence.JournalEvent;
import java.util.List;
import java.util.Set;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.pattern.StatusReply;
import org.apache.pekko.persistence.typed.PersistenceId;
import org.apache.pekko.persistence.typed.javadsl.CommandHandler;
import org.apache.pekko.persistence.typed.javadsl.EventHandler;
import org.apache.pekko.persistence.typed.javadsl.EventSourcedBehavior;

/**
 * Writes imported events into one entity's journal under the entity's own persistence id and {@code
 * app:<app>} tag, so the operator's actors recover from them as from their own. Its state is the
 * last sequence number written; appends must continue it exactly, so the imported journal keeps the
 * exported sequence numbers. It takes no snapshots: the actors take their own as they go on.
 */
final class ImportedEntity extends EventSourcedBehavior<ImportedEntity.Append, JournalEvent, Long> {

  /**
   * Persists {@code events} as sequence numbers {@code firstSeqNr...}; replies with the last
   * sequence number once all are persisted, or an error when {@code firstSeqNr} does not follow the
   * entity's last one.
   */
  record Append(List<JournalEvent> events, long firstSeqNr, ActorRef<StatusReply<Long>> replyTo) {}

  private final String tag;

  static Behavior<Append> create(String entity) {
    return new ImportedEntity(entity);
  }

  private ImportedEntity(String entity) {
    super(PersistenceId.ofUniqueId(entity));
    String rest = entity.substring(entity.indexOf('|') + 1);
    int slash = rest.lastIndexOf('/');
    this.tag = "app:" + (slash < 0 ? rest : rest.substring(0, slash));
  }

  @Override
  public Long emptyState() {
    return 0L;
  }

  @Override
  public Set<String> tagsFor(JournalEvent event) {
    return Set.of(tag);
  }

  @Override
  public CommandHandler<Append, JournalEvent, Long> commandHandler() {
    return newCommandHandlerBuilder()
        .forAnyState()
        .onAnyCommand(
            (last, cmd) -> {
              if (cmd.firstSeqNr() != last + 1) {
                return Effect()
                    .reply(
                        cmd.replyTo(),
                        StatusReply.error(
                            persistenceId().id()
                                + " expected sequence number "
                                + (last + 1)
                                + " next, the import has "
                                + cmd.firstSeqNr()
                                + ": events are missing or out of order"));
              }
              return Effect().persist(cmd.events()).thenReply(cmd.replyTo(), StatusReply::success);
            });
  }

  @Override
  public EventHandler<Long, JournalEvent> eventHandler() {
    return newEventHandlerBuilder().forAnyState().onAnyEvent((last, event) -> last + 1);
  }
}
