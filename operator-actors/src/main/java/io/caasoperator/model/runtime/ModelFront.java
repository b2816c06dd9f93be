package io.caasoperator.model.runtime;

import io.caasoperator.operator.OperatorActor;
import java.util.Optional;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.Behaviors;

/**
 * What the HTTP routes and the hook-tool gateway talk to in a model, as they talk to the operator
 * of a single application: each request goes to the model addressed to the application of the unit
 * it names ({@link Addressee}); a request that names none is dropped (its ask times out), and a
 * unit of no application is not found.
 */
public final class ModelFront {
  private ModelFront() {}

  public static Behavior<OperatorActor.Command> create(ActorRef<ModelActor.Command> model) {
    return Behaviors.receive(
        (ctx, command) -> {
          Optional<io.caasoperator.domain.ApplicationName> application = Addressee.of(command);
          if (application.isPresent()) {
            model.tell(new ModelActor.Forward(application.get(), command));
          } else if (command instanceof OperatorActor.GetAction get) {
            model.tell(new ModelActor.FindAction(get));
          } else {
            ctx.getLog().debug("a request for no application of the model: {}", command);
          }
          return Behaviors.same();
        });
  }
}
