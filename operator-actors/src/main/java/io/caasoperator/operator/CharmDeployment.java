package io.caasoperator.operator;

import io.caasoperator.domain.CharmInfo;
import io.caasoperator.domain.CharmRef;
import io.caasoperator.domain.RetryPolicy;
import java.time.Duration;
import java.util.Optional;

/**
 * How the charm's deployment goes, as the planner reads it: what the {@link CharmDeployer} works
 * on, what it last unpacked, and the last failure with its retry state. Immutable; the deployer's
 * answers and the planner's requests give new copies.
 *
 * @param asked the charm the deployer works on now (deploy, or make sure it is on disk), or null
 * @param unpacked the charm the deployer last unpacked or found on disk since the operator started
 *     (generation 0: the journal assigns generations), or null
 * @param failure the last attempt's failure, or null once an attempt succeeded
 */
public record CharmDeployment(CharmRef asked, CharmInfo unpacked, Failure failure) {

  public static final CharmDeployment NOT_ASKED = new CharmDeployment(null, null, null);

  /**
   * @param blocked the charm not to try again until its retry is due or the specification names
   *     another one; null once the retry is due
   * @param problem for the application's status, naming the charm
   * @param attempts failed attempts in a row, whatever the charm: they set the backoff
   * @param retryable the source may recover (network error, HTTP 5xx); otherwise only a new
   *     specification tries again
   */
  public record Failure(CharmRef blocked, String problem, int attempts, boolean retryable) {}

  public CharmDeployment asking(CharmRef ref) {
    return new CharmDeployment(ref, unpacked, failure);
  }

  /** True when the deployer's answer is about what it was asked (not superseded by a restart). */
  public boolean awaits(CharmDeployer.Result result) {
    return result.ref().equals(asked);
  }

  /**
   * The deployer answered what it was asked. A failure blocks the charm the specification names
   * when it is that one ({@code wanted}, which may differ in form, e.g. a force-upgrade flag), else
   * the failed one.
   */
  public CharmDeployment settled(CharmDeployer.Result result, CharmRef wanted) {
    return switch (result) {
      case CharmDeployer.Deployed deployed ->
          new CharmDeployment(null, deployed.charm().info(), null);
      case CharmDeployer.Failed failed -> {
        CharmRef blocked =
            wanted != null && !wanted.isModifiedFrom(failed.ref()) ? wanted : failed.ref();
        int attempts = failure == null ? 1 : failure.attempts() + 1;
        yield new CharmDeployment(
            null,
            unpacked,
            new Failure(
                blocked, failed.problem().getMessage(), attempts, failed.problem().retryable()));
      }
    };
  }

  /**
   * How long to wait before trying a failed charm again: the policy's backoff for the failures in a
   * row, shortened by its jitter (so operators that failed on one charm server together do not come
   * back to it together); empty when only a new specification will.
   */
  public Optional<Duration> retryAfter(RetryPolicy policy) {
    if (failure == null || !failure.retryable() || failure.blocked() == null)
      return Optional.empty();
    return Optional.of(policy.delayAfter(failure.attempts()));
  }

  /**
   * The retry is due: the blocked charm may be tried again; its problem shows until it succeeds.
   */
  public CharmDeployment retryDue() {
    Failure due =
        failure == null
            ? null
            : new Failure(null, failure.problem(), failure.attempts(), failure.retryable());
    return new CharmDeployment(asked, unpacked, due);
  }

  /** The specification is back at the charm in use: an earlier failure no longer matters. */
  public CharmDeployment failureForgotten() {
    return new CharmDeployment(asked, unpacked, null);
  }

  /** The deployer was stopped (the operator restarted for its journal): it will never answer. */
  public CharmDeployment deployerStopped() {
    return new CharmDeployment(null, unpacked, failure);
  }

  public boolean blocks(CharmRef wanted) {
    return failure != null && wanted.equals(failure.blocked());
  }

  /** True when {@code recorded} (the journal's charm) is known to be on disk. */
  public boolean holds(CharmInfo recorded) {
    return recorded != null
        && unpacked != null
        && unpacked.sha256().equals(recorded.sha256())
        && unpacked.ref().equals(recorded.ref());
  }
}
