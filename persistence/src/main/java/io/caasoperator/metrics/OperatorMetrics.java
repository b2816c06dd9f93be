package io.caasoperator.metrics;

import io.caasoperator.persistence.JournalHealth;
import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.CounterWithCallback;
import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.core.metrics.Info;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.Unit;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.BooleanSupplier;
import java.util.function.IntSupplier;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.Extension;
import org.apache.pekko.actor.typed.ExtensionId;

/**
 * Every metric the operator exports on {@code GET /metrics}, in one place: one registry per actor
 * system, found through the system as the actors, the journal plugin and the routes already have it
 * (an extension, like {@link JournalHealth}). Labels are bounded: hook kinds, outcomes, status
 * values, Kubernetes verbs and HTTP status codes; never a unit's or a resource's name.
 */
public final class OperatorMetrics implements Extension {

  private final PrometheusRegistry registry = new PrometheusRegistry();

  private final Counter hooks =
      counter(
          "caas_hooks_total",
          "Hooks that ended, by hook kind (install, config-changed, pebble-ready, ...) and outcome (completed, failed)",
          "hook",
          "outcome");
  private final Histogram hookSeconds =
      Histogram.builder()
          .name("caas_hook_duration_seconds")
          .help(
              "How long hooks ran, from HookStarted (queueing for a slot included) to their end, by hook kind")
          .unit(Unit.SECONDS)
          .labelNames("hook")
          .classicOnly()
          .classicUpperBounds(0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300, 1800)
          .register(registry);
  private final Counter execs =
      counter(
          "caas_execs_total",
          "Commands run through the exec endpoint, by outcome (succeeded, failed, timed_out)",
          "outcome");
  private final Counter journalWrites =
      counter(
          "caas_journal_writes_total",
          "Journal writes committed (one entity's events of one persist each)");
  private final Counter journalEvents =
      counter("caas_journal_events_total", "Events committed to the journal");
  private final Counter journalTransactions =
      counter(
          "caas_journal_transactions_total",
          "Journal transactions committed; each holds every write that queued while the previous one ran");
  private final Counter journalFailures =
      counter(
          "caas_journal_write_failures_total",
          "Journal writes that failed (database unreachable, a key broken by a stale writer)");
  private final Histogram journalSeconds =
      Histogram.builder()
          .name("caas_journal_transaction_duration_seconds")
          .help("How long one journal transaction took, from taking a connection to the commit")
          .unit(Unit.SECONDS)
          .classicOnly()
          .classicUpperBounds(0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5, 1, 5)
          .register(registry);

  private final Info buildInfo =
      Info.builder()
          .name("caas_build_info")
          .help("The operator's version and the Java runtime it runs on; always 1")
          .labelNames("version", "java_version")
          .register(registry);
  private final Counter terms =
      counter(
          "caas_leader_terms_total",
          "Terms this replica has acted in: 1 once started without --leader-election, one more each time it wins the Lease");

  /** The units as last reported, by life, agent and workload status; empty while standing by. */
  private volatile Map<UnitStatus, Long> units = Map.of();

  private volatile BooleanSupplier leader = () -> false;
  private volatile Supplier<? extends Collection<ApiRequests>> kubernetesApi = List::of;

