package io.caasoperator.persistence.secret;

import java.util.Objects;

/**
 * What one unit of this application knows of a secret another owner shares with it (Juju's {@code
 * SecretConsumerMetadata} and the uniter's consumed secret revision): the revision its {@code
 * secret-get} reads, the label it gave the secret, and the newest revision it heard of in a {@code
 * secret-changed} hook. Kept in the consumer's secret journal ({@code secrets|<consumer app>}),
 * never the owner's: the owner does not learn who read what.
 *
 * @param id the secret's id
 * @param unit the consumer unit ({@code db-client/0})
 * @param revision the tracked revision ({@code secret-get} without {@code --peek}/{@code --refresh}
 *     reads it)
 * @param label the consumer label; empty when none ({@code JUJU_SECRET_LABEL} of its hooks)
 * @param notified the newest revision a completed {@code secret-changed} hook named; 0 for none
 */
public record SecretConsumption(String id, String unit, int revision, String label, int notified) {
  public SecretConsumption {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(unit, "unit");
    label = label == null ? "" : label;
  }

  /** The newest revision this unit has seen, by reading or by being told. */
  public int seen() {
    return Math.max(revision, notified);
  }

  SecretConsumption tracking(int revision, String label) {
    return new SecretConsumption(
        id, unit, revision, label == null || label.isEmpty() ? this.label : label, notified);
  }

  SecretConsumption notifiedOf(int revision) {
    return new SecretConsumption(id, unit, this.revision, label, Math.max(notified, revision));
  }
}
