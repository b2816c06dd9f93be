package io.caasoperator.substrate.kubernetes;

import io.caasoperator.substrate.local.workload.ContainerFilesystem;
import io.caasoperator.substrate.local.workload.MountNamespace;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * The inside of pods, for a test: each pod is a directory under {@code root} that is the root
 * filesystem of all its containers (so the init container and the workload container share {@code
 * /var/lib/caas} as the operator's shared volume would be shared), with this machine's {@code
 * /usr}, {@code /etc}, {@code /bin}, {@code /lib*} read-only on top, as {@link ContainerFilesystem}
 * builds it for the local substrate's containers. A command runs there as a real process under
 * bubblewrap, with a container's plain environment; network and processes stay the host's, so a
 * hook reaches the operator's listener on loopback as it would reach its Service.
 */
public final class StandInPods implements AutoCloseable {

  /** What a container image's environment has (Docker's default PATH), plus the pod's host name. */
  private static final String PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";

  private final Path root;
  private final List<MountNamespace.RootEntry> hostRoot;
  private final Set<Process> running = ConcurrentHashMap.newKeySet();

  /**
   * @param root where the pods' directories are made, one per pod name
   * @throws IllegalStateException naming bubblewrap when it is missing or cannot make a namespace
   *     here: the test cannot run without it, and says so rather than skipping
   */
  public StandInPods(Path root) {
    this.root = root.toAbsolutePath().normalize();
    try {
      this.hostRoot = MountNamespace.ofHost(Path.of("/")).hostRoot();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    requireBubblewrap();
  }

  /** Where {@code path} (absolute, in the pod) is on this machine. */
  public Path file(String pod, String path) {
    return filesystem(pod).toHost(path);
  }

  /**
   * Starts {@code command} in {@code pod} (its container is not told apart: they share the root),
   * in {@code /}, as an exec into a container starts it. The caller owns the process's streams.
   */
  public Process start(String pod, List<String> command) throws IOException {
    ContainerFilesystem filesystem = filesystem(pod);
    filesystem.prepare();
    // a pod's own host name, as the kubelet gives it; the rest of the namespaces stay the host's
    List<String> argv =
        new ArrayList<>(List.of(MountNamespace.BWRAP, "--unshare-uts", "--hostname", pod));
    argv.addAll(filesystem.bubblewrapArguments());
    argv.addAll(List.of("--chdir", "/", "--"));
    argv.addAll(command);
    ProcessBuilder builder = new ProcessBuilder(argv).directory(filesystem.root().toFile());
    Map<String, String> environment = builder.environment();
    environment.clear();
    environment.put("PATH", PATH);
    environment.put("HOME", "/root");
    environment.put("HOSTNAME", pod);
    Process process = builder.start();
    running.add(process);
    process.onExit().thenRun(() -> running.remove(process));
    return process;
  }

  private ContainerFilesystem filesystem(String pod) {
    if (!pod.matches("[a-z0-9]([-a-z0-9.]*[a-z0-9])?"))
      throw new IllegalArgumentException("not a pod name: " + pod);
    return new ContainerFilesystem(root.resolve(pod), hostRoot);
  }

  private void requireBubblewrap() {
    try {
      Files.createDirectories(root);
      Process trial = start("bubblewrap-trial", List.of("true"));
      trial.getOutputStream().close();
      String output = new String(trial.getErrorStream().readAllBytes()).strip();
      if (!trial.waitFor(30, TimeUnit.SECONDS) || trial.exitValue() != 0) {
        trial.destroyForcibly();
        throw new IllegalStateException(
            "stand-in pods need bubblewrap (bwrap) with unprivileged user namespaces: " + output);
      }
    } catch (IOException e) {
      throw new IllegalStateException(
          "stand-in pods need bubblewrap (bwrap): install the \"bubblewrap\" package ("
              + e.getMessage()
              + ")",
          e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while trying bubblewrap", e);
    }
  }

  /**
   * Ends every command still running (an exec whose client went away keeps running, as in a pod):
   * the command's processes first, then bubblewrap, which does not take them along when killed.
   */
  @Override
  public void close() {
    for (Process process : running) {
      process.descendants().forEach(ProcessHandle::destroyForcibly);
      process.destroyForcibly();
    }
  }
}
