package io.caasoperator.hook;

import io.caasoperator.charm.deploy.ExecutableWrites;
import io.caasoperator.charm.deploy.UnitCharmDeployer;
import io.caasoperator.charm.deploy.UnitCharmDeployment;
import io.caasoperator.domain.DurationText;
import java.io.File;
import java.io.IOException;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs hooks and exec'd commands as processes on this machine (the local substrate, and the
 * operator deployment mode).
 *
 * <p>Each invocation runs on its own virtual thread, so a thousand waiting hooks cost no platform
 * threads and the caller (an actor) never blocks. Every process gets the invocation's environment
 * and nothing else, plus two tags: {@value #OWNER_VARIABLE} (this executor's owner marker) and
 * {@value #CONTEXT_VARIABLE} (the hook context id). Children inherit the tags, so the whole tree of
 * a hook can be found through {@code /proc} even after re-parenting.
 *
 * <p>A process that ends normally may leave background processes behind: on this machine the
 * workload is local processes, and charms start daemons from their hooks, as they do under Juju.
 * Only a hook that times out or is cancelled (shutdown, an interrupted hook about to run again) has
 * its whole tree killed, found through its context tag. A daemon should redirect its output: the
 * hook's output is read for at most {@link #DRAIN_GRACE} after it exits.
 *
 * <p>A hook may still escape the tags by clearing its environment and detaching; such a process is
 * out of reach here, as it would be for Juju.
 *
 * <p>Every process runs in the unit's own charm directory ({@code unitDir/charm}, which {@code
 * JUJU_CHARM_DIR} names), deployed from the stored charm by {@link UnitCharmDeployer} right before
 * the process starts, so a unit switches charm versions only between its hooks. {@code HOME} stays
 * whatever the invocation's environment says (the unit's directory).
 */
public final class LocalProcessExecutor implements HookExecutor {

  /** Tag naming the operator that started a process; {@link #killAll()} reaps by it. */
  public static final String OWNER_VARIABLE = "CAAS_OPERATOR_OWNER";

  /** Tag naming the hook context a process belongs to. */
  public static final String CONTEXT_VARIABLE = "CAAS_OPERATOR_CONTEXT";

  /**
   * How long output is still drained after the process tree is gone. Only a process that escaped
   * the tags can hold a pipe open longer; the result then carries what was read.
   */
  private static final Duration DRAIN_GRACE = Duration.ofSeconds(5);

  private static final Logger log = LoggerFactory.getLogger(LocalProcessExecutor.class);
  private static final File NULL_DEVICE = new File("/dev/null");
  private static final boolean HAS_NULL_DEVICE = NULL_DEVICE.exists();

  private final String ownerMarker;
  private final UnitCharmDeployer deployer = new UnitCharmDeployer();
  private final ExecutorService threads;
  private final Map<String, Process> running = new ConcurrentHashMap<>();

  /** Contexts whose run was asked for and has not completed, started or not. */
  private final Set<String> pending = ConcurrentHashMap.newKeySet();

  /** Pending contexts cancelled, possibly before their process existed. */
  private final Set<String> cancelled = ConcurrentHashMap.newKeySet();

