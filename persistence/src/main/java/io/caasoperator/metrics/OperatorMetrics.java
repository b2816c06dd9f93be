package io.caasoperator.metrics;

import io.caasoperator.persistence.JournalHealth;
import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.Unit;
import java.time.Duration;
import java.util.function.IntSupplier;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.Extension;
import org.apache.pekko.actor.typed.ExtensionId;

/**
 * Every metric the operator exports on {@code GET /metrics}, in one place: one registry per actor
 * system, found through the system as the actors, the journal plugin and the routes already have
 * it (an extension, like {@link JournalHealth}). Labels are bounded: hook kinds, outcomes.
 */
public final class OperatorMetrics implements Extension {

  private final PrometheusRegistry registry = new PrometheusRegistry();

  private final Counter hooks = counter("caas_hooks_total",
      "Hooks that ended, by hook kind (install, config-changed, pebble-ready, ...) and outcome (completed, failed)",
      "hook", "outcome");
  private final Histogram hookSeconds = Histogram.builder()
      .name("caas_hook_duration_seconds")
      .help("How long hooks ran, from HookStarted (queueing for a slot included) to their end, by hook kind")
      .unit(Unit.SECONDS)
      .labelNames("hook")
      .classicOnly()
      .classicUpperBounds(0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300, 1800)
      .register(registry);
  private final Counter execs = counter("caas_execs_total",
      "Commands run through the exec endpoint, by outcome (succeeded, failed, timed_out)", "outcome");
  private final Counter journalWrites = counter("caas_journal_writes_total",
      "Journal writes committed (one entity's events of one persist each)");
  private final Counter journalEvents = counter("caas_journal_events_total", "Events committed to the journal");
  private final Counter journalTransactions = counter("caas_journal_transactions_total",
      "Journal transactions committed; each holds every write that queued while the previous one ran");
  private final Counter journalFailures = counter("caas_journal_write_failures_total",
      "Journal writes that failed (database unreachable, a key broken by a stale writer)");
  private final Histogram journalSeconds = Histogram.builder()
      .name("caas_journal_transaction_duration_seconds")
      .help("How long one journal transaction took, from taking a connection to the commit")
      .unit(Unit.SECONDS)
      .classicOnly()
      .classicUpperBounds(0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5, 1, 5)
      .register(registry);

  private OperatorMetrics(JournalHealth health) {
    GaugeWithCallback.builder()
        .name("caas_journal_available")
        .help("1 when the journal can be written and read, 0 while an entity cannot (see /readyz)")
        .callback(callback -> callback.call(health.status().available() ? 1 : 0))
        .register(registry);
  }

  private Counter counter(String name, String help, String... labels) {
    return Counter.builder().name(name).help(help).labelNames(labels).register(registry);
  }

  public static OperatorMetrics get(ActorSystem<?> system) {
    return Id.INSTANCE.apply(system);
  }

  /** What {@code GET /metrics} scrapes. */
  public PrometheusRegistry registry() {
    return registry;
  }

  public void hookEnded(String hookKind, boolean completed, Duration ran) {
    hooks.labelValues(hookKind, completed ? "completed" : "failed").inc();
    hookSeconds.labelValues(hookKind).observe(ran.toNanos() / 1e9);
  }

  public void execEnded(int exitCode, boolean timedOut) {
    execs.labelValues(timedOut ? "timed_out" : exitCode == 0 ? "succeeded" : "failed").inc();
  }

  /** A journal transaction committed {@code writes} writes holding {@code events} events. */
  public void journalCommitted(int writes, int events, Duration took) {
    journalTransactions.inc();
    journalWrites.inc(writes);
    journalEvents.inc(events);
    journalSeconds.observe(took.toNanos() / 1e9);
  }

  public void journalWritesFailed(int writes) {
    journalFailures.inc(writes);
  }

  /**
   * Gauges of the hook slots: how many hook processes run and how many hooks wait for a slot.
   * Registered by whoever owns the limit (the runtime), once.
   */
  public void hookSlots(IntSupplier running, IntSupplier queued) {
    GaugeWithCallback.builder()
        .name("caas_hooks_running")
        .help("Hook and exec processes running now")
        .callback(callback -> callback.call(running.getAsInt()))
        .register(registry);
    GaugeWithCallback.builder()
        .name("caas_hooks_queued")
        .help("Hooks and execs waiting for one of the max-concurrent-hooks slots")
        .callback(callback -> callback.call(queued.getAsInt()))
        .register(registry);
  }

  private static final class Id extends ExtensionId<OperatorMetrics> {
    static final Id INSTANCE = new Id();

    @Override
    public OperatorMetrics createExtension(ActorSystem<?> system) {
      return new OperatorMetrics(JournalHealth.get(system));
    }
  }
}
