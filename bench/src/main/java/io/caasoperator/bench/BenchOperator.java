package io.caasoperator.bench;

import io.caasoperator.app.OperatorConfig;
import io.caasoperator.app.OperatorRuntime;
import io.caasoperator.domain.ApplicationName;
import io.caasoperator.operator.ApplicationView;
import io.caasoperator.operator.OperatorActor;
import io.caasoperator.persistence.JournalSettings;
import io.caasoperator.unit.RetryPolicy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.apache.pekko.actor.typed.javadsl.AskPattern;

/** A real operator in this JVM: the same runtime `caas-operator run` starts. */
final class BenchOperator implements AutoCloseable {
  final Path root;
  final Path spec;
  final Path dataDir;
  private final OperatorRuntime runtime;

  private BenchOperator(Path root, Path spec, OperatorRuntime runtime) {
    this.root = root;
    this.spec = spec;
    this.dataDir = root.resolve("data");
    this.runtime = runtime;
  }

  static Path writeSpec(Path root, int units, int round) throws Exception {
    Path spec = root.resolve("app.yaml");
    Path tmp = root.resolve("app.yaml.tmp");
    Files.writeString(tmp, "application: bench\ncharm: charm\nscale: " + units + "\nconfig:\n  round: " + round + "\n");
    Files.move(tmp, spec, java.nio.file.StandardCopyOption.ATOMIC_MOVE, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    return spec;
  }

  static BenchOperator start(Path root, int parallelism) throws Exception {
    Path spec = root.resolve("app.yaml");
    Path data = root.resolve("data");
    OperatorConfig config = new OperatorConfig(spec, ApplicationName.of("bench"), data, "127.0.0.1", 0, false, null, null,
        JournalSettings.h2(data), "bench", parallelism, Duration.ofMinutes(30), 64 * 1024, 16 * 1024 * 1024,
        Duration.ofMinutes(5), RetryPolicy.DEFAULT, RetryPolicy.DEFAULT, Duration.ofMillis(250), Duration.ofSeconds(30));
    OperatorRuntime runtime = new OperatorRuntime(config);
    runtime.start();
    return new BenchOperator(root, spec, runtime);
  }

  ApplicationView status() throws Exception {
    return AskPattern.<OperatorActor.Command, ApplicationView>ask(runtime.operator(), OperatorActor.GetStatus::new,
        Duration.ofSeconds(30), runtime.system().scheduler()).toCompletableFuture().get(60, TimeUnit.SECONDS);
  }

  /** Polls the status every 20 ms until the condition holds; returns when it did. */
  long awaitNanos(Predicate<ApplicationView> condition, Duration limit) throws Exception {
    long deadline = System.nanoTime() + limit.toNanos();
    while (System.nanoTime() < deadline) {
      if (condition.test(status())) return System.nanoTime();
      Thread.sleep(20); // a benchmark's poll, not a test's synchronisation
    }
    throw new IllegalStateException("not reached within " + limit);
  }

  @Override
  public void close() throws Exception {
    runtime.stop(OperatorRuntime.StopReason.SIGNAL, "benchmark done");
    runtime.awaitTermination();
  }
}
