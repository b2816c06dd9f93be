package io.caasoperator.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The data directory is one operator's, and private: a second operator on it is refused at once,
 * its files are the owner's only, nothing but the HTTP listener is reachable from the network, and
 * a running operator's journal is read through that listener.
 */
class DataDirIT {

  private static final String APP = "private";

  @RegisterExtension final Operators operators = new Operators();

  @Test
  void aSecondOperatorOnTheSameDataDirIsRefusedAtOnceAndTheFirstGoesOnUntouched() throws Exception {
    SpecFile spec = operators.testCharmSpec(APP).write();
    OperatorProcess first = startIdle(spec);
    OperatorApi api = first.awaitListening();
    String listener = Files.readString(operators.dataDir().resolve("listener")).strip();

    OperatorProcess second = operators.start(spec);
    assertThat(second.exitCode(OperatorProcess.PATIENCE))
        .as("exit code of the second operator")
        .isEqualTo(2);
    assertThat(String.join("\n", second.lines()))
        .contains(
            "caas-operator: data dir "
                + operators.dataDir()
                + " is in use by pid "
                + first.pid()
                + " (caas-operator run), listening on "
                + listener
                + "; stop it first, or give another --data-dir");
    assertThat(second.linesMatching("term \\d|hook \\S+ started|operating " + APP))
        .as("what the second one did")
        .isEmpty();

    assertThat(Files.readString(operators.dataDir().resolve("listener")).strip())
        .isEqualTo(listener);
    assertThat(api.status().unitNames()).containsExactly(APP + "/0");
  }

  @Test
  void theDataDirIsPrivateAndOnlyTheListenerIsReachable() throws Exception {
    OperatorProcess operator = startIdle(operators.testCharmSpec(APP).write());
    OperatorApi api = operator.awaitListening();

    Path data = operators.dataDir();
    assertThat(mode(data)).isEqualTo("rwx------");
    assertThat(mode(data.resolve("journal.mv.db"))).isEqualTo("rw-------");
    assertThat(mode(data.resolve("admin-token"))).isEqualTo("rw-------");
    // The HTTPS listener, and the hook tools' loopback listener (127.0.0.1 only, named in the
    // log); nothing else: no journal server (H2's AUTO_SERVER would be one more port, on every
    // interface).
    int port = api.endpoint().url().getPort();
    java.util.regex.Matcher tools =
        java.util.regex.Pattern.compile("calls the loopback listener /?127\\.0\\.0\\.1:(\\d+)")
            .matcher(operator.awaitLog("calls the loopback listener"));
    assertThat(tools.find()).as("the hook tools' listener is on loopback").isTrue();
    int toolsPort = Integer.parseInt(tools.group(1));
    assertThat(listeningPorts(operator.pid()))
        .as("TCP ports the operator listens on")
        .containsExactlyInAnyOrder(port + " " + address(api), toolsPort + " loopback");
  }

  @Test
  void aRunningOperatorsJournalIsReadThroughItsListenerAndAStoppedOnesFromTheFile()
      throws Exception {
    OperatorProcess operator = startIdle(operators.testCharmSpec(APP).write());
    Expect.hooks(UnitDir.of(operators.dataDir(), APP + "/0"), Expect.LEADER_LIFECYCLE);

    Cli.Result running = operators.cli("journal", "--type", "HookCompleted");
    assertThat(running.exitCode()).as(running.stderr()).isZero();
    assertThat(running.stdout().lines().filter(l -> l.contains("HookCompleted"))).hasSize(5);
    Cli.Result replay = operators.cli("replay");
    assertThat(replay.exitCode()).as(replay.stderr()).isZero();
    assertThat(replay.stdout()).contains(APP + "/0*");

    operator.terminate();
    assertThat(operator.exitCode(OperatorProcess.PATIENCE)).isZero();
    Cli.Result stopped = operators.cli("journal", "--type", "HookCompleted");
    assertThat(stopped.exitCode()).as(stopped.stderr()).isZero();
    assertThat(stopped.stdout()).isEqualTo(running.stdout());
  }

  /** An operator on {@code spec} and the test's data directory, once its unit is idle. */
  private OperatorProcess startIdle(SpecFile spec) {
    OperatorProcess operator = operators.start(spec);
    Expect.idleUnits(operator.awaitListening(), APP + "/0");
    return operator;
  }

  private static String mode(Path path) throws IOException {
    return PosixFilePermissions.toString(Files.getPosixFilePermissions(path));
  }

  private static String address(OperatorApi api) {
    return api.endpoint().url().getHost().equals("127.0.0.1") ? "loopback" : "other";
  }

  /**
   * The TCP sockets process {@code pid} listens on (from /proc: its socket inodes in LISTEN state),
   * as "port loopback" or "port other".
   */
  private static Set<String> listeningPorts(long pid) throws IOException {
    Set<String> inodes = new HashSet<>();
    try (var fds = Files.list(Path.of("/proc", Long.toString(pid), "fd"))) {
      for (Path fd : fds.toList()) {
        try {
          String target = Files.readSymbolicLink(fd).toString();
          if (target.startsWith("socket:[")) inodes.add(target.substring(8, target.length() - 1));
        } catch (IOException gone) {
          // closed meanwhile
        }
      }
    }
    Set<String> ports = new TreeSet<>();
    for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
      // read once: the table changes between two reads on a busy machine
      List<String> lines = Files.readAllLines(Path.of(table));
      for (String line : lines.subList(1, lines.size())) {
        String[] f = line.trim().split("\\s+");
        if (f[3].equals("0A") && inodes.contains(f[9])) {
          String address = f[1].substring(0, f[1].indexOf(':'));
          boolean loopback =
              address.equals("0100007F")
                  || address.equals("0000000000000000FFFF00000100007F")
                  || address.equals("00000000000000000000000001000000");
          ports.add(
              Integer.parseInt(f[1].substring(f[1].indexOf(':') + 1), 16)
                  + (loopback ? " loopback" : " other"));
        }
      }
    }
    return ports;
  }
}
