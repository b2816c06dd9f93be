package io.caasoperator.app;

import java.io.IOException;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Who listens on a TCP port, for the one line {@code run} prints when its listen port is taken: the
 * sockets in LISTEN state on that port ({@code /proc/net/tcp}, {@code tcp6}), then the process
 * holding one of them ({@code /proc/<pid>/fd}). Only this user's processes can be looked into (or
 * every one, as root); another user's is "another process".
 */
final class PortHolder {
  private PortHolder() {}

  private static final String LISTEN = "0A";

  /**
   * The sentence for a listen address that is taken now, checked by binding it for a moment before
   * anything starts (a port taken between this and the real bind is reported by {@link
   * #bindFailure}); empty when it is free, or is port 0 (any free one).
   */
  static Optional<String> inUse(String host, int port) {
    if (port == 0) return Optional.empty();
    try (ServerSocket probe = new ServerSocket()) {
      // as the listener binds: a port in TIME_WAIT after a restart is free to it
      probe.setReuseAddress(true);
      probe.bind(new InetSocketAddress(host, port));
      return Optional.empty();
    } catch (BindException e) {
      return Optional.of(message(host, port));
    } catch (IOException e) {
      // not this check's to judge (an address not on this machine): the real bind says why
      return Optional.empty();
    }
  }

  /**
   * The sentence for a start-up that failed because {@code host:port} is taken; empty when {@code
   * failure} is something else.
   */
  static Optional<String> bindFailure(Throwable failure, String host, int port) {
    boolean inUse =
        Causes.find(failure, BindException.class) != null
            || Causes.describe(failure).contains("Address already in use");
    return inUse ? Optional.of(message(host, port)) : Optional.empty();
  }

  private static String message(String host, int port) {
    return "cannot listen on "
        + host
        + ":"
        + port
        + ": the port is in use by "
        + holderOf(port).orElse("another process")
        + "; stop it, or give another --listen HOST:PORT (port 0 picks a free one)";
  }

  /**
   * {@code pid 4242 (caas-operator run --spec ...)}, when the process is this user's to look at.
   */
  static Optional<String> holderOf(int port) {
    Set<String> inodes = new HashSet<>();
    for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
      try {
        inodes.addAll(listeningInodes(Files.readAllLines(Path.of(table)), port));
      } catch (IOException e) {
        // no such table (no IPv6, not Linux): nothing to find there
      }
    }
    if (inodes.isEmpty()) return Optional.empty();
    try (Stream<Path> processes = Files.list(Path.of("/proc"))) {
      return processes
          .filter(p -> p.getFileName().toString().chars().allMatch(Character::isDigit))
          .filter(p -> holdsOneOf(p, inodes))
          .map(p -> Long.parseLong(p.getFileName().toString()))
          .findFirst()
          .map(PortHolder::describe);
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  /**
   * The inodes of the sockets listening on {@code port} in the lines of a {@code /proc/net/tcp}
   * table (header included): {@code sl local_address rem_address st ... uid timeout inode}, the
   * address as hex {@code IP:PORT}.
   */
  static Set<String> listeningInodes(List<String> table, int port) {
    String hexPort = String.format(Locale.ROOT, "%04X", port);
    Set<String> inodes = new HashSet<>();
    for (String line : table) {
      String[] f = line.strip().split("\\s+");
      if (f.length < 10 || !f[3].equals(LISTEN)) continue;
      String local = f[1];
      if (local.substring(local.lastIndexOf(':') + 1).equalsIgnoreCase(hexPort)) inodes.add(f[9]);
    }
    return inodes;
  }

  private static boolean holdsOneOf(Path process, Set<String> inodes) {
    try (Stream<Path> fds = Files.list(process.resolve("fd"))) {
      return fds.anyMatch(
          fd -> {
            try {
              String target = Files.readSymbolicLink(fd).toString();
              return target.startsWith("socket:[")
                  && inodes.contains(target.substring(8, target.length() - 1));
            } catch (IOException e) {
              return false; // closed meanwhile
            }
          });
    } catch (IOException | SecurityException e) {
      return false; // another user's process, or gone
    }
  }

  /**
   * {@code pid 4242 (caas-operator run ...)}: an operator is named by its own arguments, not the
   * JVM's.
   */
  private static String describe(long pid) {
    String command = ProcessHandle.of(pid).flatMap(p -> p.info().commandLine()).orElse("");
    int jar = command.indexOf("caas-operator.jar ");
    if (jar >= 0)
      command = "caas-operator " + command.substring(jar + "caas-operator.jar ".length());
    // one line, but the data dir (usually last) is worth keeping
    if (command.length() > 200) command = command.substring(0, 197) + "...";
    return "pid " + pid + (command.isBlank() ? "" : " (" + command + ")");
  }
}
