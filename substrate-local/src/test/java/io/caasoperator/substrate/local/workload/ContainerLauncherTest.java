package io.caasoperator.substrate.local.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

import io.caasoperator.pebble.process.LaunchSpec;
import io.caasoperator.pebble.process.LocalProcessLauncher;
import io.caasoperator.pebble.process.Signals;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Real processes in real bubblewrap views of two containers. */
class ContainerLauncherTest {
  private static final Map<String, String> ENV =
      Map.of("PATH", "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin");

  @TempDir Path dir;
  private MountNamespace host;

  @BeforeEach
  void needsBubblewrap() throws IOException {
    host = MountNamespace.ofHost(Path.of("/"));
    Optional<String> problem = Bubblewrap.problem(host);
    if (problem.isEmpty()) return;
    // in CI (CI=true) a missing bubblewrap fails these tests instead of hiding them
    if ("true".equalsIgnoreCase(System.getenv("CI"))) fail("CI=true and " + problem.get());
    Assumptions.abort("skipped: " + problem.get());
  }

  private ContainerLauncher launcher(ContainerFilesystem fs) throws IOException {
    fs.prepare();
    return new ContainerLauncher(fs, new LocalProcessLauncher());
  }

  private static String run(ContainerLauncher launcher, Path workingDir, String script)
      throws Exception {
    Process p =
        launcher.launch(
            new LaunchSpec(List.of("sh", "-c", script), ENV, workingDir, Optional.empty(), true));
    p.getOutputStream().close();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as(out).isZero();
    return out.strip();
  }

  @Test
  void aContainersProcessesSeeItsOwnFilesAtTheirContainerPathsAndTheHostsPrograms()
      throws Exception {
    ContainerFilesystem a = new ContainerFilesystem(dir.resolve("a"), host.hostRoot());
    ContainerFilesystem b = new ContainerFilesystem(dir.resolve("b"), host.hostRoot());
    ContainerLauncher inA = launcher(a);
    ContainerLauncher inB = launcher(b);
    Files.createDirectories(a.toHost("/srv"));
    Files.writeString(a.toHost("/srv/who.txt"), "a");

    assertThat(run(inA, a.toHost("/srv"), "pwd; cat who.txt; echo mine > /tmp/t; mkdir -p /var/x"))
        .isEqualTo("/srv\na");
    assertThat(Files.readString(a.toHost("/tmp/t"))).as("written in a's root").isEqualTo("mine\n");
    assertThat(a.toHost("/var/x")).isDirectory();
    assertThat(run(inB, b.toHost("/"), "ls /srv 2>&1 || true; cat /tmp/t 2>&1 || true"))
        .as("b sees none of a's files")
        .doesNotContain("who.txt", "mine");
    assertThat(run(inB, b.toHost("/"), "touch /usr/x 2>/dev/null && echo wrote || echo read-only"))
        .as("the image is read-only")
        .isEqualTo("read-only");
  }

  @Test
  void aSigtermToTheGroupReachesTheCommandWhichStopsAsItChooses() throws Exception {
    ContainerFilesystem fs = new ContainerFilesystem(dir.resolve("c"), host.hostRoot());
    ContainerLauncher launcher = launcher(fs);
    Process p =
        launcher.launch(
            new LaunchSpec(
                List.of(
                    "sh",
                    "-c",
                    "trap 'echo stopping; exit 7' TERM; echo up; while true; do sleep 0.1; done"),
                ENV,
                fs.toHost("/"),
                Optional.empty(),
                true));
    var out = new java.io.BufferedReader(new java.io.InputStreamReader(p.getInputStream()));
    assertThat(out.readLine()).isEqualTo("up");
    Signals.toGroup(p.pid(), Signals.SIGTERM);
    assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
    // sh may first report its `sleep` ended by the same signal ("Terminated")
    assertThat(out.lines().toList()).contains("stopping");
    assertThat(p.exitValue()).as("the command's own exit code, not bubblewrap's").isEqualTo(7);
  }

  @Test
  void executablesAreLookedUpInTheContainerAndAMissingOneIsNamed() throws Exception {
    ContainerFilesystem fs = new ContainerFilesystem(dir.resolve("d"), host.hostRoot());
    ContainerLauncher launcher = launcher(fs);
    assertThat(launcher.lookPath("sh", ENV.get("PATH"))).isPresent();
    Files.createDirectories(fs.toHost("/opt/app"));
    Path tool = Files.writeString(fs.toHost("/opt/app/tool"), "#!/bin/sh\necho tool\n");
    tool.toFile().setExecutable(true);
    assertThat(launcher.lookPath("tool", "/opt/app")).contains("/opt/app/tool");
    assertThat(run(launcher, fs.toHost("/"), "/opt/app/tool")).isEqualTo("tool");
    assertThatThrownBy(
            () ->
                launcher.launch(
                    new LaunchSpec(
                        List.of("no-such-tool"), ENV, fs.toHost("/"), Optional.empty(), true)))
        .hasMessage("cannot find executable \"no-such-tool\"");
  }
}
