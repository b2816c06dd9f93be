package io.caasoperator.app;

import io.caasoperator.operator.OperatorActor;
import io.caasoperator.operator.OperatorDependencies;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.Behaviors;

/**
 * The root of the actor tree. It answers at once with a stable reference to the OperatorActor, so
 * the HTTP listener can be built and bound first, and starts the actor only when told to.
 */
public final class Guardian {
  private Guardian() {}

  public sealed interface Command {}

  public record Started(ActorRef<OperatorActor.Command> operator) {}

  /**
   * Answers a stable front for the operator actor, which starts only on {@link Act}: once the
   * listener is bound, or, under leader election, when this replica holds the lease; see {@link
   * OperatorTerms}.
   */
  public record Prepare(OperatorDependencies deps, ActorRef<Started> replyTo) implements Command {}

  /** This replica holds the lease: start the operator actor. */
  public record Act() implements Command {}

  /** This replica lost the lease: stop the operator actor, then run {@code afterStop}. */
  public record StandBy(Runnable afterStop) implements Command {}

  public static Behavior<Command> create() {
    return Behaviors.receive(Command.class)
        .onMessage(
            Prepare.class, prepare -> OperatorTerms.create(prepare.deps(), prepare.replyTo()))
        .build();
  }
}
