package io.caasoperator.app;

import io.caasoperator.hook.HookExecutor;
import io.caasoperator.substrate.local.LocalWorkloads;
import io.caasoperator.substrate.local.workload.Bubblewrap;
import io.caasoperator.substrate.local.workload.MountNamespace;
import io.caasoperator.substrate.local.workload.NamespacedHooks;
import io.caasoperator.substrate.local.workload.OpenPebbles;
import io.caasoperator.substrate.local.workload.PebbleDependencies;
import io.caasoperator.substrate.local.workload.PebbleOpener;
import io.caasoperator.substrate.local.workload.Pebbles;
import io.caasoperator.substrate.local.workload.SocketRoot;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.Executor;
import org.apache.pekko.actor.typed.ActorSystem;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The local substrate's Pebbles as the operator wires them: started when {@code --pebble} asks and
 * bubblewrap works, with every hook, action and exec run in its unit's mount namespace.
 *
 * @param pebbles the running Pebbles' actor
 * @param namespace the host's view, which each unit's hooks get plus its containers
 * @param blocking lists container directories before a hook starts
 */
record LocalPebbles(Pebbles.Running pebbles, MountNamespace namespace, Executor blocking) {
  private static final Logger log = LoggerFactory.getLogger(LocalPebbles.class);

  /**
   * @return empty on Kubernetes, with {@code --pebble=off}, and with {@code auto} where bubblewrap
   *     does not work (a warning says why)
   * @throws IllegalStateException with {@code --pebble=on} where bubblewrap does not work
   * @throws IOException when {@code sockets} cannot be made this user's private directory
   */
  static Optional<LocalPebbles> start(
      SubstrateFactory.Choice choice,
      ActorSystem<?> system,
      Executor blocking,
      Clock clock,
      SocketRoot sockets)
      throws IOException {
    if (!(choice instanceof SubstrateFactory.Choice.Local local)
        || local.pebble() == PebbleMode.off) {
      return Optional.empty();
    }
    MountNamespace namespace = MountNamespace.ofHost(Path.of("/"));
    Optional<String> problem = Bubblewrap.problem(namespace);
    if (problem.isPresent()) {
      if (local.pebble() == PebbleMode.on)
        throw new IllegalStateException("--pebble=on: " + problem.get());
      log.warn(
          "no Pebble for unit containers: {}. Containers count as started at once and ops charms cannot"
              + " connect to them (see README \"Kubernetes charms on this machine\")",
          problem.get());
      return Optional.empty();
    }
    // the data directory is locked: what an earlier run left there is its own
    sockets.prepare();
    Pebbles.Running running =
        Pebbles.start(
            system,
            new PebbleDependencies(
                PebbleOpener.local(clock, namespace),
                new OpenPebbles(),
                blocking,
                clock,
                sockets,
                PebbleDependencies.REOPEN));
    log.info(
        "unit containers: a Pebble each, at /charm/containers/<name>/pebble.socket in each unit's"
            + " mount namespace; on this machine under {} (agents/unit-<app>-<n>/containers/<name>"
            + " links to each)",
        sockets.dir());
    return Optional.of(new LocalPebbles(running, namespace, blocking));
  }

  LocalWorkloads workloads() {
    return pebbles;
  }

  HookExecutor hooks(HookExecutor local) {
    return new NamespacedHooks(local, namespace, blocking);
  }

  /** {@code GET /v1/units/{app}/{n}/containers[/{c}/logs]} for holders of the admin token. */
  org.apache.pekko.http.javadsl.server.Route routes(
      io.caasoperator.http.auth.AdminToken admin,
      ActorSystem<?> system,
      com.fasterxml.jackson.databind.ObjectMapper json,
      java.time.Duration ask) {
    return io.caasoperator.http.routes.ApiRoutes.admin(
        admin,
        new io.caasoperator.http.routes.ContainerRoutes(pebbles.containers(system, ask), json)
            ::route);
  }

  /** Stops every container's services and waits (shutdown). */
  void closeAll() {
    pebbles.open().closeAll();
  }
}
