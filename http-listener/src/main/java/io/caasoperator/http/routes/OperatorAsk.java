package io.caasoperator.http.routes;

import io.caasoperator.operator.OperatorActor;
import java.time.Duration;
import java.util.concurrent.CompletionStage;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.AskPattern;
import org.apache.pekko.japi.function.Function;

/**
 * How the admin routes ask the operator actor a question: with the system's scheduler, waiting the
 * listener's ask timeout unless the question needs longer (an exec, an action watched until it
 * finishes).
 *
 * @param operator the operator actor every route asks
 * @param system the actor system whose scheduler times the asks out
 * @param timeout how long an ordinary question may take
 */
record OperatorAsk(
    ActorRef<OperatorActor.Command> operator, ActorSystem<?> system, Duration timeout) {

  <T> CompletionStage<T> ask(Function<ActorRef<T>, OperatorActor.Command> question) {
    return ask(question, timeout);
  }

  <T> CompletionStage<T> ask(Function<ActorRef<T>, OperatorActor.Command> question, Duration wait) {
    return AskPattern.ask(operator, question, wait, system.scheduler());
  }
}
