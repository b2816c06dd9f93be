package io.caasoperator.substrate.local.workload;

import java.nio.file.Path;

/**
 * Where one unit container lives on this machine. Its socket directory is short and outside the
 * data directory ({@link SocketRoot#dirFor}), so that {@code pebble.socket} fits a Unix socket
 * whatever the names; the unit's directory names it with a link, {@code containers/<name>}, which
 * is what every hook of the unit sees at {@code /charm/containers/<name>} (as Juju mounts it into
 * the charm container) and where a person finds the socket. The container's filesystem is {@code
 * container-roots/<name>/} in the unit's directory: what {@code push}, {@code pull} and {@code
 * list_files} address, and the services' and commands' working directories.
 *
 * @param unitDir the unit's directory ({@code agents/unit-<app>-<n>})
 * @param container the container's name in the charm's {@code containers:}
 * @param socketDir the directory the Pebble's socket is bound in ({@link SocketRoot#dirFor})
 */
public record ContainerLayout(Path unitDir, String container, Path socketDir) {

  public ContainerLayout {
    if (!unitDir.isAbsolute())
      throw new IllegalArgumentException("unit directory must be absolute: " + unitDir);
    if (container.isEmpty() || container.contains("/") || container.startsWith(".")) {
      throw new IllegalArgumentException("not a container name: \"" + container + "\"");
    }
    if (!socketDir.isAbsolute())
      throw new IllegalArgumentException("socket directory must be absolute: " + socketDir);
  }

  /**
   * The unit's link to {@link #socketDir()}, {@code containers/<name>}: the unit's containers, as
   * {@link NamespacedHooks} lists them to bind each at {@code /charm/containers/<name>}.
   */
  public Path link() {
    return unitDir.resolve("containers").resolve(container);
  }

  /** Where the Pebble listens: the real path, short, for clients on this machine. */
  public Path socket() {
    return socketDir.resolve(SocketRoot.SOCKET_NAME);
  }

  /** The container's root directory ({@code /} of the Pebble's file API). */
  public Path root() {
    return unitDir.resolve("container-roots").resolve(container);
  }
}
