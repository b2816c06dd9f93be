package io.caasoperator.substrate.local.workload;

import io.caasoperator.domain.UnitId;
import io.caasoperator.pebble.services.LogEntry;
import io.caasoperator.workload.ContainerView;
import io.caasoperator.workload.UnitContainers;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Scheduler;
import org.apache.pekko.actor.typed.javadsl.AskPattern;
import org.apache.pekko.japi.function.Function;

/**
 * The local pods' containers as the routes ask for them: {@link Pebbles} finds a unit's {@link
 * PebbleActor}s, each answers for its container. Every question is answered within {@code
 * askTimeout} or fails (as the routes' own asks do).
 */
record PebbleContainers(ActorRef<Pebbles.Command> pebbles, Scheduler scheduler, Duration askTimeout)
    implements UnitContainers {

  @Override
  public CompletionStage<List<ContainerView>> views(UnitId unit) {
    return find(unit)
        .thenCompose(
            found -> {
              List<CompletableFuture<ContainerView>> asks = new ArrayList<>();
              // by container name
              new TreeMap<>(found)
                  .values()
                  .forEach(
                      actor ->
                          asks.add(
                              this.<PebbleActor.Command, ContainerView>ask(
                                      actor, PebbleActor.GetView::new)
                                  .toCompletableFuture()));
              return CompletableFuture.allOf(asks.toArray(CompletableFuture[]::new))
                  .thenApply(done -> asks.stream().map(CompletableFuture::join).toList());
            });
  }

  @Override
  public CompletionStage<Optional<List<LogEntry>>> logs(
      UnitId unit, String container, Optional<String> service, int lines) {
    return find(unit)
        .thenCompose(
            found -> {
              ActorRef<PebbleActor.Command> actor = found.get(container);
              if (actor == null) return CompletableFuture.completedFuture(Optional.empty());
              return this.<PebbleActor.Command, List<LogEntry>>ask(
                      actor, r -> new PebbleActor.GetLogs(service, lines, r))
                  .thenApply(Optional::of);
            });
  }

  private CompletionStage<Map<String, ActorRef<PebbleActor.Command>>> find(UnitId unit) {
    return ask(pebbles, r -> new Pebbles.FindContainers(unit, r));
  }

  /** {@code question} to {@code actor}, answered within {@code askTimeout}. */
  private <C, T> CompletionStage<T> ask(ActorRef<C> actor, Function<ActorRef<T>, C> question) {
    return AskPattern.ask(actor, question, askTimeout, scheduler);
  }
}
