package io.caasoperator.app;

import io.caasoperator.operator.OperatorActor;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.Behaviors;

/**
 * A stable address for the operator actor of a replica under leader election: the HTTP routes and
 * the status writer keep this reference while the operator actor behind it is started for every
 * term of the lease and stopped when the term ends. Messages that arrive between terms are
 * dropped; their asks time out, and the routes answer 503 before asking anyway.
 */
final class OperatorFront {

  /** The operator actor of the current term; null between terms. */
  record Target(ActorRef<OperatorActor.Command> operator) {}

  private OperatorFront() {}

  static Behavior<Object> create() {
    return forwardingTo(null);
  }

  private static Behavior<Object> forwardingTo(ActorRef<OperatorActor.Command> operator) {
    return Behaviors.receive((ctx, message) -> {
      if (message instanceof Target target) return forwardingTo(target.operator());
      if (operator != null && message instanceof OperatorActor.Command command) operator.tell(command);
      return Behaviors.same();
    });
  }
}
