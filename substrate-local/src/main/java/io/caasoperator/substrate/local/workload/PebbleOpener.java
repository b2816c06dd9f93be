package io.caasoperator.substrate.local.workload;

import io.caasoperator.files.RecursiveDelete;
import io.caasoperator.pebble.Pebble;
import io.caasoperator.pebble.PebbleOptions;
import io.caasoperator.pebble.api.PebbleServer;
import io.caasoperator.pebble.events.PebbleEvent;
import io.caasoperator.pebble.events.PebbleListener;
import io.caasoperator.pebble.process.LocalProcessLauncher;
import io.caasoperator.persistence.WorkloadEvent;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;

/**
 * Makes a container's Pebble listen: its directories, the unit's link to its socket directory, a
 * stale socket of an earlier run removed, the journaled layers restored (services are not started:
 * the charm replans in {@code <container>-pebble-ready}). Blocking: called off actor threads.
 */
@FunctionalInterface
public interface PebbleOpener {
  /**
   * @throws IOException when it cannot listen (the reason says why, e.g. a socket directory that
   *     cannot be written)
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
      makeSocketDir(layout.socketDir());
      link(layout);
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

  /** Makes {@code dir}, with a reason a person can act on when it cannot be made. */
  private static void makeSocketDir(Path dir) throws IOException {
    try {
      Files.createDirectories(dir);
    } catch (java.nio.file.FileAlreadyExistsException e) {
      throw new IOException(
          "cannot make the socket directory " + dir + ": a file that is not a directory is there",
          e);
    } catch (java.nio.file.AccessDeniedException e) {
      throw new IOException(
          "cannot make the socket directory " + dir + ": permission denied on " + e.getFile(), e);
    }
  }

  /**
   * Points the unit's {@code containers/<name>} at the socket directory. What an earlier run or an
   * earlier layout left there (a directory of its own that held the socket) is replaced; links are
   * not followed.
   */
  private static void link(ContainerLayout layout) throws IOException {
    Path link = layout.link();
    if (Files.isSymbolicLink(link) && Files.readSymbolicLink(link).equals(layout.socketDir()))
      return;
    RecursiveDelete.delete(link);
    Files.createDirectories(link.getParent());
    Files.createSymbolicLink(link, layout.socketDir());
  }
}
