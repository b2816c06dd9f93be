package io.caasoperator.app.juju;

import io.caasoperator.app.discovery.OperatorDiscovery;
import io.caasoperator.app.discovery.OperatorRegistry;
import io.caasoperator.app.discovery.ProcessSeen;
import io.caasoperator.app.discovery.Registration;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A model's operator as a process of this machine: {@code caas-operator run --bundle
 * <model>/bundle.yaml --data-dir <model>/data --model <name> --listen 127.0.0.1:0}, in its own
 * session ({@code setsid}: the terminal's Ctrl-C and the end of the {@code juju} command that
 * started it do not reach it), standard input from {@code /dev/null}, its output appended to {@code
 * <model>/operator.log}.
 *
 * <p>It is found by its registration in the {@link OperatorRegistry} (its data directory is the
 * model's), and, before it has registered, by {@code <model>/operator.pid}, written when it is
 * spawned with the process's start time (so a pid given to another process later is never
 * signalled).
 */
public final class LocalModelOperators implements ModelOperators {

  /**
   * Whether this build's {@code caas-operator run} takes {@code --bundle} (issue 26's model
   * runtime). Until it does, {@code add-model} makes the model's directory and bundle and says that
   * nothing runs it; switch this on when {@code run --bundle} is there.
   */
  public static final boolean RUN_BUNDLE_AVAILABLE = true;

  private static final String PID_FILE = "operator.pid";

  /** How long a killed operator may take to go: the kernel ends a SIGKILLed process at once. */
  private static final Duration KILL_WAIT = Duration.ofSeconds(5);

  private final OperatorRegistry registry;
  private final List<String> operatorCommand;
  private final boolean runBundleAvailable;

  /**
   * @param operatorCommand how to start {@code caas-operator} ({@code bin/caas-operator}, or this
   *     JVM with its class path)
   * @param runBundleAvailable {@link #RUN_BUNDLE_AVAILABLE}, or what a test says
   */
  public LocalModelOperators(
      OperatorRegistry registry, List<String> operatorCommand, boolean runBundleAvailable) {
    this.registry = registry;
    this.operatorCommand = List.copyOf(operatorCommand);
    this.runBundleAvailable = runBundleAvailable;
  }

  @Override
  public Started start(ModelDirectory model) {
    if (!runBundleAvailable) {
      return new Started.NotStarted(
          "this build's caas-operator cannot run a model yet (run --bundle, issue 26): the model's"
              + " bundle is kept, and nothing operates it");
    }
    List<String> command = new ArrayList<>();
    if (Files.isExecutable(Path.of("/usr/bin/setsid"))) command.add("/usr/bin/setsid");
    command.addAll(operatorCommand);
    command.addAll(
        List.of(
            "run",
            "--bundle",
            model.bundle().toString(),
            "--data-dir",
            model.dataDir().toString(),
            "--model",
            model.name().value(),
            "--listen",
            "127.0.0.1:0"));
    try {
      Process process =
          new ProcessBuilder(command)
              .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
              .redirectOutput(ProcessBuilder.Redirect.appendTo(model.log().toFile()))
              .redirectErrorStream(true)
              .start();
      ProcessHandle handle = process.toHandle();
      ModelStore.writeWhole(
          model.root().resolve(PID_FILE),
          handle.pid()
              + " "
              + handle.info().startInstant().map(Instant::toString).orElse("")
              + "\n");
      return new Started.Running(handle.pid(), model.log());
    } catch (IOException e) {
      throw new JujuFailure("cannot start the model's operator: " + e.getMessage(), e);
    }
  }

  @Override
  public Optional<Long> running(ModelDirectory model) {
    return handle(model).map(ProcessHandle::pid);
  }

  @Override
  public Stopped stop(ModelDirectory model, Duration grace) {
    Optional<ProcessHandle> found = handle(model);
    if (found.isEmpty()) return new Stopped.NoneRunning();
    ProcessHandle operator = found.get();
    // its hooks and workloads, taken now: once it is gone they belong to init
    List<ProcessHandle> descendants = operator.descendants().toList();
    operator.destroy();
    if (ended(operator, grace)) {
      descendants.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
      return new Stopped.Ended(operator.pid());
    }
    descendants = operator.descendants().toList();
    operator.destroyForcibly();
    descendants.forEach(ProcessHandle::destroyForcibly);
    return ended(operator, KILL_WAIT)
        ? new Stopped.Killed(operator.pid())
        : new Stopped.StillRunning(operator.pid());
  }

  private static boolean ended(ProcessHandle process, Duration wait) {
    try {
      process.onExit().get(wait.toMillis(), TimeUnit.MILLISECONDS);
      return true;
    } catch (TimeoutException e) {
      return false;
    } catch (ExecutionException e) {
      return !process.isAlive();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return !process.isAlive();
    }
  }

  /** The model's operator: registered with the model's data dir, else the one spawned for it. */
  private Optional<ProcessHandle> handle(ModelDirectory model) {
    Path dataDir = model.dataDir().toAbsolutePath().normalize();
    for (Registration r : registry.live()) {
      if (r.dataDir().toAbsolutePath().normalize().equals(dataDir)) {
        Optional<ProcessHandle> handle = ProcessHandle.of(r.pid());
        if (handle.isPresent()) return handle;
      }
    }
    return spawned(model);
  }

  private static Optional<ProcessHandle> spawned(ModelDirectory model) {
    String text;
    try {
      text = Files.readString(model.root().resolve(PID_FILE), StandardCharsets.UTF_8).strip();
    } catch (NoSuchFileException e) {
      return Optional.empty();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    String[] parts = text.split(" ", 2);
    long pid;
    try {
      pid = Long.parseLong(parts[0]);
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
    Optional<Instant> started =
        parts.length > 1 && !parts[1].isBlank()
            ? Optional.of(Instant.parse(parts[1].strip()))
            : Optional.empty();
    Registration written = new Registration(pid, started, "", model.dataDir(), model.log().toUri());
    if (!OperatorDiscovery.isLive(written, ProcessSeen.of(pid))) return Optional.empty();
    return ProcessHandle.of(pid);
  }
}
