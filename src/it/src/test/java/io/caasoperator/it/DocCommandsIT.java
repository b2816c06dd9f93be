package io.caasoperator.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.files.RecursiveDelete;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The README's front page and the docs' quick starts run as written: every block marked for it
 * ({@link DocStep}) runs against the real build, as a reader at a fresh checkout would run it, so
 * the pages cannot drift from the commands.
 *
 * <p>Each page runs in a directory of its own that looks like a checkout (the repository's {@code
 * bin/} linked, {@code examples/} copied, since the pages edit them), with a home of its own: the
 * operators it starts keep their data and register in that home, so the CLI's discovery sees them
 * and nothing else that runs on this machine.
 */
class DocCommandsIT {

  /** A block that runs longer than this is a bug in the page or the operator. */
  private static final Duration BLOCK_PATIENCE = Duration.ofMinutes(2);

  /** The first operator of a page may wait for the JVM and its units' first hooks. */
  private static final Duration READY_PATIENCE = Duration.ofMinutes(2);

  private static final Duration STOP_PATIENCE = Duration.ofSeconds(60);

  private static final java.util.concurrent.atomic.AtomicInteger COUNT =
      new java.util.concurrent.atomic.AtomicInteger();

  private final Path repository =
      Path.of(System.getProperty("caas.operator.home", "../..")).toAbsolutePath().normalize();

  private Path session;
  private Path checkout;
  private Path home;
  private final List<Process> background = new ArrayList<>();
  private final List<Path> backgroundLogs = new ArrayList<>();

  @BeforeEach
  void aFreshCheckout() throws IOException {
    // short: a unit container's Pebble socket lives under HOME and must fit in 107 bytes
    session =
        Path.of(
            "/tmp",
            "d" + Long.toString(ProcessHandle.current().pid(), 36) + "-" + COUNT.incrementAndGet());
    deleteTree(session); // left by an earlier run that had this pid and was killed
    Files.createDirectory(session);
    checkout = Files.createDirectories(session.resolve("w"));
    home = Files.createDirectories(session.resolve("h"));
    Files.createSymbolicLink(checkout.resolve("bin"), repository.resolve("bin"));
    copy(repository.resolve("examples"), checkout.resolve("examples"));
  }

  @AfterEach
  void stopAndClean() throws IOException {
    stopBackground();
    deleteTree(session);
  }

  @ParameterizedTest
  @ValueSource(strings = {"README.md", "docs/tutorial.md", "docs/actions.md", "docs/models.md"})
  void theMarkedCommandsOfThePageRunAsWritten(String page) throws Exception {
    List<DocStep> steps =
        DocStep.parse(Files.readString(repository.resolve(page), StandardCharsets.UTF_8));
    assertThat(steps).as("marked blocks in %s", page).isNotEmpty();

    for (DocStep step : steps) {
      switch (step) {
        case DocStep.Run run -> {
          Result result = run(run.commands(), run.exit() == 0);
          assertThat(result.code())
              .as(
                  "%s line %d exits %d:%n%s%nstdout:%n%s%nstderr:%n%s%noperators' output:%n%s",
                  page,
                  run.line(),
                  run.exit(),
                  run.commands(),
                  result.stdout(),
                  result.stderr(),
                  backgroundOutput())
              .isEqualTo(run.exit());
        }
        case DocStep.Background started -> start(page, started);
        case DocStep.Stop stop -> stopBackground();
      }
    }
  }

  private record Result(int code, String stdout, String stderr) {}

  private ProcessBuilder bash(String commands, boolean errexit) {
    List<String> command =
        errexit
            ? List.of("bash", "-e", "-o", "pipefail", "-c", commands)
            : List.of("bash", "-c", commands);
    ProcessBuilder builder = new ProcessBuilder(command).directory(checkout.toFile());
    builder.environment().put("HOME", home.toString());
    builder.environment().remove("XDG_STATE_HOME");
    builder.environment().remove("CAAS_LOG_FORMAT");
    builder.environment().remove("CAAS_LOG_LEVEL");
    return builder;
  }

