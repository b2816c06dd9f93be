package io.caasoperator.secret;

import io.caasoperator.persistence.HookKind;
import io.caasoperator.persistence.secret.SecretConsumption;
import io.caasoperator.persistence.secret.SecretOwner;
import io.caasoperator.persistence.secret.SecretTrigger;
import io.caasoperator.persistence.secret.SecretsState;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Which consumer units must run {@code secret-changed}: each unit of this application that read a
 * secret of another owner and has seen (read or been told of) a revision older than its latest, as
 * Juju's secrets resolver runs it when the consumed revision it recorded differs from the latest
 * (juju {@code internal/worker/uniter/secrets/resolver.go}, {@code ConsumedSecretInfo}). Decided
 * from the consumer's journaled state and what the owner last published, so a restart finds the
 * same units due and a unit whose hook completed ({@code SecretChangeSeen}) is not due again. Pure.
 */
public final class ConsumerChanges {

  private ConsumerChanges() {}

  /**
   * The {@code secret-changed} triggers due, one per consumer unit and secret, naming the latest
   * revision, the unit as the one that runs it and its consumer label.
   */
  public static List<SecretTrigger> due(SecretsState consumer, ForeignSecrets others) {
    List<SecretTrigger> due = new ArrayList<>();
    for (SecretConsumption c : consumer.consumed().values()) {
      Optional<ForeignSecret> secret = others.find(c.id());
      if (secret.isEmpty() || secret.get().latestRevision() <= c.seen()) continue;
      ForeignSecret s = secret.get();
      due.add(
          new SecretTrigger(
              HookKind.SECRET_CHANGED,
              c.id(),
              SecretOwner.unit(c.unit()),
              c.label(),
              s.latestRevision(),
              s.latestCreated()));
    }
    return due;
  }
}
