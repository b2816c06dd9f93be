package io.caasoperator.secret;

import io.caasoperator.persistence.secret.SecretConsumption;
import io.caasoperator.persistence.secret.SecretEvent;
import io.caasoperator.persistence.secret.SecretsState;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * What an application's secret journal ({@code secrets|<app>}) records when the model has removed
 * the application: every secret it or its units own is removed, and every record of its units
 * reading another owner's secret, so that an application deployed later under the same name starts
 * with none (its journal replays to empty). As Juju 3.6 does once the application is removed
 * ({@code state/application.go}: {@code DestroyApplicationOperation.Done} calls {@code
 * deleteSecrets}, which deletes the secrets whose owner is the application, content included, and
 * its consumer records, {@code RemoveSecretConsumer}; its units' own secrets went with each unit).
 * Other owners' consumers then find the secrets gone: {@code secret-get} answers {@code secret
 * "<id>" not found}, and no {@code secret-changed} runs for them. Pure.
 */
public final class ApplicationRemoval {

  private ApplicationRemoval() {}

  /** The events that empty {@code state}, at {@code now}; none when it holds nothing. */
  public static List<SecretEvent> events(SecretsState state, Instant now) {
    List<SecretEvent> events = new ArrayList<>();
    for (String id : state.secrets().keySet())
      events.add(new SecretEvent.SecretRemoved(id, null, now));
    for (SecretConsumption consumption : state.consumed().values())
      events.add(new SecretEvent.SecretConsumerRemoved(consumption.id(), consumption.unit(), now));
    return events;
  }
}
