package io.caasoperator.workload;

import io.caasoperator.pebble.Pebble;
import io.caasoperator.pebble.PebbleOptions;
import io.caasoperator.pebble.api.PebbleServer;
import io.caasoperator.pebble.events.PebbleEvent;
import io.caasoperator.pebble.events.PebbleListener;
import io.caasoperator.pebble.process.LocalProcessLauncher;
import io.caasoperator.persistence.WorkloadEvent;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Clock;
import java.util.List;

/**
 * Makes a container's Pebble listen: its directories, a stale socket of an earlier run removed, the
 * journaled layers restored (services are not started: the charm replans in {@code
 * <container>-pebble-ready}). Blocking: called off actor threads.
 */
@FunctionalInterface
public interface PebbleOpener {
  /**
   * @throws IOException when it cannot listen (the reason says why, e.g. a too long socket path)
   */
  Pebble open(
      ContainerLayout layout, PebbleListener listener, List<WorkloadEvent.LayerAdded> layers)
      throws IOException;

  /**
   * Pebbles on this machine, with wall-clock timers; their processes run in the container's
   * filesystem ({@link ContainerFilesystem}, {@link ContainerLauncher}) made from {@code host}'s
   * root entries.
   */
  static PebbleOpener local(Clock clock, MountNamespace host) {
    return (layout, listener, layers) -> {
      if (layout.socketProblem().isPresent()) throw new IOException(layout.socketProblem().get());
      Files.createDirectories(layout.socketDir());
      ContainerFilesystem filesystem = new ContainerFilesystem(layout.root(), host.hostRoot());
      filesystem.prepare();
      Files.deleteIfExists(layout.socket());
      Pebble pebble =
          new Pebble(
              PebbleOptions.local(layout.socket(), layout.root(), clock, listener)
                  .withContainer(
                      filesystem, new ContainerLauncher(filesystem, new LocalProcessLauncher())));
      try {
        pebble.restore(
            layers.stream()
                .map(l -> new PebbleEvent.LayerAdded(l.at(), l.label(), l.combine(), l.yaml()))
                .toList());
        PebbleServer.serve(pebble);
      } catch (IOException | RuntimeException e) {
        pebble.close();
        throw e;
      }
      return pebble;
    };
  }
}
