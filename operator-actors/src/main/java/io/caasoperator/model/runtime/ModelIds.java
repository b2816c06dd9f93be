package io.caasoperator.model.runtime;

import io.caasoperator.domain.ApplicationName;
import io.caasoperator.model.MatchedRelation;
import io.caasoperator.persistence.ModelEvent;
import io.caasoperator.persistence.ModelState;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.SupervisorStrategy;
import org.apache.pekko.persistence.typed.PersistenceId;
import org.apache.pekko.persistence.typed.javadsl.CommandHandler;
import org.apache.pekko.persistence.typed.javadsl.Effect;
import org.apache.pekko.persistence.typed.javadsl.EventHandler;
import org.apache.pekko.persistence.typed.javadsl.EventSourcedBehavior;

/**
 * The model's journal ({@code model|<model>}): the relation ids it gave ({@link RelationNumbering})
 * and its applications' lives ({@link ModelApplications}). A child of the {@link ModelActor}, so a
 * journal failure restarts only this (recovering the ids), never the operators.
 */
public final class ModelIds extends EventSourcedBehavior<ModelIds.Command, ModelEvent, ModelState> {

  private static final Duration RESTART_DELAY = Duration.ofSeconds(3);

  public static String persistenceId(String model) {
    return "model|" + model;
  }

  public sealed interface Command {}

  /**
   * The bundle read well lists {@code applications} and {@code wanted}: journals the applications
   * added and removed, then numbers exactly the relations of {@code wanted} between applications
   * alive in the model; replies with the state once it is journaled.
   */
  public record Number(
      List<ApplicationName> applications,
      List<MatchedRelation> wanted,
      ActorRef<ModelState> replyTo)
      implements Command {}

  /**
   * The operator of {@code application} reported it gone: a dying application has left the model
   * (journaled); replies with the state once it is.
   */
  public record Gone(ApplicationName application, ActorRef<ModelState> replyTo)
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
              Instant now = clock.instant();
              List<ModelEvent> events =
                  new ArrayList<>(ModelApplications.next(state, number.applications(), now));
              ModelState applied = state;
              for (ModelEvent event : events) applied = applied.apply(event);
              events.addAll(
                  RelationNumbering.next(
                      applied, ModelApplications.ofAlive(applied, number.wanted()), now));
              return persisted(state, events, number.replyTo());
            })
        .onCommand(
            Gone.class,
            (state, gone) ->
                persisted(
                    state,
                    ModelApplications.gone(state, gone.application(), clock.instant()),
                    gone.replyTo()))
        .build();
  }

  private Effect<ModelEvent, ModelState> persisted(
      ModelState state, List<ModelEvent> events, ActorRef<ModelState> replyTo) {
    return events.isEmpty()
        ? Effect().reply(replyTo, state)
        : Effect().persist(events).thenReply(replyTo, journaled -> journaled);
  }

  @Override
  public EventHandler<ModelState, ModelEvent> eventHandler() {
    return newEventHandlerBuilder().forAnyState().onAnyEvent(ModelState::apply);
  }
}
