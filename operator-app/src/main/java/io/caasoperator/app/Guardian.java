package io.caasoperator.app;

import io.caasoperator.operator.OperatorActor;
import io.caasoperator.operator.OperatorDependencies;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.Behaviors;

/**
 * The root of the actor tree. It starts the OperatorActor only when told to, after the journal's
 * tables exist, and replies with its reference so the HTTP listener can ask it.
 */
public final class Guardian {
  private Guardian() {}

  public sealed interface Command {}

  public record Start(OperatorDependencies deps, ActorRef<Started> replyTo) implements Command {}

  public record Started(ActorRef<OperatorActor.Command> operator) {}

  /**
   * Under leader election: answers a stable front for the operator actor, which starts only on
   * {@link Act}; see {@link OperatorTerms}.
   */
  public record Prepare(OperatorDependencies deps, ActorRef<Started> replyTo) implements Command {}

  /** This replica holds the lease: start the operator actor. */
  public record Act() implements Command {}

  /** This replica lost the lease: stop the operator actor, then run {@code afterStop}. */
  public record StandBy(Runnable afterStop) implements Command {}

  public static Behavior<Command> create() {
    return Behaviors.receive(Command.class)
        .onMessage(Start.class, start -> Behaviors.setup(ctx -> {
          ActorRef<OperatorActor.Command> operator = ctx.spawn(OperatorActor.create(start.deps()), "operator");
          ctx.watch(operator);
          start.replyTo().tell(new Started(operator));
          return Behaviors.receive(Command.class)
              .onSignal(org.apache.pekko.actor.typed.Terminated.class, t -> {
                ctx.getLog().error("the operator actor stopped; shutting down");
                return Behaviors.stopped();
              })
              .build();
        }))
        .onMessage(Prepare.class, prepare -> OperatorTerms.create(prepare.deps(), prepare.replyTo()))
        .build();
  }
}
