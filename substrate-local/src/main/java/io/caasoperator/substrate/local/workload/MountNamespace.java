package io.caasoperator.substrate.local.workload;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A unit's own view of this machine for its hooks: everything the host has, plus the unit's
 * containers at {@code /charm/containers/<name>}, the hard-coded place where ops looks for each
 * container's {@code pebble.socket} (ops {@code model.py}, {@code Container.__init__}). Built with
 * bubblewrap, which makes a mount namespace without root: the new root is a tmpfs where every entry
 * of the host's {@code /} is bound again (read-write: hooks write to their unit directory and
 * wherever they did before), so {@code /charm} can exist there without touching the host's root.
 * Network and process namespaces stay shared: hook tools reach the operator over loopback, and the
 * operator finds a hook's processes through {@code /proc} as before.
 *
 * @param hostRoot the entries of the host's {@code /}, read once at start-up
 */
public record MountNamespace(List<RootEntry> hostRoot) {
  public static final String BWRAP = "bwrap";

  /** One entry of the host's {@code /}. */
  public sealed interface RootEntry {
    String name();

    record Directory(String name) implements RootEntry {}

    record File(String name) implements RootEntry {}

    record Link(String name, String target) implements RootEntry {}
  }

  public MountNamespace {
    hostRoot = List.copyOf(hostRoot);
  }

  /** Reads the entries of {@code root} (blocking: at start-up). */
  public static MountNamespace ofHost(Path root) throws IOException {
    List<RootEntry> entries = new ArrayList<>();
    try (DirectoryStream<Path> children = Files.newDirectoryStream(root)) {
      for (Path child : children) {
        String name = child.getFileName().toString();
        if (Files.isSymbolicLink(child)) {
          entries.add(new RootEntry.Link(name, Files.readSymbolicLink(child).toString()));
        } else if (Files.isDirectory(child, LinkOption.NOFOLLOW_LINKS)) {
          entries.add(new RootEntry.Directory(name));
        } else {
          entries.add(new RootEntry.File(name));
        }
      }
    }
    entries.sort(java.util.Comparator.comparing(RootEntry::name));
    return new MountNamespace(entries);
  }

  /**
   * The argv that runs {@code command} in the unit's view, where each of {@code containers}
   * (container name to the directory holding its socket) is at {@code /charm/containers/<name>}. A
   * host that has a {@code /charm} of its own keeps it hidden from the unit's hooks.
   */
  public List<String> wrap(List<String> command, Map<String, Path> containers) {
    List<String> argv = new ArrayList<>(List.of(BWRAP));
    for (RootEntry entry : hostRoot) {
      String at = "/" + entry.name();
      switch (entry) {
        case RootEntry.Link link -> argv.addAll(List.of("--symlink", link.target(), at));
        case RootEntry.Directory dir -> {
          if (dir.name().equals("charm")) continue;
          // /dev needs its device nodes usable; /proc is bound rather than mounted anew, which an
          // unprivileged user may only do in a process namespace of its own
          argv.addAll(List.of(dir.name().equals("dev") ? "--dev-bind" : "--bind", at, at));
        }
        case RootEntry.File file -> argv.addAll(List.of("--bind", at, at));
      }
    }
    new java.util.TreeMap<>(containers)
        .forEach(
            (name, dir) ->
                argv.addAll(List.of("--bind", dir.toString(), "/charm/containers/" + name)));
    argv.add("--");
    argv.addAll(command);
    return List.copyOf(argv);
  }
}
