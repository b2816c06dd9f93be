package io.caasoperator.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The data directory is one operator's, and private: a second operator on it is refused at once,
 * its files are the owner's only, nothing but the HTTP listener is reachable from the network,
 * and a running operator's journal is read through that listener.
 */
class DataDirIT {

    private static final String APP = "private";

    @RegisterExtension
    final Operators operators = new Operators();

    @Test
    void aSecondOperatorOnTheSameDataDirIsRefusedAtOnceAndTheFirstGoesOnUntouched() throws Exception {
        Path charm = TestCharm.named(APP).writeTo(operators.tmp().resolve("charm"));
        SpecFile spec = SpecFile.at(operators.tmp().resolve("spec/app.yaml"), APP, charm).write();
        OperatorProcess first = operators.start(spec);
        OperatorApi api = first.awaitListening();
        Expect.idleUnits(api, APP + "/0");
        String listener = Files.readString(operators.dataDir().resolve("listener")).strip();

        OperatorProcess second = operators.start(spec);
        assertThat(second.exitCode(OperatorProcess.PATIENCE)).as("exit code of the second operator").isEqualTo(2);
        assertThat(String.join("\n", second.lines())).contains("caas-operator: data dir " + operators.dataDir()
                + " is in use by pid " + first.pid() + " (caas-operator run), listening on " + listener
                + "; stop it first, or give another --data-dir");
        assertThat(second.linesMatching("term \\d|hook \\S+ started|operating " + APP)).as("what the second one did").isEmpty();

        assertThat(Files.readString(operators.dataDir().resolve("listener")).strip()).isEqualTo(listener);
        assertThat(api.status().unitNames()).containsExactly(APP + "/0");
    }

    @Test
    void theDataDirIsPrivateAndOnlyTheListenerIsReachable() throws Exception {
        Path charm = TestCharm.named(APP).writeTo(operators.tmp().resolve("charm"));
        SpecFile spec = SpecFile.at(operators.tmp().resolve("spec/app.yaml"), APP, charm).write();
        OperatorProcess operator = operators.start(spec);
        OperatorApi api = operator.awaitListening();
        Expect.idleUnits(api, APP + "/0");

        Path data = operators.dataDir();
        assertThat(mode(data)).isEqualTo("rwx------");
        assertThat(mode(data.resolve("journal.mv.db"))).isEqualTo("rw-------");
        assertThat(mode(data.resolve("admin-token"))).isEqualTo("rw-------");
        int port = api.endpoint().url().getPort();
        assertThat(listeningPorts(operator.pid())).as("TCP ports the operator listens on").containsExactly(port);
    }

    @Test
    void aRunningOperatorsJournalIsReadThroughItsListenerAndAStoppedOnesFromTheFile() throws Exception {
        Path charm = TestCharm.named(APP).writeTo(operators.tmp().resolve("charm"));
        SpecFile spec = SpecFile.at(operators.tmp().resolve("spec/app.yaml"), APP, charm).write();
        OperatorProcess operator = operators.start(spec);
        Expect.idleUnits(operator.awaitListening(), APP + "/0");
        Expect.hooks(UnitDir.of(operators.dataDir(), APP + "/0"), Expect.LEADER_LIFECYCLE);

        Cli.Result running = journal("--type", "HookCompleted");
        assertThat(running.exitCode()).as(running.stderr()).isZero();
        assertThat(running.stdout().lines().filter(l -> l.contains("HookCompleted"))).hasSize(5);
        Cli.Result replay = Cli.run(operators.tmp().resolve("cli"), Duration.ofMinutes(1),
                "replay", "--data-dir", operators.dataDir().toString());
        assertThat(replay.exitCode()).as(replay.stderr()).isZero();
        assertThat(replay.stdout()).contains(APP + "/0*");

        operator.terminate();
        assertThat(operator.exitCode(OperatorProcess.PATIENCE)).isZero();
        Cli.Result stopped = journal("--type", "HookCompleted");
        assertThat(stopped.exitCode()).as(stopped.stderr()).isZero();
        assertThat(stopped.stdout()).isEqualTo(running.stdout());
    }

    private Cli.Result journal(String... filter) {
        List<String> args = new java.util.ArrayList<>(List.of("journal", "--data-dir", operators.dataDir().toString()));
        args.addAll(List.of(filter));
        return Cli.run(operators.tmp().resolve("cli"), Duration.ofMinutes(1), args.toArray(String[]::new));
    }

    private static String mode(Path path) throws IOException {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(path));
    }

    /** The ports of the TCP sockets process {@code pid} listens on (from /proc: its socket inodes in LISTEN state). */
    private static Set<Integer> listeningPorts(long pid) throws IOException {
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
        Set<Integer> ports = new TreeSet<>();
        for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
            // read once: the table changes between two reads on a busy machine
            List<String> lines = Files.readAllLines(Path.of(table));
            for (String line : lines.subList(1, lines.size())) {
                String[] f = line.trim().split("\\s+");
                if (f[3].equals("0A") && inodes.contains(f[9])) {
                    ports.add(Integer.parseInt(f[1].substring(f[1].indexOf(':') + 1), 16));
                }
            }
        }
        return ports;
    }
}
