package io.caasoperator.http.routes;

import io.caasoperator.persistence.secret.SecretsState;
import io.caasoperator.secret.SecretStore;
import io.caasoperator.secret.Secrets;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.AskPattern;
import org.apache.pekko.japi.function.Function;

/**
 * How the secret routes ask the secret store a question: the store of {@code secrets} while one
 * runs, with the system's scheduler and the listener's ask timeout (as {@link OperatorAsk} does for
 * the operator).
 *
 * @param secrets the store to ask and the cipher that opens what it holds
 * @param system the actor system whose scheduler times the asks out
 * @param timeout how long a question may take
 */
record SecretAsk(Secrets secrets, ActorSystem<?> system, Duration timeout) {

  /** The answer to {@code question}; empty while no store runs. */
  <T> Optional<CompletionStage<T>> ask(Function<ActorRef<T>, SecretStore.Command> question) {
    return secrets
        .store()
        .map(store -> AskPattern.ask(store, question, timeout, system.scheduler()));
  }

  /** The store's state now; empty while no store runs. */
  CompletionStage<SecretsState> state() {
    return this.<SecretsState>ask(SecretStore.GetState::new)
        .orElse(CompletableFuture.completedFuture(SecretsState.EMPTY));
  }
}
