package io.caasoperator.operator;

import io.caasoperator.domain.ApplicationName;
import io.caasoperator.persistence.OperatorState;
import io.caasoperator.substrate.Specification;
import java.util.Optional;

/**
 * The specification an operator's journal stands for: the charm it deployed and the config it
 * recorded. What a removed application's units are torn down with when the substrate no longer has
 * its specification (the model removed it while the process was down, or before a crash): the same
 * charm and config, so nothing is downloaded and no hook but the teardown's runs. The journal keeps
 * neither the update-status interval (the default: a dying unit runs no update-status) nor file
 * resources (none is fetched for a teardown).
 */
public final class RecordedSpecification {
  private RecordedSpecification() {}

  /** Empty when the journal holds no charm: the application never had a unit. */
  public static Optional<Specification> of(ApplicationName application, OperatorState journal) {
    if (journal.charm() == null) return Optional.empty();
    return Optional.of(
        new Specification(
            application,
            journal.charm().ref(),
            journal.config(),
            Specification.DEFAULT_UPDATE_STATUS_INTERVAL));
  }
}
