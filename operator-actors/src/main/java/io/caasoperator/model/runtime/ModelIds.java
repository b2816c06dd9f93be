package io.caasoperator.model.runtime;

import io.caasoperator.model.MatchedRelation;
import io.caasoperator.persistence.ModelEvent;
import io.caasoperator.persistence.ModelState;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.SupervisorStrategy;
import org.apache.pekko.persistence.typed.PersistenceId;
import org.apache.pekko.persistence.typed.javadsl.CommandHandler;
import org.apache.pekko.persistence.typed.javadsl.EventHandler;
import org.apache.pekko.persistence.typed.javadsl.EventSourcedBehavior;

/**
 * The model's journal ({@code model|<model>}): the relation ids it gave ({@link
 * RelationNumbering}). A child of the {@link ModelActor}, so a journal failure restarts only this
 * (recovering the ids), never the operators.
 */
public final class ModelIds extends EventSourcedBehavior<ModelIds.Command, ModelEvent, ModelState> {

  private static final Duration RESTART_DELAY = Duration.ofSeconds(3);

  public static String persistenceId(String model) {
    return "model|" + model;
  }

  public sealed interface Command {}

  /** Numbers exactly {@code wanted}; replies with the ids once they are journaled. */
  public record Number(List<MatchedRelation> wanted, ActorRef<ModelState> replyTo)
      implements Command {}

  private final Clock clock;

  public static Behavior<Command> create(String model, Clock clock) {
    return new ModelIds(model, clock);
  }

  private ModelIds(String model, Clock clock) {
    super(
        PersistenceId.ofUniqueId(persistenceId(model)),
        SupervisorStrategy.restartWithBackoff(RESTART_DELAY, RESTART_DELAY, 0.0));
    this.clock = clock;
  }

  @Override
  public ModelState emptyState() {
    return ModelState.EMPTY;
  }

  @Override
  public CommandHandler<Command, ModelEvent, ModelState> commandHandler() {
    return newCommandHandlerBuilder()
        .forAnyState()
        .onCommand(
            Number.class,
            (state, number) -> {
              List<ModelEvent> events =
                  RelationNumbering.next(state, number.wanted(), clock.instant());
              return events.isEmpty()
                  ? Effect().reply(number.replyTo(), state)
                  : Effect().persist(events).thenReply(number.replyTo(), numbered -> numbered);
            })
        .build();
  }

  @Override
  public EventHandler<ModelState, ModelEvent> eventHandler() {
    return newEventHandlerBuilder().forAnyState().onAnyEvent(ModelState::apply);
  }
}
