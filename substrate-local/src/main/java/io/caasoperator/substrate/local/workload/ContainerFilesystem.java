package io.caasoperator.substrate.local.workload;

import io.caasoperator.pebble.files.PathMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A unit container's filesystem, the same for its Pebble's file API ({@code push}, {@code pull},
 * {@code list_files}) and for the processes it starts (services, {@code exec}, exec checks): the
 * container's root directory ({@code agents/unit-<app>-<n>/container-roots/<name>/}) is {@code /},
 * writable and the container's own, so two units' containers of the same name never share a file,
 * and a file pushed while a service runs is there for it at once. The host's operating system is
 * the container's "image", read-only on top: {@code /usr}, {@code /etc} and the {@code /bin},
 * {@code /sbin}, {@code /lib*} links or directories, so the host's programs run in the container.
 * {@code /proc}, {@code /dev} and {@code /sys} are the host's (processes and the network stay
 * shared, as hooks' are: see {@link MountNamespace}).
 *
 * @param root the container's root directory on this machine (absolute)
 * @param hostRoot the entries of the host's {@code /}: which image entries exist, and which are
 *     links
 */
public record ContainerFilesystem(Path root, List<MountNamespace.RootEntry> hostRoot)
    implements PathMapper {

  /** The host's entries that are the container's image, read-only. */
  static final Set<String> IMAGE =
      Set.of("usr", "etc", "bin", "sbin", "lib", "lib32", "lib64", "libx32");

  /**
   * The empty directories a base image (Ubuntu's) has, made in a new container's root so that a
   * workload writing to {@code /srv}, {@code /var/log} or {@code /run} finds them; {@code /tmp} and
   * {@code /var/tmp} writable by every user.
   */
  static final List<String> SKELETON =
      List.of(
          "home", "mnt", "opt", "root", "run", "srv", "var/cache", "var/lib", "var/log", "var/tmp");

  /** The host's kernel interfaces, bound as hooks get them. */
  static final Set<String> SYSTEM = Set.of("proc", "dev", "sys");

  public ContainerFilesystem {
    if (!root.isAbsolute()) {
      throw new IllegalArgumentException(
          "container root must be an absolute path, not \"" + root + "\"");
    }
    root = root.normalize();
    hostRoot = List.copyOf(hostRoot);
  }

  /**
   * The host path of a container path: under the image or a system directory the host's own, else
   * under {@link #root}. {@code ..} stops at {@code /}, as at a real root.
   */
  @Override
  public Path toHost(String containerPath) {
    if (containerPath == null || !containerPath.startsWith("/")) {
      throw new IllegalArgumentException("paths must be absolute, got \"" + containerPath + "\"");
    }
    String relative = relative(containerPath);
    if (relative.isEmpty()) return root;
    String top = relative.split("/", 2)[0];
    return IMAGE.contains(top) || SYSTEM.contains(top)
        ? Path.of("/").resolve(relative)
        : root.resolve(relative);
  }

  /** The container path of a host path {@link #toHost} gave, empty for any other host path. */
  public Optional<String> toContainer(Path host) {
    Path clean = host.toAbsolutePath().normalize();
    if (clean.startsWith(root)) return Optional.of("/" + root.relativize(clean));
    if (clean.getNameCount() > 0) {
      String top = clean.getName(0).toString();
      if (IMAGE.contains(top) || SYSTEM.contains(top)) return Optional.of(clean.toString());
    }
    return Optional.empty();
  }

  /**
   * Makes the root ready to be {@code /}: a base image's empty directories ({@link #SKELETON},
   * {@code /tmp}), the mount points of the image and system directories, and the image's links as
   * the host has them (bubblewrap does not make a link that exists). Blocking; idempotent.
   */
  public void prepare() throws IOException {
    Files.createDirectories(root);
    for (String dir : SKELETON) Files.createDirectories(root.resolve(dir));
    for (String shared : List.of("tmp", "var/tmp")) {
      Path tmp = Files.createDirectories(root.resolve(shared));
      Files.setPosixFilePermissions(
          tmp, java.nio.file.attribute.PosixFilePermissions.fromString("rwxrwxrwx"));
    }
    for (MountNamespace.RootEntry entry : hostRoot) {
      Path at = root.resolve(entry.name());
      switch (entry) {
        case MountNamespace.RootEntry.Link link -> {
          if (IMAGE.contains(link.name())
              && !Files.exists(at, LinkOption.NOFOLLOW_LINKS)
              && !Files.isSymbolicLink(at)) {
            Files.createSymbolicLink(at, Path.of(link.target()));
          }
        }
        case MountNamespace.RootEntry.Directory dir -> {
          if (IMAGE.contains(dir.name()) || SYSTEM.contains(dir.name())) {
            Files.createDirectories(at);
          }
        }
        case MountNamespace.RootEntry.File file -> {}
      }
    }
  }

  /** bubblewrap's arguments that make this view ({@link #prepare} made its mount points). */
  public List<String> bubblewrapArguments() {
    List<String> args = new ArrayList<>(List.of("--bind", root.toString(), "/"));
    for (MountNamespace.RootEntry entry : hostRoot) {
      String at = "/" + entry.name();
      switch (entry) {
        case MountNamespace.RootEntry.Directory dir -> {
          if (IMAGE.contains(dir.name())) args.addAll(List.of("--ro-bind", at, at));
          // as MountNamespace binds them: an unprivileged user may not mount a new /proc here
          else if (dir.name().equals("dev")) args.addAll(List.of("--dev-bind", at, at));
          else if (SYSTEM.contains(dir.name())) args.addAll(List.of("--bind", at, at));
        }
        case MountNamespace.RootEntry.Link link -> {}
        case MountNamespace.RootEntry.File file -> {}
      }
    }
    return List.copyOf(args);
  }

  private static String relative(String containerPath) {
    String relative = Path.of("/").resolve(containerPath).normalize().toString().substring(1);
    // normalize() keeps leading ".." of an absolute path ("/../x" stays "/../x"): drop them
    while (relative.equals("..") || relative.startsWith("../")) {
      relative = relative.length() == 2 ? "" : relative.substring(3);
    }
    return relative;
  }
}
