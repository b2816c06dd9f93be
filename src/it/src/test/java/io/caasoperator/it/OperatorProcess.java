package io.caasoperator.it;

import static org.awaitility.Awaitility.await;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * One real operator process, launched as a user would: {@code bin/caas-operator run --spec FILE
 * --data-dir DIR --listen 127.0.0.1:0}. The launcher execs the JVM, so this process is the operator
 * itself: {@link #kill9()} and {@link #terminate()} reach the JVM, not a shell.
 *
 * <p>Its stdout and stderr go to one log file (kept under {@code src/it/target/operator-logs} for
 * post-mortems) and are kept as lines for assertions.
 */
final class OperatorProcess implements AutoCloseable {

  /**
   * How long a start-up, a hook sequence or a shutdown may take on a busy 2-core machine: 30 s,
   * times {@code pekko.test.timefactor}, the build's one factor for slower machines (a start-up
   * took 22 s to its first log line at a load of 20).
   */
  static final Duration PATIENCE =
      Duration.ofMillis(
          (long) (30_000 * Double.parseDouble(System.getProperty("pekko.test.timefactor", "1.0"))));

  private final Process process;
  private final Path dataDir;
  private final Path logFile;
  private final List<String> lines = new CopyOnWriteArrayList<>();
  private final Thread pump;

  private OperatorProcess(Process process, Path dataDir, Path logFile) {
    this.process = process;
    this.dataDir = dataDir;
    this.logFile = logFile;
    this.pump = Thread.ofVirtual().name("operator-output-" + process.pid()).start(this::pumpOutput);
  }

  /**
   * Starts the operator on {@code spec} with {@code dataDir}; the output goes to {@code logFile}.
   * Returns at once: wait for what the test needs ({@link #awaitListening()}, a log line).
   */
  static OperatorProcess start(Path spec, Path dataDir, Path logFile) {
    return start(List.of("--spec", spec.toString()), dataDir, logFile);
  }

  /**
   * Starts {@code run} with {@code arguments} (what chooses the substrate, e.g. {@code --spec FILE}
   * or {@code --substrate kubernetes ...}) on {@code dataDir}, listening on a free port.
   */
  static OperatorProcess start(List<String> arguments, Path dataDir, Path logFile) {
    return start(arguments, dataDir, logFile, Map.of());
  }

  /**
   * As {@link #start(List, Path, Path)}, with {@code settings} of {@code application.conf}
   * overridden as system properties (through {@code JAVA_TOOL_OPTIONS}, which the JVM reads
   * whatever options the launcher gives it; it says so in one line of the log).
   */
  static OperatorProcess start(
      List<String> arguments, Path dataDir, Path logFile, Map<String, String> settings) {
    return start(arguments, dataDir, logFile, settings, Map.of());
  }

  /**
   * As {@link #start(List, Path, Path, Map)}, with {@code environment} set in the operator's
   * environment (which its hooks inherit: e.g. a {@code PATH} with {@code /usr/bin} first).
   */
  static OperatorProcess start(
      List<String> arguments,
      Path dataDir,
      Path logFile,
      Map<String, String> settings,
      Map<String, String> environment) {
    Path home =
        Path.of(System.getProperty("caas.operator.home", "../..")).toAbsolutePath().normalize();
    List<String> command =
        new java.util.ArrayList<>(List.of(home.resolve("bin/caas-operator").toString(), "run"));
    command.addAll(arguments);
    command.addAll(List.of("--data-dir", dataDir.toString(), "--listen", "127.0.0.1:0"));
    ProcessBuilder builder =
        new ProcessBuilder(command).directory(home.toFile()).redirectErrorStream(true);
    builder.environment().putAll(environment);
    if (!settings.isEmpty()) {
      StringBuilder options = new StringBuilder();
      settings.forEach(
          (key, value) ->
              options
                  .append(options.isEmpty() ? "" : " ")
                  .append("-D")
                  .append(key)
                  .append('=')
                  .append(value));
      builder.environment().put("JAVA_TOOL_OPTIONS", options.toString());
    }
    try {
      Files.createDirectories(logFile.getParent());
      return new OperatorProcess(builder.start(), dataDir, logFile);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start " + builder.command(), e);
    }
  }

  Path dataDir() {
    return dataDir;
  }

  Path logFile() {
    return logFile;
  }

  long pid() {
    return process.pid();
  }

  boolean isAlive() {
    return process.isAlive();
  }

  /** Every output line so far. */
  List<String> lines() {
    return List.copyOf(lines);
  }

  /** Output lines so far that contain a match of {@code regex}. */
  List<String> linesMatching(String regex) {
    Pattern pattern = Pattern.compile(regex);
    return lines.stream().filter(line -> pattern.matcher(line).find()).toList();
  }

  /** Waits for an output line containing a match of {@code regex}; returns the first such line. */
  String awaitLog(String regex) {
    Pattern pattern = Pattern.compile(regex);
    return await("operator log line matching /" + regex + "/ (see " + logFile + ")")
        .atMost(PATIENCE)
        .pollInterval(Duration.ofMillis(50))
        .until(
            () -> lines.stream().filter(line -> pattern.matcher(line).find()).findFirst(),
            Optional::isPresent)
        .orElseThrow();
  }

  /**
   * Waits until {@code count} output lines match {@code regex}, and returns at once when they have:
   * woken by the line itself, so a caller can act within a millisecond of it (a kill right after an
   * acknowledgement). Gives up, returning false, when {@code giveUp} says so (checked every 50 ms)
   * or the process ends.
   */
  boolean awaitMatches(String regex, int count, java.util.function.BooleanSupplier giveUp)
      throws InterruptedException {
    Pattern pattern = Pattern.compile(regex);
    int seen = 0;
    int checked = 0;
    while (true) {
      synchronized (lines) {
        long until = System.nanoTime() + 50_000_000;
        while (System.nanoTime() < until) {
          for (; checked < lines.size(); checked++) {
            if (pattern.matcher(lines.get(checked)).find() && ++seen == count) return true;
          }
          lines.wait(Math.max(1, (until - System.nanoTime()) / 1_000_000));
        }
      }
      // asked without holding the lines: the output keeps flowing meanwhile
      if (!process.isAlive() || giveUp.getAsBoolean()) return false;
    }
  }

  /** Waits until the listener file and the status route answer. */
  OperatorApi awaitListening() {
    OperatorApi api = new OperatorApi(dataDir);
    await("operator on " + dataDir + " to answer /v1/status (see " + logFile + ")")
        .atMost(PATIENCE)
        .pollInterval(Duration.ofMillis(100))
        .ignoreExceptions()
        .until(
            () -> {
              if (!process.isAlive()) {
                throw new AssertionError(
                    "the operator exited with "
                        + process.exitValue()
                        + "; output:\n"
                        + String.join("\n", lines));
              }
              return api.status() != null;
            });
    return api;
  }

  /** SIGKILL, as a crash or an OOM killer would: nothing is flushed or cleaned up. */
  void kill9() {
    process.toHandle().destroyForcibly();
    awaitExit();
  }

  /** SIGTERM, as {@code kill PID} or Kubernetes would: the JVM shuts down cleanly. */
  void terminate() {
    process.destroy();
  }

  /** The exit code, waiting up to {@code timeout} for the process to end. */
  int exitCode(Duration timeout) {
    try {
      if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        throw new AssertionError(
            "the operator (pid "
                + process.pid()
                + ") still runs after "
                + timeout
                + " (see "
                + logFile
                + ")");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted waiting for the operator to exit", e);
    }
    joinPump();
    return process.exitValue();
  }

  /** Kills the process if it still runs; safe to call more than once. */
  @Override
  public void close() {
    if (process.isAlive()) {
      kill9();
    }
    joinPump();
  }

  private void awaitExit() {
    exitCode(PATIENCE);
  }

  private void joinPump() {
    try {
      pump.join(Duration.ofSeconds(5));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private void pumpOutput() {
    try (BufferedReader reader =
            new BufferedReader(
                new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        Writer log = Files.newBufferedWriter(logFile, StandardCharsets.UTF_8)) {
      String line;
      while ((line = reader.readLine()) != null) {
        synchronized (lines) {
          lines.add(line);
          lines.notifyAll();
        }
        log.write(line);
        log.write('\n');
        log.flush();
      }
    } catch (IOException e) {
      lines.add("[OperatorProcess] output lost: " + e);
    }
  }
}
