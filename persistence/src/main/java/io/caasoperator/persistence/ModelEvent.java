package io.caasoperator.persistence;

import java.time.Instant;
import java.util.Objects;

/**
 * What a model's journal ({@code model|<model>}) records: the relation ids it gave. Juju takes
 * every relation id of a model from one sequence ({@code state/relation.go}, the {@code relation}
 * sequence) and never gives one twice; journaling each id keeps a relation's id across restarts and
 * bundle edits, and a relation removed and added again gets a new one, as in Juju.
 */
public sealed interface ModelEvent extends JournalEvent {

  /**
   * The relation's key: {@code app:endpoint} for a peer relation, else both ends, requirer first.
   */
  String key();

  long id();

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
}
