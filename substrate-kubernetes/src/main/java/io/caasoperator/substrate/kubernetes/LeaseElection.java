package io.caasoperator.substrate.kubernetes;

import io.caasoperator.substrate.ReplicaElection;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.extended.leaderelection.LeaderCallbacks;
import io.fabric8.kubernetes.client.extended.leaderelection.LeaderElectionConfig;
import io.fabric8.kubernetes.client.extended.leaderelection.LeaderElectionConfigBuilder;
import io.fabric8.kubernetes.client.extended.leaderelection.resourcelock.LeaseLock;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Operator high availability: several replicas take part in an election on a {@code
 * coordination.k8s.io} Lease, and only its holder acts. fabric8's {@code LeaderElector} ends a term
 * when it cannot renew the lease in time (another holder, the API server away); this class then
 * tells the replica to stand by and enters the election again, so a replica that lost the lease
 * never exits and can lead again later.
 *
 * <p>The callbacks run on the elector's threads and must return quickly (tell an actor).
 */
public final class LeaseElection implements ReplicaElection {

  private static final Logger log = LoggerFactory.getLogger(LeaseElection.class);

  /**
   * @param lease the Lease's name, one per application (e.g. {@code caas-operator-mariadb})
   * @param identity this replica, unique among replicas and across restarts
   * @param leaseDuration how long others wait after the last renewal before taking over
   * @param renewDeadline how long the holder keeps trying to renew before it stands by; shorter
   *     than {@code leaseDuration}, so the old holder stops acting before a new one may start
   * @param retryPeriod between attempts to acquire or renew
   */
  public record Settings(
      String lease,
      String identity,
      Duration leaseDuration,
      Duration renewDeadline,
      Duration retryPeriod) {
    public Settings {
      if (lease == null || lease.isBlank())
        throw new IllegalArgumentException("lease name is empty");
      if (identity == null || identity.isBlank())
        throw new IllegalArgumentException("identity is empty");
      if (renewDeadline.compareTo(leaseDuration) >= 0) {
        throw new IllegalArgumentException(
            "renew deadline " + renewDeadline + " must be shorter than the lease " + leaseDuration);
      }
    }

    /** The client-go defaults, scaled down: 15 s lease, 10 s renew deadline, 2 s retry. */
    public static Settings of(String lease, String identity) {
      return new Settings(
          lease, identity, Duration.ofSeconds(15), Duration.ofSeconds(10), Duration.ofSeconds(2));
    }
  }

  private final KubernetesClient client;
  private final String namespace;
  private final Settings settings;
  private final Terms terms;
  private final ScheduledExecutorService elections =
      Executors.newSingleThreadScheduledExecutor(
          Thread.ofPlatform().daemon().name("lease-election").factory());
  // Guarded by this.
  private CompletableFuture<?> round;
  private boolean leading;
  private boolean closed;

  public LeaseElection(KubernetesClient client, String namespace, Settings settings, Terms terms) {
    this.client = client;
    this.namespace = namespace;
    this.settings = settings;
    this.terms = terms;
  }

  public Settings settings() {
    return settings;
  }

  @Override
  public String describe() {
    return "lease " + settings.lease() + " as " + settings.identity();
  }

  /** Enters the election; returns at once. */
  @Override
  public void start() {
    elections.execute(this::enter);
  }

  /** Whether this replica holds the lease now (as far as it knows). */
  public synchronized boolean leading() {
    return leading;
  }

  private void enter() {
    LeaderElectionConfig config =
        new LeaderElectionConfigBuilder()
            .withName(settings.lease())
            .withLock(new LeaseLock(namespace, settings.lease(), settings.identity()))
            .withLeaseDuration(settings.leaseDuration())
            .withRenewDeadline(settings.renewDeadline())
            .withRetryPeriod(settings.retryPeriod())
            // A replica shutting down hands the lease over at once instead of after leaseDuration.
            .withReleaseOnCancel(true)
            .withLeaderCallbacks(
                new LeaderCallbacks(
                    this::began,
                    this::ended,
                    // said with who looked: the sign that this replica read the lease
                    holder ->
                        log.info(
                            "lease {}: {} sees it held by {}",
                            settings.lease(),
                            settings.identity(),
                            holder)))
            .build();
    CompletableFuture<?> started;
    synchronized (this) {
      if (closed) return;
      started = client.leaderElector().withConfig(config).build().start();
      round = started;
    }
    started.whenComplete(
        (ignored, cause) -> {
          // The term ended (or the elector failed): stand by if needed, then run for the lease
          // again.
          ended();
          synchronized (this) {
            if (closed) return;
          }
          if (cause != null)
            log.debug("lease {}: election round ended: {}", settings.lease(), cause.toString());
          try {
            elections.schedule(
                this::enter, settings.retryPeriod().toMillis(), TimeUnit.MILLISECONDS);
          } catch (java.util.concurrent.RejectedExecutionException e) {
            // Closed meanwhile.
          }
        });
  }

  private void began() {
    synchronized (this) {
      if (closed || leading) return;
      leading = true;
    }
    log.info("lease {}: {} holds it: acting", settings.lease(), settings.identity());
    terms.acting();
  }

  private void ended() {
    synchronized (this) {
      if (!leading) return;
      leading = false;
    }
    log.warn("lease {}: {} no longer holds it: standing by", settings.lease(), settings.identity());
    terms.standingBy();
  }

  /** Leaves the election, releasing the lease if held; stands by first if acting. */
  @Override
  public void close() {
    CompletableFuture<?> running;
    synchronized (this) {
      if (closed) return;
      closed = true;
      running = round;
    }
    if (running != null) running.cancel(true);
    ended();
    elections.shutdownNow();
  }
}
