package io.caasoperator.unit;

import io.caasoperator.domain.CharmInfo;
import io.caasoperator.domain.Life;
import io.caasoperator.persistence.UnitEvent;
import io.caasoperator.persistence.UnitEvent.CharmAssigned;
import io.caasoperator.persistence.UnitEvent.ConfigAssigned;
import io.caasoperator.persistence.UnitEvent.LeaderSettingsAssigned;
import io.caasoperator.persistence.UnitEvent.LeadershipAssigned;
import io.caasoperator.persistence.UnitEvent.LifeAssigned;
import io.caasoperator.persistence.UnitEvent.RelationsAssigned;
import io.caasoperator.persistence.UnitEvent.Revived;
import io.caasoperator.persistence.UnitEvent.StorageAssigned;
import io.caasoperator.persistence.UnitRelations;
import io.caasoperator.persistence.UnitState;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * What the operator wants a unit to be now. Sent whole, whenever anything in it changes (and on
 * every start): the unit records only what differs from what it knows.
 *
 * @param storage the unit's storage instances (one per storage its charm declares, more added by
 *     {@code storage-add}), in id order, each where its substrate puts it
 * @param relations the unit's relations as the operator sees them, in id order
 */
public record Desired(
    Life life,
    CharmInfo charm,
    long configGeneration,
    boolean leader,
    long leaderSettingsGeneration,
    Duration updateStatusInterval,
    List<UnitState.StorageInstance> storage,
    List<UnitRelations.RelationSnapshot> relations) {

  public Desired {
    storage = storage == null ? List.of() : List.copyOf(storage);
    relations = relations == null ? List.of() : List.copyOf(relations);
  }

  /** A unit without storage. */
  public Desired(
      Life life,
      CharmInfo charm,
      long configGeneration,
      boolean leader,
      long leaderSettingsGeneration,
      Duration updateStatusInterval) {
    this(
        life,
        charm,
        configGeneration,
        leader,
        leaderSettingsGeneration,
        updateStatusInterval,
        List.of(),
        List.of());
  }

  /**
   * The events that record this wish on a unit in {@code state}, made at {@code now}: only what
   * differs, none when nothing does. A dead unit wanted alive is revived first (pod ordinals are
   * reused) and the rest is compared with a new unit; a dead unit wanted anything else stays dead.
   * Life only moves forward here: dying is recorded for an alive unit, never undone. A storage
   * instance is recorded once, for an alive unit; an instance the unit has keeps its location. The
   * relations are recorded whole whenever they differ.
   */
  public List<UnitEvent> changesFrom(UnitState state, Instant now) {
    List<UnitEvent> events = new ArrayList<>();
    UnitState base = state;
    if (state.isDead() && life == Life.ALIVE) {
      events.add(new Revived(now));
      base = UnitState.initial(state.unit());
    }
    if (base.isDead()) return events;
    if (life == Life.DYING && base.life() == Life.ALIVE)
      events.add(new LifeAssigned(Life.DYING, now));
    CharmInfo assigned = base.assigned().charm();
    if (charm != null && (assigned == null || assigned.generation() != charm.generation())) {
      events.add(new CharmAssigned(charm, now));
    }
    if (configGeneration != base.assigned().configGeneration())
      events.add(new ConfigAssigned(configGeneration, now));
    if (leader != base.assigned().leader()) events.add(new LeadershipAssigned(leader, now));
    if (leaderSettingsGeneration != base.assigned().leaderSettingsGeneration()) {
      events.add(new LeaderSettingsAssigned(leaderSettingsGeneration, now));
    }
    if (life == Life.ALIVE && base.life() == Life.ALIVE) {
      for (UnitState.StorageInstance instance : storage) {
        if (!base.storage().instances().containsKey(instance.id()))
          events.add(new StorageAssigned(instance, now));
      }
    }
    if (!relations.equals(List.copyOf(base.relations().remote().values())))
      events.add(new RelationsAssigned(relations, now));
    return events;
  }
}
