package io.caasoperator.app;

import io.caasoperator.operator.OperatorActor;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.StashBuffer;

/**
 * A stable address for the operator actor: the HTTP routes and the status writer keep this
 * reference while the operator actor behind it starts only once the listener is bound, and under
 * leader election is started for every term of the lease and stopped when the term ends.
 *
 * <p>Messages sent before the first operator actor exists wait for it (start-up is a matter of
 * milliseconds; at most {@value #WAITING} wait, later ones are dropped). Messages that arrive
 * between terms are dropped: their asks time out, and the routes answer 503 before asking anyway,
 * so no exec asked of one term runs in the next.
 */
final class OperatorFront {

  static final int WAITING = 1_000;

  /** The operator actor of the current term; null between terms. */
  record Target(ActorRef<OperatorActor.Command> operator) {}

  private OperatorFront() {}

  static Behavior<Object> create() {
    return Behaviors.withStash(WAITING, stash -> beforeFirstTerm(stash));
  }

  private static Behavior<Object> beforeFirstTerm(StashBuffer<Object> stash) {
    return Behaviors.receive(
        (ctx, message) -> {
          if (message instanceof Target target) {
            if (target.operator() == null) return Behaviors.same();
            return stash.unstashAll(forwardingTo(target.operator()));
          }
          if (message instanceof OperatorActor.Command && !stash.isFull()) stash.stash(message);
          return Behaviors.same();
        });
  }

  private static Behavior<Object> forwardingTo(ActorRef<OperatorActor.Command> operator) {
    return Behaviors.receive(
        (ctx, message) -> {
          if (message instanceof Target target) return forwardingTo(target.operator());
          if (operator != null && message instanceof OperatorActor.Command command)
            operator.tell(command);
          return Behaviors.same();
        });
  }
}
