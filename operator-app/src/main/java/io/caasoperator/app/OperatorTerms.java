package io.caasoperator.app;

import io.caasoperator.operator.OperatorActor;
import io.caasoperator.operator.OperatorDependencies;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.Terminated;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;

/**
 * The guardian of the operator actor. Without leader election it acts once, as soon as the listener
 * is bound. Under leader election it starts an operator actor for every term of the lease ({@link
 * Guardian.Act}) and stops it when the term ends ({@link Guardian.StandBy}), keeping the actor
 * system, the journal and the listener. The operator actor of the next term starts only after the
 * previous one (and its unit actors) stopped, so two actors never write the same journal entity. An
 * operator actor that stops by itself (the application is gone) still shuts the replica down, as
 * without election.
 */
final class OperatorTerms extends AbstractBehavior<Guardian.Command> {

  /**
   * Hears when a term's operator actor starts and when it has stopped, on this actor's thread (so
   * it must not block): what lives exactly as long as a term (the relations on a cluster, {@link
   * ClusterRelationTerms}).
   */
  interface Observer {
    Observer NONE =
        new Observer() {
          @Override
          public void termStarted(ActorRef<OperatorActor.Command> operator) {}

          @Override
          public void termEnded() {}
        };

    void termStarted(ActorRef<OperatorActor.Command> operator);

    void termEnded();
  }

  private final OperatorDependencies deps;
  private final Observer observer;
  private final ActorRef<Object> front;
  private ActorRef<OperatorActor.Command> operator;
  private int term;
  private boolean stopping;
  private boolean actWhenStopped;
  private Runnable afterStop = () -> {};

  static Behavior<Guardian.Command> create(
      OperatorDependencies deps, Observer observer, ActorRef<Guardian.Started> replyTo) {
    return Behaviors.setup(ctx -> new OperatorTerms(ctx, deps, observer, replyTo));
  }

  private OperatorTerms(
      ActorContext<Guardian.Command> ctx,
      OperatorDependencies deps,
      Observer observer,
      ActorRef<Guardian.Started> replyTo) {
    super(ctx);
    this.deps = deps;
    this.observer = observer;
    this.front = ctx.spawn(OperatorFront.create(), "operator-front");
    replyTo.tell(new Guardian.Started(front.narrow()));
  }

  @Override
  public Receive<Guardian.Command> createReceive() {
    return newReceiveBuilder()
        .onMessage(Guardian.Act.class, m -> act())
        .onMessage(Guardian.StandBy.class, this::standBy)
        .onSignal(Terminated.class, this::stopped)
        .build();
  }

  private Behavior<Guardian.Command> act() {
    if (stopping) {
      actWhenStopped = true;
    } else if (operator == null) {
      term++;
      // A new name per term: the previous actor's name is released only after its Terminated.
      operator = getContext().spawn(OperatorActor.create(deps), "operator-" + term);
      getContext().watch(operator);
      front.tell(new OperatorFront.Target(operator));
      observer.termStarted(operator);
      getContext().getLog().info("term {}: the operator acts", term);
    }
    return this;
  }

  private Behavior<Guardian.Command> standBy(Guardian.StandBy m) {
    actWhenStopped = false;
    if (operator == null) {
      m.afterStop().run();
      return this;
    }
    front.tell(new OperatorFront.Target(null));
    // the replica stands by from now on: nothing of the ending term is written for it any more
    observer.termEnded();
    if (!stopping) {
      stopping = true;
      getContext().stop(operator);
    }
    Runnable before = afterStop;
    afterStop =
        () -> {
          before.run();
          m.afterStop().run();
        };
    return this;
  }

  private Behavior<Guardian.Command> stopped(Terminated t) {
    if (!t.getRef().equals(operator)) return this;
    operator = null;
    observer.termEnded();
    if (!stopping) {
      getContext().getLog().error("the operator actor stopped; shutting down");
      return Behaviors.stopped();
    }
    stopping = false;
    getContext().getLog().info("term {} over: the operator stands by", term);
    Runnable done = afterStop;
    afterStop = () -> {};
    done.run();
    if (actWhenStopped) {
      actWhenStopped = false;
      return act();
    }
    return this;
  }
}
