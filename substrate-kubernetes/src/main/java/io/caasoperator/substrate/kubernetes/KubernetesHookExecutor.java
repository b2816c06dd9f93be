package io.caasoperator.substrate.kubernetes;

import io.caasoperator.hook.HookEnvironment;
import io.caasoperator.hook.HookExecutor;
import io.caasoperator.hook.HookInvocation;
import io.caasoperator.hook.ProcessResult;
import io.caasoperator.hook.UnitNotReady;
import io.caasoperator.hooktool.transport.HookToolShims;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Pod;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs hooks inside the unit's pod (deployment mode {@code workload}) through the exec API.
 *
 * <p>Before a unit's first hook, and again whenever the hook wants another charm than the one
 * copied last (an upgrade), the charm, the hook-tool shims and the listener's CA certificate are
 * copied into the pod's shared volume ({@link PodLayout}) as a tar stream: into the init container
 * while it runs, which is then told to finish by the ready file; into the workload container when
 * that already runs. When the pod cannot take the hook yet (no pod, neither container runs, the
 * workload container has not started after the copy into the init container, or the copy failed)
 * the run ends at once with {@link UnitNotReady} saying why: no thread sleeps here while holding a
 * slot of the global hook limit. The unit waits (a timer, or the container start it observes),
 * launches the same hook again, and after a bounded number of waits records it as failed with that
 * reason. The pod's current state is read on every run.
 *
 * <p>The hook runs as {@code sh -c} in the workload container (the pod's default container: the
 * {@code kubectl.kubernetes.io/default-container} annotation, else the first), with the
 * invocation's environment exported and every path of the operator's disk (the unit's charm view,
 * the tools, the CA) translated to its place in the pod.
 *
 * <p>What was copied is remembered in memory only: after an operator restart the first hook of each
 * unit copies again, which is idempotent and cheap against a lost upgrade.
 */
public final class KubernetesHookExecutor implements HookExecutor {

  private static final Logger log = LoggerFactory.getLogger(KubernetesHookExecutor.class);

  static final String DEFAULT_CONTAINER_ANNOTATION = "kubectl.kubernetes.io/default-container";

