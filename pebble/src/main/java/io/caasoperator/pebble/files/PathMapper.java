package io.caasoperator.pebble.files;

import java.nio.file.Path;

/**
 * Where a container path (what charms send: absolute, as seen inside the workload container) is on
 * this machine. For now a directory prefix ({@link DirectoryPathMapper}); a later step runs
 * everything inside a per-unit mount namespace, where this becomes the identity. The one place that
 * knows.
 */
public interface PathMapper {
  /**
   * The host path of an absolute container path.
   *
   * @throws IllegalArgumentException when the path is not absolute
   */
  Path toHost(String containerPath);
}
