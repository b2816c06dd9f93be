package io.caasoperator.workload;

import java.nio.file.Path;

/**
 * Where one unit container lives on this machine, inside the unit's directory: {@code
 * containers/<name>/pebble.socket} (the directory every hook of the unit sees at {@code
 * /charm/containers/<name>}, as Juju mounts it into the charm container) and {@code
 * container-roots/<name>/} (the container's filesystem: what {@code push}, {@code pull} and {@code
 * list_files} address, and the services' and commands' working directories).
 *
 * @param unitDir the unit's directory ({@code agents/unit-<app>-<n>})
 * @param container the container's name in the charm's {@code containers:}
 */
public record ContainerLayout(Path unitDir, String container) {
  /** The kernel's limit on a Unix socket's path (sun_path, 108 bytes with its terminating NUL). */
  static final int SOCKET_PATH_LIMIT = 107;

  public ContainerLayout {
    if (!unitDir.isAbsolute())
      throw new IllegalArgumentException("unit directory must be absolute: " + unitDir);
    if (container.isEmpty() || container.contains("/") || container.startsWith(".")) {
      throw new IllegalArgumentException("not a container name: \"" + container + "\"");
    }
  }

  /** The directory bound onto {@code /charm/containers/<name>} for the unit's hooks. */
  public Path socketDir() {
    return unitDir.resolve("containers").resolve(container);
  }

  public Path socket() {
    return socketDir().resolve("pebble.socket");
  }

  /** The container's root directory ({@code /} of the Pebble's file API). */
  public Path root() {
    return unitDir.resolve("container-roots").resolve(container);
  }

  /**
   * Why the socket cannot be bound here, if it cannot: the data directory is too deep for a Unix
   * socket path, which a user fixes with a shorter {@code --data-dir}.
   */
  public java.util.Optional<String> socketProblem() {
    int length = socket().toString().getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
    return length <= SOCKET_PATH_LIMIT
        ? java.util.Optional.empty()
        : java.util.Optional.of(
            "the Pebble socket path "
                + socket()
                + " is "
                + length
                + " bytes, more than the "
                + SOCKET_PATH_LIMIT
                + " a Unix socket allows: use a shorter --data-dir");
  }
}
