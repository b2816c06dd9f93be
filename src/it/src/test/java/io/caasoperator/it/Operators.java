package io.caasoperator.it;

import io.caasoperator.files.RecursiveDelete;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The operator processes one test starts, killed after the test whatever it did (register it with
 * {@code @RegisterExtension}), and the temporary directory they work in: every test gets a fresh
 * {@link #tmp()} holding its {@link #dataDir()}, deleted after the test once its operators are dead
 * (so the integration tests need no {@code @TempDir} and data-dir set-up of their own). Each start
 * logs to its own file under {@code src/it/target/operator-logs/<class>-<test>-<n>.log}, which
 * outlives the test.
 */
final class Operators implements AutoCloseable, BeforeEachCallback, AfterEachCallback {

  private String testName = "test";
  private final String label;
  private final List<OperatorProcess> started = new ArrayList<>();

  Operators() {
    this("");
  }

  /**
   * The operators of a test that has several of these (one per application, each its own data
   * directory): {@code label} names their log files apart.
   */
  Operators(String label) {
    this.label = label.isEmpty() ? "" : "-" + label;
  }

  private Path tmp;

  @Override
  public void beforeEach(ExtensionContext context) throws IOException {
    testName =
        context.getRequiredTestClass().getSimpleName()
            + "-"
            + context.getRequiredTestMethod().getName();
    started.clear();
    deepDataDir = null;
    tmp = Files.createTempDirectory("caas-it-");
  }

  @Override
  public void afterEach(ExtensionContext context) {
    try {
      close();
    } finally {
      deleteTmp();
    }
  }

  /**
   * This test's own temporary directory (charms, spec files, ...), fresh for each test and deleted
   * after it.
   */
  Path tmp() {
    if (tmp == null) {
      throw new IllegalStateException(
          "no test is running: the temporary directory exists only during a test");
    }
    return tmp;
  }

  /**
   * The spec {@code tmp()/spec/app.yaml} of {@code app} deploying {@code charm}, one unit, no
   * config; the spec itself is not written yet.
   */
  SpecFile spec(String app, Path charm) {
    return SpecFile.at(tmp().resolve("spec/app.yaml"), app, charm);
  }

  /**
   * {@link #spec} deploying the plain {@link TestCharm} (written to {@code tmp()/charm}); the spec
   * itself is not written yet.
   */
  SpecFile testCharmSpec(String app) {
    return spec(app, TestCharm.named(app).writeTo(tmp().resolve("charm")));
  }

  /**
   * This test's data directory ({@code tmp()/data}, or the one {@link #deepDataDir} chose): every
   * operator the test starts on it shares its journal and units.
   */
  Path dataDir() {
    return deepDataDir != null ? deepDataDir : tmp().resolve("data");
  }

  private Path deepDataDir;

  /**
   * Makes this test's data directory one of at least {@code bytes} bytes, under {@code tmp()}, for
   * the operators and the CLI calls that follow.
   */
  Path deepDataDir(int bytes) {
    Path base = tmp().resolve("data");
    int missing = Math.max(1, bytes - base.toString().length() - 1);
    deepDataDir = base.resolve("deep-" + "d".repeat(Math.max(0, missing - 5)));
    return deepDataDir;
  }

  /**
   * Runs {@code caas-operator <args> --data-dir <dataDir()>} as a user types it, allowing it 90 s;
   * its output is kept under {@code tmp()/cli}.
   */
  Cli.Result cli(String... args) {
    List<String> all = new ArrayList<>(List.of(args));
    all.addAll(List.of("--data-dir", dataDir().toString()));
    return Cli.run(tmp().resolve("cli"), Duration.ofSeconds(90), all.toArray(String[]::new));
  }

  /**
   * Starts an operator on {@code spec} and {@link #dataDir()}; every operator a test starts uses
   * that same data directory, so a second one (a restart) picks up the first one's journal and
   * units.
   */
  OperatorProcess start(SpecFile spec) {
    return start(List.of("--spec", spec.path().toString()));
  }

  /**
   * Starts an operator on {@code spec} with {@code settings} of {@code application.conf} overridden
   * (e.g. {@code caas.spec-quiet-period}).
   */
  OperatorProcess start(SpecFile spec, Map<String, String> settings) {
    return start(List.of("--spec", spec.path().toString()), settings);
  }

  /**
   * Starts an operator on {@code spec} with {@code environment} added to its environment (its hooks
   * inherit it).
   */
  OperatorProcess startWithEnvironment(SpecFile spec, Map<String, String> environment) {
    return start(List.of("--spec", spec.path().toString()), Map.of(), environment);
  }

  /**
   * Starts an operator with these arguments (e.g. {@code --bundle FILE}) and {@code environment}
   * added to its environment (its hooks inherit it).
   */
  OperatorProcess startWithEnvironment(List<String> arguments, Map<String, String> environment) {
    return start(arguments, Map.of(), environment);
  }

  /**
   * Starts the operator of {@code application} on the Kubernetes substrate of the cluster {@code
   * kubeconfig} names, in {@code namespace}.
   */
  OperatorProcess startOnKubernetes(String application, String namespace, Path kubeconfig) {
    return start(
        List.of(
            "--substrate",
            "kubernetes",
            "--application",
            application,
            "--namespace",
            namespace,
            "--kubeconfig",
            kubeconfig.toString()));
  }

  /**
   * Starts an operator with these substrate arguments (e.g. {@code --substrate kubernetes ...}) on
   * {@link #dataDir()}.
   */
  OperatorProcess start(List<String> arguments) {
    return start(arguments, Map.of());
  }

  private OperatorProcess start(List<String> arguments, Map<String, String> settings) {
    return start(arguments, settings, Map.of());
  }

  private OperatorProcess start(
      List<String> arguments, Map<String, String> settings, Map<String, String> environment) {
    Path logs =
        Path.of(System.getProperty("caas.operator.home", "../.."))
            .toAbsolutePath()
            .normalize()
            .resolve("src/it/target/operator-logs");
    OperatorProcess process =
        OperatorProcess.start(
            arguments,
            dataDir(),
            logs.resolve(testName + label + "-" + (started.size() + 1) + ".log"),
            settings,
            environment);
    started.add(process);
    return process;
  }

  @Override
  public void close() {
    started.forEach(OperatorProcess::close);
  }

  /**
   * Deletes {@link #tmp()} and everything in it (not following links), as {@code @TempDir} would; a
   * failure fails the test.
   */
  private void deleteTmp() {
    if (tmp == null) {
      return;
    }
    Path doomed = tmp;
    tmp = null;
    try {
      RecursiveDelete.delete(doomed);
    } catch (IOException e) {
      throw new UncheckedIOException(
          "could not delete the test's temporary directory " + doomed, e);
    }
  }
}