  private final UnitPods pods;
  private final PodExec exec;
  private final PodLayout layout;
  private final String initContainer;
  private final Path toolsDir;
  private final Path caFile;
  private final String operatorUrl;
  private final ExecutorService threads =
      Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("pod-hook-", 0).factory());

  /**
   * The charm directory last copied into each pod, by pod uid: a recreated pod (same name, new uid)
   * has an empty shared volume again.
   */
  private final Map<String, Path> copied = new ConcurrentHashMap<>();

  /** The thread running each context, so that cancel can interrupt it (closing the exec). */
  private final Map<String, Thread> running = new ConcurrentHashMap<>();

  /**
   * @param pods finds a unit's pod (re-read before every attempt)
   * @param exec the exec API
   * @param layout where things go in the pod
   * @param initContainer the init container that waits for the charm
   * @param toolsDir the operator's hook-tool directory: its path in the environment becomes the
   *     pod's
   * @param caFile the listener's CA certificate, copied too; null when the listener is plain HTTP
   * @param operatorUrl how hooks in pods reach the operator's listener (its Service); null keeps
   *     the invocation's {@code CAAS_OPERATOR_URL}
   */
  public KubernetesHookExecutor(
      UnitPods pods,
      PodExec exec,
      PodLayout layout,
      String initContainer,
      Path toolsDir,
      Path caFile,
      String operatorUrl) {
    if (pods == null) throw new IllegalArgumentException("pod lookup is missing");
    if (exec == null) throw new IllegalArgumentException("pod exec is missing");
    if (layout == null) throw new IllegalArgumentException("pod layout is missing");
    if (initContainer == null || initContainer.isBlank())
      throw new IllegalArgumentException("init container name is empty");
    if (toolsDir == null) throw new IllegalArgumentException("tools directory is missing");
    this.pods = pods;
    this.exec = exec;
    this.layout = layout;
    this.initContainer = initContainer;
    this.toolsDir = toolsDir;
    this.caFile = caFile;
    this.operatorUrl = operatorUrl;
  }

  @Override
  public CompletionStage<ProcessResult> run(HookInvocation invocation) {
    return CompletableFuture.supplyAsync(
        () -> {
          running.put(invocation.contextId(), Thread.currentThread());
          long started = System.nanoTime();
          try {
            return execute(invocation, started);
          } catch (InterruptedException e) {
            return failure(started, "cancelled");
          } finally {
            running.remove(invocation.contextId());
            Thread.interrupted(); // a late cancel must not leak into the next task of this thread
          }
        },
        threads);
  }

  @Override
  public void cancel(String contextId) {
    Thread thread = running.get(contextId);
    if (thread != null) thread.interrupt();
  }

  @Override
  public int killAll() {
    int n = running.size();
    running.values().forEach(Thread::interrupt);
    return n;
  }

  /**
   * One attempt, on the pod as it is now: the hook's result, or {@link UnitNotReady} when the pod
   * cannot take it yet. An exec that fails on the way (the container just stopped, the connection
   * dropped) counts as not ready too: the unit tries again shortly, as this loop did when it waited
   * itself.
   */
  private ProcessResult execute(HookInvocation invocation, long started)
      throws InterruptedException {
    Optional<Pod> pod = pods.podOf(invocation.unit());
    if (pod.isEmpty()) throw new UnitNotReady("unit " + invocation.unit() + " has no pod");
    String podName = pod.get().getMetadata().getName();
    String podId =
        pod.get().getMetadata().getUid() == null ? podName : pod.get().getMetadata().getUid();
    boolean current = invocation.charmDir().equals(copied.get(podId));
    String workload = workloadContainer(pod.get());
    if (workload == null) return failure(started, "pod " + podName + " has no workload container");
    try {
      if (ContainerStarts.running(pod.get(), workload, false)) {
        if (!current) copy(podName, podId, workload, invocation, false);
        return run(podName, workload, invocation, started);
      }
      if (ContainerStarts.running(pod.get(), initContainer, true)) {
        if (!current) copy(podName, podId, initContainer, invocation, true);
        throw new UnitNotReady(
            "pod " + podName + ": charm copied, waiting for container " + workload + " to start");
      }
      throw new UnitNotReady(
          "pod " + podName + ": neither " + initContainer + " nor " + workload + " is running");
    } catch (IOException e) {
      throw new UnitNotReady("pod " + podName + ": " + e.getMessage());
    }
  }

  /** Copies charm, shims and CA; tells the init container to finish when it is the target. */
  private void copy(
      String pod, String podId, String container, HookInvocation invocation, boolean signal)
      throws IOException, InterruptedException {
    byte[] archive = archive(invocation.charmDir());
    String root = layout.root();
    // Unpack beside the old charm, then swap, so a hook never sees half a charm.
    String script =
        "set -e; mkdir -p "
            + quote(root)
            + "; rm -rf "
            + quote(root + "/.incoming")
            + "; mkdir "
            + quote(root + "/.incoming")
            + "; tar -x -f - -C "
            + quote(root + "/.incoming")
            + "; rm -rf "
            + quote(layout.charmDir())
            + " "
            + quote(layout.toolsDir())
            + "; mv "
            + quote(root + "/.incoming/charm")
            + " "
            + quote(layout.charmDir())
            + "; mv "
            + quote(root + "/.incoming/tools")
            + " "
            + quote(layout.toolsDir())
            + "; if [ -f "
            + quote(root + "/.incoming/ca.crt")
            + " ]; then mv "
            + quote(root + "/.incoming/ca.crt")
            + " "
            + quote(layout.caFile())
            + "; fi; rm -rf "
            + quote(root + "/.incoming")
            + (signal ? "; touch " + quote(layout.readyFile()) : "");
    PodExec.Result result =
        exec.exec(
            new PodExec.Request(
                pod,
                container,
                List.of("sh", "-c", script),
                archive,
                Duration.ofMinutes(5),
                64 * 1024));
    if (result.exitCode() != 0) {
      throw new IOException(
          "copying the charm into container "
              + container
              + " failed (exit "
              + result.exitCode()
              + (result.timedOut() ? ", timed out" : "")
              + "): "
              + result.stderr().strip());
    }
    copied.put(podId, invocation.charmDir());
    log.info(
        "{}: charm {} copied into pod {} ({})",
        invocation.unit(),
        invocation.charmDir().getFileName(),
        pod,
        container);
  }

  /**
   * The charm, the portable hook tools (sh and curl through the listener's TLS: a pod's container
   * may have no bash, and its calls cross a network) and the CA. The operator's own tools directory
   * may hold the bash tools of its machine, which call a loopback listener that pods cannot reach.
   */
  byte[] archive(Path charmDir) throws IOException {
    TarStream tar = new TarStream().add("charm", charmDir);
    HookToolShims.portable()
        .forEach(
            (name, script) ->
                tar.file("tools/" + name, script.getBytes(StandardCharsets.UTF_8), 0755));
    if (caFile != null && Files.isRegularFile(caFile))
      tar.file("ca.crt", Files.readAllBytes(caFile), 0644);
    return tar.finish();
  }

  private ProcessResult run(String pod, String container, HookInvocation invocation, long started)
      throws IOException, InterruptedException {
    List<String> command = List.of("sh", "-c", script(invocation));
    PodExec.Result result =
        exec.exec(
            new PodExec.Request(
                pod,
                container,
                command,
                new byte[0],
                invocation.timeout(),
                invocation.outputLimit()));
    return new ProcessResult(
        result.exitCode(),
        result.stdout(),
        result.stderr(),
        elapsed(started),
        result.timedOut(),
        result.truncated(),
        null);
  }

  /** {@code cd} to the charm, export the translated environment, exec the translated command. */
  String script(HookInvocation invocation) {
    StringBuilder script = new StringBuilder("cd ").append(quote(layout.charmDir()));
    Map<String, String> environment = new TreeMap<>(invocation.environment());
    if (operatorUrl != null) {
      environment.put("CAAS_OPERATOR_URL", operatorUrl);
      environment.put("JUJU_AGENT_SOCKET_ADDRESS", HookEnvironment.socketAddress(operatorUrl));
    }
    environment.put("HOME", layout.root());
    // the operator's loopback is not the pod's
    environment.remove(HookEnvironment.TOOL_ADDRESS);
    environment.forEach(
        (key, value) -> {
          if (!key.matches("[A-Za-z_][A-Za-z0-9_]*"))
            return; // not expressible in sh; never one of ours
          script
              .append(" && export ")
              .append(key)
              .append('=')
              .append(quote(translate(invocation, value)));
        });
    script.append(" && exec");
    for (String word : invocation.command())
      script.append(' ').append(quote(translate(invocation, word)));
    return script.toString();
  }

  /** Paths of the operator's disk to their place in the pod; other text unchanged. */
  String translate(HookInvocation invocation, String value) {
    String charmView = invocation.unitDir().resolve("charm").toAbsolutePath().toString();
    String result =
        value
            .replace(charmView, layout.charmDir())
            .replace(invocation.charmDir().toAbsolutePath().toString(), layout.charmDir())
            .replace(toolsDir.toAbsolutePath().toString(), layout.toolsDir());
    if (caFile != null)
      result = result.replace(caFile.toAbsolutePath().toString(), layout.caFile());
    return result;
  }

  /** The default container: the kubectl annotation, else the first one the pod spec lists. */
  static String workloadContainer(Pod pod) {
    Map<String, String> annotations = pod.getMetadata().getAnnotations();
    if (annotations != null && annotations.get(DEFAULT_CONTAINER_ANNOTATION) != null) {
      return annotations.get(DEFAULT_CONTAINER_ANNOTATION);
    }
    if (pod.getSpec() == null || pod.getSpec().getContainers() == null) return null;
    List<Container> containers = new ArrayList<>(pod.getSpec().getContainers());
    return containers.isEmpty() ? null : containers.get(0).getName();
  }

  static String quote(String word) {
    return "'" + word.replace("'", "'\\''") + "'";
  }

  private static ProcessResult failure(long started, String why) {
    return new ProcessResult(-1, "", "", elapsed(started), false, false, why);
  }

  private static Duration elapsed(long started) {
    return Duration.ofNanos(System.nanoTime() - started);
  }
}
