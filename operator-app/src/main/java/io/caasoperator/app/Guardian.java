package io.caasoperator.app;

import io.caasoperator.model.runtime.ModelActor;
import io.caasoperator.model.runtime.ModelFront;
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
  public record Prepare(
      OperatorDependencies deps, OperatorTerms.Observer terms, ActorRef<Started> replyTo)
      implements Command {
    public Prepare(OperatorDependencies deps, ActorRef<Started> replyTo) {
      this(deps, OperatorTerms.Observer.NONE, replyTo);
    }
  }

  /**
   * A model of several applications ({@code run --bundle}): starts {@code model} and the front the
   * routes talk to as they talk to one operator ({@link ModelFront}); answers both.
   */
  public record PrepareModel(Behavior<ModelActor.Command> model, ActorRef<ModelStarted> replyTo)
      implements Command {}

  public record ModelStarted(
      ActorRef<ModelActor.Command> model, ActorRef<OperatorActor.Command> front) {}

  /** This replica holds the lease: start the operator actor. */
  public record Act() implements Command {}

  /** This replica lost the lease: stop the operator actor, then run {@code afterStop}. */
  public record StandBy(Runnable afterStop) implements Command {}

  public static Behavior<Command> create() {
    return Behaviors.receive(Command.class)
        .onMessage(
            Prepare.class,
            prepare -> OperatorTerms.create(prepare.deps(), prepare.terms(), prepare.replyTo()))
        .onMessage(PrepareModel.class, Guardian::model)
        .build();
  }

  /** A model has no terms (no election on the local substrate): it runs until the process stops. */
  private static Behavior<Command> model(PrepareModel prepare) {
    return Behaviors.setup(
        ctx -> {
          ActorRef<ModelActor.Command> model = ctx.spawn(prepare.model(), "model");
          ActorRef<OperatorActor.Command> front =
              ctx.spawn(ModelFront.create(model), "model-front");
          prepare.replyTo().tell(new ModelStarted(model, front));
          return Behaviors.ignore();
        });
  }
}
