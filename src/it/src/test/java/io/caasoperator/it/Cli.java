package io.caasoperator.it;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs {@code bin/caas-operator <args>} (or another program of {@code bin/}) as a user would, and
 * collects its exit code and output.
 */
final class Cli {

  /** What one CLI run printed and returned. */
  record Result(int exitCode, String stdout, String stderr) {}

  private Cli() {}

  /**
   * Runs the CLI with {@code args}, in {@code workDir} (for its output files); waits at most {@code
   * patience}.
   */
  static Result run(Path workDir, Duration patience, String... args) {
    return run(workDir, patience, java.util.Map.of(), args);
  }

  /** The same with {@code env} added to the environment (e.g. {@code CAAS_LOG_LEVEL}). */
  static Result run(
      Path workDir, Duration patience, java.util.Map<String, String> env, String... args) {
    return program("caas-operator", workDir, patience, env, args);
  }

  /** {@code bin/<program> <args>}, in the repository's directory, with {@code env} added. */
  static Result program(
      String program,
      Path workDir,
      Duration patience,
      java.util.Map<String, String> env,
      String... args) {
    Path home =
        Path.of(System.getProperty("caas.operator.home", "../..")).toAbsolutePath().normalize();
    List<String> command = new ArrayList<>();
    command.add(home.resolve("bin").resolve(program).toString());
    command.addAll(List.of(args));
    try {
      Files.createDirectories(workDir);
      Path out = Files.createTempFile(workDir, "cli-", ".out");
      Path err = Files.createTempFile(workDir, "cli-", ".err");
      ProcessBuilder builder =
          new ProcessBuilder(command)
              .directory(home.toFile())
              .redirectOutput(out.toFile())
              .redirectError(err.toFile());
      builder.environment().putAll(env);
      Process process = builder.start();
      if (!process.waitFor(patience.toMillis(), TimeUnit.MILLISECONDS)) {
        process.destroyForcibly();
        throw new AssertionError(command + " still runs after " + patience);
      }
      return new Result(
          process.exitValue(),
          Files.readString(out, StandardCharsets.UTF_8),
          Files.readString(err, StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot run " + command, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted running " + command, e);
    }
  }
}
