package io.caasoperator.model;

import io.caasoperator.domain.ApplicationName;
import io.caasoperator.domain.UnitId;
import io.caasoperator.persistence.timeline.JournalEntry;
import java.util.Optional;

/**
 * Where an entity's events stand in a model of several applications: {@code
 * model/<model>/app/<app>} for an application's operator, {@code model/<model>/unit/<app>/<n>} for
 * a unit, {@code model/<model>/app/<app>/secrets} for its secrets. It names an entity across models
 * (the journal's output, a Pekko Cluster's entity id) without renaming what is persisted: one
 * journal holds one model, so today's persistence ids ({@code operator|<app>}, {@code
 * unit|<app>/<n>}, {@code secrets|<app>}) stay the journal's keys, and {@link #of} reads them into
 * this scheme.
 */
public sealed interface ModelStream {

  ModelName model();

  /** The stream's name in the model scheme, e.g. {@code model/dev/app/mariadb}. */
  String path();

  /** The persistence id the journal keeps this stream under, unchanged from before models. */
  String persistenceId();

  /** An application's operator: its units, charm, relations and leadership. */
  record Application(ModelName model, ApplicationName application) implements ModelStream {
    @Override
    public String path() {
      return "model/" + model + "/app/" + application;
    }

    @Override
    public String persistenceId() {
      return JournalEntry.OPERATOR_PREFIX + application;
    }
  }

  /** One unit of an application. */
  record Unit(ModelName model, UnitId unit) implements ModelStream {
    @Override
    public String path() {
      return "model/" + model + "/unit/" + unit.name();
    }

    @Override
    public String persistenceId() {
      return JournalEntry.UNIT_PREFIX + unit.name();
    }
  }

  /** An application's own secrets. */
  record Secrets(ModelName model, ApplicationName application) implements ModelStream {
    @Override
    public String path() {
      return "model/" + model + "/app/" + application + "/secrets";
    }

    @Override
    public String persistenceId() {
      return JournalEntry.SECRETS_PREFIX + application;
    }
  }

  /**
   * The stream a persistence id of {@code model}'s journal names; empty for an id this scheme does
   * not know (another plugin's, or a malformed one).
   */
  static Optional<ModelStream> of(ModelName model, String persistenceId) {
    try {
      if (persistenceId.startsWith(JournalEntry.OPERATOR_PREFIX)) {
        return Optional.of(
            new Application(
                model,
                ApplicationName.of(
                    persistenceId.substring(JournalEntry.OPERATOR_PREFIX.length()))));
      }
      if (persistenceId.startsWith(JournalEntry.UNIT_PREFIX)) {
        return Optional.of(
            new Unit(
                model, UnitId.parse(persistenceId.substring(JournalEntry.UNIT_PREFIX.length()))));
      }
      if (persistenceId.startsWith(JournalEntry.SECRETS_PREFIX)) {
        return Optional.of(
            new Secrets(
                model,
                ApplicationName.of(persistenceId.substring(JournalEntry.SECRETS_PREFIX.length()))));
      }
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
    return Optional.empty();
  }
}