  /**
   * @param ownerMarker identifies this operator's processes (e.g. the application name and data
   *     directory); another operator on the same machine must use a different one
   */
  public LocalProcessExecutor(String ownerMarker) {
    if (ownerMarker == null || ownerMarker.isBlank()) {
      throw new IllegalArgumentException("owner marker is empty");
    }
    this.ownerMarker = ownerMarker;
    this.threads =
        Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("hook-", 0).factory());
  }

  @Override
  public CompletionStage<ProcessResult> run(HookInvocation invocation) {
    // Registered on the caller's thread so that a cancel right after run() is never lost.
    pending.add(invocation.contextId());
    return CompletableFuture.supplyAsync(() -> execute(invocation), threads);
  }

  /**
   * Kills the process trees of every hook and exec running now (shutdown). Daemons that earlier
   * hooks left behind are the workload and are not touched.
   *
   * @return how many processes were killed
   */
  @Override
  public int killAll() {
    int killed = 0;
    for (String contextId : Set.copyOf(running.keySet())) killed += kill(contextId);
    return killed;
  }

  /**
   * Kills the process tree of one hook context now (shutdown, a unit's actor restarting). The run
   * then completes with the exit status the kill produced (137), or, when its process had not
   * started yet, with a start failure saying it was cancelled.
   */
  /** Returns at once: the killing (a scan of {@code /proc}) happens on the executor's threads. */
  @Override
  public void cancel(String contextId) {
    if (pending.contains(contextId)) cancelled.add(contextId);
    threads.execute(() -> kill(contextId));
  }

  /** Works for a context of an earlier operator process too (found by its tag alone). */
  private int kill(String contextId) {
    Process process = running.get(contextId);
    int killed = process == null ? 0 : ProcessTree.killTree(process.toHandle());
    return killed + ProcessTree.killTagged(CONTEXT_VARIABLE + "=" + contextId);
  }

  private ProcessResult execute(HookInvocation invocation) {
    String contextId = invocation.contextId();
    long started = System.nanoTime();
    try {
      if (cancelled.contains(contextId)) {
        return new ProcessResult(
            -1, "", "", elapsedSince(started), false, false, "cancelled before it started");
      }
      Process process;
      try {
        process = start(invocation);
      } catch (IOException | RuntimeException e) {
        String why = e.getMessage() == null ? e.toString() : e.getMessage();
        // Debug only: the result carries the reason and the unit reports it as a failed hook.
        log.atDebug()
            .addKeyValue("unit", invocation.unit().name())
            .addKeyValue("context_id", contextId)
            .log("{}: cannot start {}: {}", invocation.unit(), invocation.command(), why);
        return new ProcessResult(-1, "", "", elapsedSince(started), false, false, why);
      }
      running.put(contextId, process);
      // A cancel between the check above and this point found no process to kill.
      if (cancelled.contains(contextId)) ProcessTree.killTree(process.toHandle());
      return await(invocation, process, started);
    } finally {
      running.remove(contextId);
      pending.remove(contextId);
      cancelled.remove(contextId);
    }
  }

  /**
   * Deploys the charm into the unit's own charm directory when the unit does not have that version
   * yet (one {@code stat} when it has), then starts the process there: Juju's runner starts every
   * hook, action and command in the charm directory ({@code worker/uniter/runner/runner.go}, {@code
   * ps.Dir = charmDir}), so a charm may use relative paths ({@code ./src/charm.py} in charmcraft's
   * {@code dispatch}).
   */
  private Process start(HookInvocation invocation) throws IOException {
    UnitCharmDeployment charm = deployer.deploy(invocation.charmDir(), invocation.unitDir());
    if (charm.resumed()) {
      // Worth seeing: the operator stopped in the middle of switching this unit's charm.
      log.info(
          "{}: finished an interrupted deploy, charm {} now in {}",
          invocation.unit(),
          charm.version(),
          charm.charmDir());
    } else if (charm.changed()) {
      log.debug(
          "{}: charm {} deployed into {} ({} paths written, {} removed)",
          invocation.unit(),
          charm.version(),
          charm.charmDir(),
          charm.written(),
          charm.removed());
    }
    ProcessBuilder builder =
        new ProcessBuilder(invocation.command()).directory(charm.charmDir().toFile());
    Map<String, String> environment = builder.environment();
    environment.clear();
    environment.putAll(invocation.environment());
    environment.put(OWNER_VARIABLE, ownerMarker);
    environment.put(CONTEXT_VARIABLE, invocation.contextId());
    if (HAS_NULL_DEVICE) builder.redirectInput(ProcessBuilder.Redirect.from(NULL_DEVICE));
    Process process =
        ExecutableWrites.start(builder); // never while a charm file is open for writing
    if (!HAS_NULL_DEVICE) process.getOutputStream().close(); // stdin at end of file
    return process;
  }

  private ProcessResult await(HookInvocation invocation, Process process, long started) {
    String contextTag = CONTEXT_VARIABLE + "=" + invocation.contextId();
    BoundedCapture stdout = new BoundedCapture(process.getInputStream(), invocation.outputLimit());
    BoundedCapture stderr = new BoundedCapture(process.getErrorStream(), invocation.outputLimit());
    Thread stdoutReader = Thread.ofVirtual().name("hook-stdout").start(stdout);
    Thread stderrReader = Thread.ofVirtual().name("hook-stderr").start(stderr);
    boolean timedOut = false;
    try {
      timedOut = !waitFor(process, invocation.timeout());
    } catch (InterruptedException e) {
      // Only the executor shutting down interrupts us: end the hook rather than orphan it.
      Thread.currentThread().interrupt();
      timedOut = true;
    }
    if (timedOut) {
      log.atInfo()
          .addKeyValue("unit", invocation.unit().name())
          .addKeyValue("context_id", invocation.contextId())
          .log(
              "{}: {} timed out after {}, killing its processes",
              invocation.unit(),
              invocation.command(),
              DurationText.format(invocation.timeout()));
      ProcessTree.killTree(process.toHandle());
      ProcessTree.killTagged(contextTag);
    }
    int exitCode = timedOut ? -1 : process.exitValue();
    if (timedOut) waitQuietly(process);
    joinQuietly(stdoutReader);
    joinQuietly(stderrReader);
    return new ProcessResult(
        exitCode,
        stdout.text(),
        stderr.text(),
        elapsedSince(started),
        timedOut,
        stdout.truncated() || stderr.truncated(),
        null);
  }

  /** A null or non-positive timeout means no timeout. */
  private static boolean waitFor(Process process, Duration timeout) throws InterruptedException {
    if (timeout == null || timeout.isZero() || timeout.isNegative()) {
      process.waitFor();
      return true;
    }
    return process.waitFor(timeout.toNanos(), TimeUnit.NANOSECONDS);
  }

  private static void waitQuietly(Process process) {
    try {
      process.waitFor(DRAIN_GRACE.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static void joinQuietly(Thread reader) {
    try {
      reader.join(DRAIN_GRACE);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static Duration elapsedSince(long startNanos) {
    return Duration.ofNanos(System.nanoTime() - startNanos);
  }
}
