package io.caasoperator.pebble.files;

import java.nio.file.Path;

/**
 * Container paths under a root directory: {@code /etc/app.conf} is {@code <root>/etc/app.conf}.
 * {@code ..} is resolved textually and stops at the root, as it does at a real root, so no request
 * path leaves the directory. Symbolic links inside the root are followed by the host as they are
 * (an absolute link target points outside): the mount-namespace step removes that difference.
 */
public final class DirectoryPathMapper implements PathMapper {
  private final Path root;

  public DirectoryPathMapper(Path root) {
    if (!root.isAbsolute()) {
      throw new IllegalArgumentException(
          "container root must be an absolute path, not \"" + root + "\"");
    }
    this.root = root.normalize();
  }

  public Path root() {
    return root;
  }

  @Override
  public Path toHost(String containerPath) {
    if (containerPath == null || !containerPath.startsWith("/")) {
      throw new IllegalArgumentException("paths must be absolute, got \"" + containerPath + "\"");
    }
    Path clean = Path.of("/").resolve(containerPath).normalize();
    // normalize() keeps leading ".." of an absolute path on some inputs ("/../x" stays "/../x"):
    // drop them
    String relative = clean.toString().substring(1);
    while (relative.equals("..") || relative.startsWith("../")) {
      relative = relative.length() == 2 ? "" : relative.substring(3);
    }
    return relative.isEmpty() ? root : root.resolve(relative);
  }
}