  private OperatorMetrics(JournalHealth health) {
    GaugeWithCallback.builder()
        .name("caas_journal_available")
        .help("1 when the journal can be written and read, 0 while an entity cannot (see /readyz)")
        .callback(callback -> callback.call(health.status().available() ? 1 : 0))
        .register(registry);
    GaugeWithCallback.builder()
        .name("caas_units")
        .help(
            "Units by life (alive, dying), agent status (allocating, idle, executing, error) and workload status"
                + " (active, blocked, maintenance, waiting, error, ...), as last reported (every 10 s); none while"
                + " this replica stands by")
        .labelNames("life", "agent", "workload")
        .callback(
            callback ->
                units.forEach(
                    (status, count) ->
                        callback.call(count, status.life(), status.agent(), status.workload())))
        .register(registry);
    GaugeWithCallback.builder()
        .name("caas_leader")
        .help(
            "1 while this replica acts (holds the Lease under --leader-election; always, once started, without"
                + " it), else 0")
        .callback(callback -> callback.call(leader.getAsBoolean() ? 1 : 0))
        .register(registry);
    CounterWithCallback.builder()
        .name("caas_kubernetes_api_requests_total")
        .help(
            "Requests to the Kubernetes API server by verb (get, list, watch, create, update, patch, delete,"
                + " connect) and HTTP status code; code \"error\" for an attempt that got no answer (refused, reset,"
                + " timed out) and was retried")
        .labelNames("verb", "code")
        .callback(
            callback ->
                kubernetesApi.get().forEach(r -> callback.call(r.count(), r.verb(), r.code())))
        .register(registry);
    CounterWithCallback.builder()
        .name("caas_kubernetes_api_errors_total")
        .help(
            "Kubernetes API requests that failed, by verb: no answer, or an error status other than the"
                + " answers the operator expects and handles (404 a gone object, 409 a lost race, 410 an expired watch)")
        .labelNames("verb")
        .callback(
            callback ->
                kubernetesApi.get().stream()
                    .filter(ApiRequests::failed)
                    .collect(
                        Collectors.groupingBy(
                            ApiRequests::verb,
                            TreeMap::new,
                            Collectors.summingLong(ApiRequests::count)))
                    .forEach((verb, count) -> callback.call(count, verb)))
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

  /** Sets {@code caas_build_info}'s labels; called once at start-up by the runtime. */
  public void buildInfo(String version, String javaVersion) {
    buildInfo.setLabelValues(version, javaVersion);
  }

  /** Where {@code caas_leader} reads whether this replica acts now. */
  public void leadership(BooleanSupplier acting) {
    leader = acting;
  }

  /**
   * This replica began to act: a new term (every start without election, every Lease won with it).
   */
  public void termStarted() {
    terms.inc();
  }

  /**
   * The units the operator reports now, one entry per unit; replaces the previous report (an empty
   * one while standing by, so replicas never count a unit twice).
   */
  public void unitsReported(Collection<UnitStatus> reported) {
    units = reported.stream().collect(Collectors.groupingBy(u -> u, Collectors.counting()));
  }

  /**
   * Where the Kubernetes API counters read their counts (the Kubernetes substrate's client keeps
   * them).
   */
  public void kubernetesApi(Supplier<? extends Collection<ApiRequests>> requests) {
    kubernetesApi = requests;
  }

  /**
   * One unit's statuses, a label set of {@code caas_units}.
   *
   * @param life alive, dying or dead
   * @param agent the agent status value, e.g. idle
   * @param workload the workload status value, e.g. active
   */
  public record UnitStatus(String life, String agent, String workload) {}

  /**
   * How many Kubernetes API requests of one verb got one answer.
   *
   * @param verb Kubernetes' name for what the request did (get, list, watch, create, update, patch,
   *     delete, deletecollection, connect)
   * @param code the HTTP status code, or {@link #NO_ANSWER}
   */
  public record ApiRequests(String verb, String code, long count) {
    public static final String NO_ANSWER = "error";

    /**
     * Answers the operator expects and handles: a gone object, a lost optimistic race, an expired
     * watch.
     */
    private static final Set<String> EXPECTED = Set.of("404", "409", "410");

    boolean failed() {
      if (EXPECTED.contains(code)) return false;
      try {
        return Integer.parseInt(code) >= 400;
      } catch (NumberFormatException e) {
        return true; // no answer
      }
    }
  }

  private static final class Id extends ExtensionId<OperatorMetrics> {
    static final Id INSTANCE = new Id();

    @Override
    public OperatorMetrics createExtension(ActorSystem<?> system) {
      return new OperatorMetrics(JournalHealth.get(system));
    }
  }
}
