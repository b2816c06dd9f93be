package io.caasoperator.unit;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * How long a unit waits when the hook it started cannot run yet where it must (on Kubernetes: the
 * unit's pod is not scheduled, or neither its init container nor its workload container runs):
 * {@code delays} one after the other, then the hook fails with the reason, and the unit's retry
 * policy takes over. A container start of the unit ends a wait early. Pure: the actor owns the
 * timer, and no executor thread (nor slot of the hook limit) is held while it waits.
 *
 * @param delays the wait after the 1st, 2nd, ... time in a row the hook could not run; its size
 *     bounds the waits
 */
public record PodWait(List<Duration> delays) {

  /** 1, 2, 4, 8, 15, 15 s: about 45 s for a pod to be scheduled and start before the hook fails. */
  public static final PodWait DEFAULT =
      new PodWait(
          List.of(
              Duration.ofSeconds(1),
              Duration.ofSeconds(2),
              Duration.ofSeconds(4),
              Duration.ofSeconds(8),
              Duration.ofSeconds(15),
              Duration.ofSeconds(15)));

  public PodWait {
    if (delays == null || delays.stream().anyMatch(d -> d == null || d.isNegative())) {
      throw new IllegalArgumentException("pod wait delays must be >= 0");
    }
    delays = List.copyOf(delays);
  }

  /**
   * The wait after the hook could not run for the {@code notReady}-th time in a row (1 = the
   * first), or empty when the unit waited enough and the hook fails.
   */
  public Optional<Duration> delayAfter(int notReady) {
    return notReady >= 1 && notReady <= delays.size()
        ? Optional.of(delays.get(notReady - 1))
        : Optional.empty();
  }

  /** How many times in a row a hook may not run before it fails. */
  public int attempts() {
    return delays.size() + 1;
  }
}
