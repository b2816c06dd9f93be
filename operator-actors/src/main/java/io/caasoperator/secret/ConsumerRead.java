package io.caasoperator.secret;

import io.caasoperator.persistence.secret.SecretConsumption;
import java.util.Optional;

/**
 * Which revision a consumer's {@code secret-get} reads, and what it records, as Juju's {@code
 * getConsumedRevision} (juju {@code apiserver/facades/agent/secretsmanager/secrets.go}; ops {@code
 * ops/model.py} {@code Secret.get_content(refresh=)}, {@code peek_content}): the first read tracks
 * the latest revision; later reads return the tracked one; {@code --peek} returns the latest and
 * tracks nothing; {@code --refresh} tracks the latest and returns it; a {@code --label} given with
 * the id becomes the unit's consumer label. Pure.
 *
 * @param revision the revision to return
 * @param recorded the consumer record to commit with the hook; empty when nothing changes
 */
public record ConsumerRead(int revision, Optional<SecretChange.Consumed> recorded) {

  /**
   * @param tracked what the unit recorded before (with its hook's own reads on top)
   * @param latest the secret's latest revision now
   * @param label the label given with the secret's id; null when none (a read by label alone names
   *     the label the unit has already)
   */
  public static ConsumerRead decide(
      String id,
      String unit,
      Optional<SecretConsumption> tracked,
      int latest,
      boolean peek,
      boolean refresh,
      String label) {
    // a unit that never read the secret refreshes, whatever it asked
    boolean tracking = refresh || tracked.isEmpty();
    boolean relabel = label != null && !label.isEmpty();
    int revision = tracking || peek ? latest : tracked.get().revision();
    int nowTracked = tracking ? latest : tracked.get().revision();
    boolean changes =
        tracked.isEmpty()
            || nowTracked != tracked.get().revision()
            || (relabel && !label.equals(tracked.get().label()));
    return new ConsumerRead(
        revision,
        changes
            ? Optional.of(new SecretChange.Consumed(id, unit, nowTracked, relabel ? label : ""))
            : Optional.empty());
  }
}
