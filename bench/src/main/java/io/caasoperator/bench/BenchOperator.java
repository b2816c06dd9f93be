package io.caasoperator.bench;

import io.caasoperator.app.OperatorConfig;
import io.caasoperator.app.OperatorRuntime;
import io.caasoperator.domain.ApplicationName;
import io.caasoperator.domain.RetryPolicy;
import io.caasoperator.files.AtomicFile;
import io.caasoperator.http.tls.CertificateNames;
import io.caasoperator.operator.ApplicationView;
import io.caasoperator.operator.OperatorActor;
import io.caasoperator.persistence.JournalSettings;
import io.caasoperator.persistence.OperatorEvent;
import io.caasoperator.persistence.UnitEvent;
import io.caasoperator.persistence.timeline.JournalEntry;
import io.caasoperator.persistence.timeline.JournalReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
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
    AtomicFile.at(spec)
        .write(
            "application: bench\ncharm: charm\nscale: "
                + units
                + "\nconfig:\n  round: "
                + round
                + "\n",
            StandardCharsets.UTF_8);
    return spec;
  }

  static BenchOperator start(Path root, int parallelism) throws Exception {
    Path spec = root.resolve("app.yaml");
    Path data = root.resolve("data");
    OperatorConfig config =
        new OperatorConfig(
            spec,
            ApplicationName.of("bench"),
            data,
            "127.0.0.1",
            0,
            false,
            null,
            null,
            JournalSettings.h2(data),
            "bench",
            parallelism,
            Duration.ofMinutes(30),
            64 * 1024,
            16 * 1024 * 1024,
            Duration.ofMinutes(5),
            RetryPolicy.DEFAULT,
            RetryPolicy.DEFAULT,
            Duration.ofMillis(250),
            // the benchmark replaces the spec file atomically: no quiet period needed
            // (docs/performance.md)
            Duration.ZERO,
            Duration.ofSeconds(30),
            CertificateNames.forListener("127.0.0.1", java.util.List.of()),
            io.caasoperator.substrate.local.workload.SocketRoot.choose(
                java.util.Optional.empty(),
                io.caasoperator.substrate.local.workload.SocketRoot.currentUid(),
                data));
    OperatorRuntime runtime = new OperatorRuntime(config);
    runtime.start();
    return new BenchOperator(root, spec, runtime);
  }

  ApplicationView status() throws Exception {
    return AskPattern.<OperatorActor.Command, ApplicationView>ask(
            runtime.operator(),
            OperatorActor.GetStatus::new,
            Duration.ofSeconds(30),
            runtime.system().scheduler())
        .toCompletableFuture()
        .get(60, TimeUnit.SECONDS);
  }

  /**
   * Polls the status every {@code interval} until the condition holds; returns when it did. A
   * status of 10,000 units is not free: poll slowly where the time comes from elsewhere.
   */
  long awaitNanos(Predicate<ApplicationView> condition, Duration interval, Duration limit)
      throws Exception {
    long deadline = System.nanoTime() + limit.toNanos();
    while (System.nanoTime() < deadline) {
      if (condition.test(status())) return System.nanoTime();
      Thread.sleep(interval.toMillis()); // a benchmark's poll, not a test's synchronisation
    }
    throw new IllegalStateException("not reached within " + limit);
  }

  /**
   * Waits (10 minutes at the most) until there are {@code units} units, each past its first hooks
   * (install, config-changed, start) and running none: ready to be measured.
   */
  void awaitIdleUnits(int units) throws Exception {
    awaitNanos(
        view ->
            view.units().size() == units
                && view.units().stream()
                    .allMatch(u -> u.hooksRun() >= 3 && u.runningHook() == null),
        Duration.ofMillis(100),
        Duration.ofMinutes(10));
  }

  /**
   * The lifecycle as the journal recorded it: from the units' creation (or the charm's deployment,
   * whichever came later) to the last {@code start} hook completed.
   */
  Window lifecycleFromJournal() {
    Instant unitsCreated = null;
    Instant charmDeployed = null;
    Instant lastStart = null;
    for (JournalEntry entry :
        JournalReader.using(runtime.system()).readAll("bench")) { // in global order
      if (entry.event() instanceof OperatorEvent.UnitsUpdated && unitsCreated == null)
        unitsCreated = entry.time();
      if (entry.event() instanceof OperatorEvent.CharmDeployed && charmDeployed == null)
        charmDeployed = entry.time();
      if (entry.event() instanceof UnitEvent.HookCompleted e && e.hook().equals("start"))
        lastStart = later(lastStart, e.at());
    }
    if (unitsCreated == null || charmDeployed == null || lastStart == null) {
      throw new IllegalStateException("the journal holds no complete lifecycle");
    }
    return new Window(later(unitsCreated, charmDeployed), lastStart);
  }

  /** Every event of the application, in global order. */
  java.util.List<JournalEntry> journal() {
    return JournalReader.using(runtime.system()).readAll("bench");
  }

  /** A stretch of time the journal's event times delimit. */
  record Window(Instant from, Instant to) {
    Duration length() {
      return Duration.between(from, to);
    }
  }

  private static Instant later(Instant a, Instant b) {
    return a == null || b.isAfter(a) ? b : a;
  }

  @Override
  public void close() throws Exception {
    runtime.stop(OperatorRuntime.StopReason.SIGNAL, "benchmark done");
    runtime.awaitTermination();
  }
}
