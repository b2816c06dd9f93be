package io.caasoperator.hook;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Finds and kills processes the operator started. Two ways to find them, because each misses
 * something: {@link ProcessHandle#descendants()} follows parent links, so it loses a child that was
 * re-parented when its parent exited ({@code sleep 100 &} in a hook); the environment tag ({@code
 * NAME=value} in {@code /proc/<pid>/environ}) survives re-parenting but is only readable on Linux
 * and misses a process that replaced its environment ({@code env -i}).
 */
final class ProcessTree {

  private static final Path PROC = Path.of("/proc");

  private ProcessTree() {}

  /** Whether the environment tag scan can work here (Linux, {@code /proc} mounted). */
  static boolean canScanEnvironments() {
    return Files.isReadable(PROC.resolve("self/environ"));
  }

  /**
   * Kills {@code root} and everything below it, forcibly, deepest first, so that no parent lives
   * long enough to notice a dead child and start another one. The JVM itself, given as root, only
   * loses its descendants.
   *
   * @return how many processes were signalled
   */
  static int killTree(ProcessHandle root) {
    List<ProcessHandle> victims = new ArrayList<>(root.descendants().toList());
    victims.sort(Comparator.comparingInt(ProcessTree::depth).reversed());
    if (!root.equals(ProcessHandle.current())) victims.add(root);
    int killed = 0;
    for (ProcessHandle victim : victims) {
      if (victim.isAlive() && victim.destroyForcibly()) killed++;
    }
    return killed;
  }

  /**
   * Kills every process whose initial environment contains {@code entry} (e.g. {@code
   * CAAS_OPERATOR_CONTEXT=abc}), with its descendants. The scan is repeated until it finds nothing
   * new, because a process may fork between the scan and the kill. The JVM itself and its ancestors
   * are never touched, whatever their environment says.
   *
   * @return how many processes were signalled
   */
  static int killTagged(String entry) {
    Set<Long> spared = ownLineage();
    Set<Long> signalled = new HashSet<>();
    for (int round = 0; round < 10; round++) {
      List<ProcessHandle> found =
          tagged(entry).stream().filter(p -> !spared.contains(p.pid())).toList();
      boolean any = false;
      for (ProcessHandle process : found) {
        // A zombie keeps its /proc entry but its environ reads empty, so it is never found.
        if (process.isAlive()) {
          killTree(process);
          signalled.add(process.pid());
          any = true;
        }
      }
      if (!any) break;
    }
    return signalled.size();
  }

  /** Processes whose {@code /proc/<pid>/environ} holds exactly {@code entry}; empty off Linux. */
  static List<ProcessHandle> tagged(String entry) {
    if (!canScanEnvironments()) return List.of();
    byte[] needle = entry.getBytes(StandardCharsets.UTF_8);
    List<ProcessHandle> found = new ArrayList<>();
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(PROC, ProcessTree::isPidDir)) {
      for (Path dir : entries) {
        if (containsEntry(dir.resolve("environ"), needle)) {
          ProcessHandle.of(Long.parseLong(dir.getFileName().toString())).ifPresent(found::add);
        }
      }
    } catch (IOException e) {
      // /proc vanished or is unreadable: nothing more can be found this way.
    }
    return found;
  }

  private static boolean isPidDir(Path dir) {
    String name = dir.getFileName().toString();
    return !name.isEmpty() && name.chars().allMatch(Character::isDigit);
  }

  /** Environment entries are NUL-separated; the tag must be a whole entry, not a substring. */
  private static boolean containsEntry(Path environ, byte[] needle) {
    byte[] content;
    try {
      content = Files.readAllBytes(environ);
    } catch (IOException | SecurityException e) {
      return false; // exited meanwhile, or another user's process: not ours either way
    }
    int start = 0;
    for (int i = 0; i <= content.length; i++) {
      if (i == content.length || content[i] == 0) {
        if (i - start == needle.length && regionEquals(content, start, needle)) return true;
        start = i + 1;
      }
    }
    return false;
  }

  private static boolean regionEquals(byte[] content, int start, byte[] needle) {
    for (int j = 0; j < needle.length; j++) {
      if (content[start + j] != needle[j]) return false;
    }
    return true;
  }

  private static Set<Long> ownLineage() {
    Set<Long> lineage = new HashSet<>();
    ProcessHandle current = ProcessHandle.current();
    lineage.add(current.pid());
    var parent = current.parent();
    while (parent.isPresent()) {
      lineage.add(parent.get().pid());
      parent = parent.get().parent();
    }
    return lineage;
  }

  private static int depth(ProcessHandle process) {
    int depth = 0;
    var parent = process.parent();
    while (parent.isPresent() && depth < 1000) {
      depth++;
      parent = parent.get().parent();
    }
    return depth;
  }
}
