package io.caasoperator.persistence;

import java.time.Instant;
import java.util.Objects;

/**
 * What a model's journal ({@code model|<model>}) records: the relation ids it gave, and the
 * applications it has and their lives.
 *
 * <p>Juju takes every relation id of a model from one sequence ({@code state/relation.go}, the
 * {@code relation} sequence) and never gives one twice; journaling each id keeps a relation's id
 * across restarts and bundle edits, and a relation removed and added again gets a new one, as in
 * Juju.
 *
 * <p>An application removed from the model is dying until its last unit has run {@code remove}, and
 * only then gone ({@code state/application.go}: an application is removed once it has no units and
 * no relations left); journaling that lets a model restarted mid-removal finish it.
 */
public sealed interface ModelEvent extends JournalEvent {

  Instant at();

  /** The relation {@code key} exists in the model with the id {@code id}. */
  @StableName("model.RelationIdAssigned.v1")
  record RelationIdAssigned(String key, long id, Instant at) implements ModelEvent {
    public RelationIdAssigned {
      Objects.requireNonNull(key, "key");
      Objects.requireNonNull(at, "at");
    }
  }

  /**
   * The relation {@code key} with the id {@code id} left the model; its id is never given again.
   */
  @StableName("model.RelationIdRetired.v1")
  record RelationIdRetired(String key, long id, Instant at) implements ModelEvent {
    public RelationIdRetired {
      Objects.requireNonNull(key, "key");
      Objects.requireNonNull(at, "at");
    }
  }

  /** The application joined the model, alive: the model operates it. */
  @StableName("model.ApplicationAdded.v1")
  record ApplicationAdded(String application, Instant at) implements ModelEvent {}

  /**
   * The application was removed from the model and is dying: its operator runs on, its units scaled
   * to zero, until every unit has run {@code remove}.
   */
  @StableName("model.ApplicationRemoving.v1")
  record ApplicationRemoving(String application, Instant at) implements ModelEvent {}

  /** The dying application's last unit is gone: it has left the model. */
  @StableName("model.ApplicationRemoved.v1")
  record ApplicationRemoved(String application, Instant at) implements ModelEvent {}
}