  private Result run(String commands, boolean errexit) throws Exception {
    Path out = Files.createTempFile(session, "out", "");
    Path err = Files.createTempFile(session, "err", "");
    Process process =
        bash(commands, errexit).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    if (!process.waitFor(BLOCK_PATIENCE.toMillis(), TimeUnit.MILLISECONDS)) {
      process.descendants().forEach(ProcessHandle::destroyForcibly);
      process.destroyForcibly();
      throw new AssertionError("still running after " + BLOCK_PATIENCE + ":\n" + commands);
    }
    return new Result(
        process.exitValue(),
        Files.readString(out, StandardCharsets.UTF_8),
        Files.readString(err, StandardCharsets.UTF_8));
  }

  private void start(String page, DocStep.Background step) throws Exception {
    Path log = Files.createTempFile(session, "operator", ".log");
    Process process =
        bash(step.commands(), true).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    background.add(process);
    backgroundLogs.add(log);
    Instant deadline = Instant.now().plus(READY_PATIENCE);
    while (true) {
      if (!process.isAlive()) {
        throw new AssertionError(
            page
                + " line "
                + step.line()
                + ": ended with "
                + process.exitValue()
                + " before it was ready:\n"
                + Files.readString(log, StandardCharsets.UTF_8));
      }
      // a probe of a real process's readiness, bounded: the page's own check
      if (run(step.readyWhen(), false).code() == 0) return;
      if (Instant.now().isAfter(deadline)) {
        throw new AssertionError(
            page
                + " line "
                + step.line()
                + ": not ready within "
                + READY_PATIENCE
                + " ("
                + step.readyWhen()
                + "):\n"
                + Files.readString(log, StandardCharsets.UTF_8));
      }
      Thread.onSpinWait();
    }
  }

  /**
   * SIGTERM, as Ctrl-C would send: the operator drains its hooks and exits; the shell around it
   * goes with it.
   */
  private void stopBackground() {
    for (Process process : background) {
      process.descendants().forEach(ProcessHandle::destroy);
      process.destroy();
    }
    for (Process process : background) {
      try {
        if (!process.waitFor(STOP_PATIENCE.toMillis(), TimeUnit.MILLISECONDS)) {
          process.descendants().forEach(ProcessHandle::destroyForcibly);
          process.destroyForcibly();
        }
        process.onExit().get(STOP_PATIENCE.toMillis(), TimeUnit.MILLISECONDS);
      } catch (Exception e) {
        throw new AssertionError("an operator of the page did not stop", e);
      }
    }
    background.clear();
  }

  private String backgroundOutput() throws IOException {
    StringBuilder all = new StringBuilder();
    for (Path log : backgroundLogs) {
      List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
      lines
          .subList(Math.max(0, lines.size() - 40), lines.size())
          .forEach(l -> all.append(l).append('\n'));
    }
    return all.toString();
  }

  private static void copy(Path from, Path to) throws IOException {
    try (Stream<Path> paths = Files.walk(from)) {
      for (Path path : (Iterable<Path>) paths::iterator) {
        Path target = to.resolve(from.relativize(path).toString());
        if (Files.isDirectory(path)) Files.createDirectories(target);
        else Files.copy(path, target, java.nio.file.StandardCopyOption.COPY_ATTRIBUTES);
      }
    }
  }

  /**
   * Deletes {@code root} as the operator deletes trees ({@link RecursiveDelete}), once its
   * directories are writable: a doc command may leave read-only ones (Go's module cache does).
   */
  private static void deleteTree(Path root) throws IOException {
    if (!Files.exists(root, LinkOption.NOFOLLOW_LINKS)) return;
    try (Stream<Path> paths = Files.walk(root)) {
      paths
          .filter(path -> Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS))
          .forEach(dir -> dir.toFile().setWritable(true));
    }
    RecursiveDelete.delete(root);
  }
}
