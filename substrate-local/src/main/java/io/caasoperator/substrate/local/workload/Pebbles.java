package io.caasoperator.substrate.local.workload;

import io.caasoperator.domain.UnitId;
import io.caasoperator.substrate.local.ContainerReports;
import io.caasoperator.substrate.local.LocalWorkloads;
import io.caasoperator.workload.UnitContainers;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletionStage;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.Props;
import org.apache.pekko.actor.typed.javadsl.Behaviors;

/**
 * The Pebbles of every local pod: spawns a {@link PebbleActor} per (unit, container) when the local
 * substrate makes a unit's pod, stops them when it is gone, and finds them for the status and log
 * routes. The local substrate's {@link LocalWorkloads}.
 */
public final class Pebbles {
  private Pebbles() {}

  public sealed interface Command {}

  /** The unit has a pod with these containers: their Pebbles start (those running already stay). */
  public record PodMade(
      UnitId unit, Path unitDir, List<String> containers, ContainerReports reports)
      implements Command {}

  /** The unit's pod is gone: its Pebbles' actors stop. */
  public record PodGone(UnitId unit) implements Command {}

  /** Replies the unit's containers and their actors, by name (empty when it has no pod). */
  public record FindContainers(
      UnitId unit, ActorRef<Map<String, ActorRef<PebbleActor.Command>>> replyTo)
      implements Command {}

  public static Behavior<Command> create(PebbleDependencies deps) {
    return Behaviors.setup(
        ctx -> {
          Map<UnitId, Map<String, ActorRef<PebbleActor.Command>>> pods = new HashMap<>();
          // a unit's Pebbles stopping may still have their names when the unit's next pod starts
          long[] spawned = {0};
          return Behaviors.receive(Command.class)
              .onMessage(
                  PodMade.class,
                  made -> {
                    Map<String, ActorRef<PebbleActor.Command>> containers =
                        pods.computeIfAbsent(made.unit(), u -> new TreeMap<>());
                    for (String container : made.containers()) {
                      if (containers.containsKey(container)) continue;
                      ContainerLayout layout = deps.layout(made.unit(), made.unitDir(), container);
                      containers.put(
                          container,
                          ctx.spawn(
                              PebbleActor.create(made.unit(), layout, deps, made.reports()),
                              "pebble-"
                                  + made.unit().tag()
                                  + "-"
                                  + container
                                  + "-"
                                  + (++spawned[0])));
                    }
                    return Behaviors.same();
                  })
              .onMessage(
                  PodGone.class,
                  gone -> {
                    Map<String, ActorRef<PebbleActor.Command>> containers =
                        pods.remove(gone.unit());
                    if (containers != null) containers.values().forEach(ctx::stop);
                    return Behaviors.same();
                  })
              .onMessage(
                  FindContainers.class,
                  find -> {
                    find.replyTo().tell(Map.copyOf(pods.getOrDefault(find.unit(), Map.of())));
                    return Behaviors.same();
                  })
              .build();
        });
  }

  /**
   * Starts the Pebbles' actor in {@code system}; the local substrate tells it through the result.
   */
  public static Running start(ActorSystem<?> system, PebbleDependencies deps) {
    return new Running(system.systemActorOf(create(deps), "pebbles", Props.empty()), deps.open());
  }

  /** The running Pebbles, as the local substrate and the routes see them. */
  public record Running(ActorRef<Command> actor, OpenPebbles open) implements LocalWorkloads {
    @Override
    public void podMade(
        UnitId unit, Path unitDir, List<String> containers, ContainerReports reports) {
      actor.tell(new PodMade(unit, unitDir, containers, reports));
    }

    @Override
    public CompletionStage<Void> podGone(UnitId unit) {
      actor.tell(new PodGone(unit));
      return open.closeUnit(unit.name());
    }

    /**
     * Their containers as the routes show them, each question answered within {@code askTimeout}.
     */
    public UnitContainers containers(ActorSystem<?> system, Duration askTimeout) {
      return new PebbleContainers(actor, system.scheduler(), askTimeout);
    }
  }
}
