package io.caasoperator.persistence.timeline;

import io.caasoperator.persistence.JournalEvent;
import io.caasoperator.persistence.ModelEvent;
import io.caasoperator.persistence.OperatorEvent;
import io.caasoperator.persistence.PlannedHook;
import io.caasoperator.persistence.UnitEvent;
import io.caasoperator.persistence.UnitRelations;
import io.caasoperator.persistence.secret.SecretEvent;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The relation ids an event names ({@code journal --relation}): a relation's own changes on the
 * operator's side, the model's numbering, a unit's relation hooks and databag writes, the relations
 * a unit was assigned, and a secret's grants over a relation. Events of other kinds name none.
 */
public final class RelationMentions {
  private RelationMentions() {}

  public static Set<Long> of(JournalEvent event) {
    if (event instanceof OperatorEvent.RelationChange change) return Set.of(idOf(change));
    if (event instanceof ModelEvent.RelationIdAssigned e) return Set.of(e.id());
    if (event instanceof ModelEvent.RelationIdRetired e) return Set.of(e.id());
    if (event instanceof UnitEvent.RelationSettingsWritten e) return Set.of(e.relationId());
    if (event instanceof UnitEvent.RelationsAssigned e)
      return e.relations().stream()
          .map(UnitRelations.RelationSnapshot::id)
          .collect(Collectors.toUnmodifiableSet());
    if (event instanceof UnitEvent.HookStarted e) return ofHook(e.hook());
    if (event instanceof UnitEvent.HookSkipped e) return ofHook(e.hook());
    if (event instanceof SecretEvent.SecretGranted e) return ofKey(e.relation());
    if (event instanceof SecretEvent.SecretRevoked e) return ofKey(e.relation());
    return Set.of();
  }

  /**
   * {@code N} or Juju's {@code endpoint:N} ({@code JUJU_RELATION_ID}, {@code relation-ids}); empty
   * when it is neither.
   */
  public static Optional<Long> parse(String value) {
    try {
      long id = Long.parseLong(value.substring(value.lastIndexOf(':') + 1));
      return id < 0 ? Optional.empty() : Optional.of(id);
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }

  private static long idOf(OperatorEvent.RelationChange change) {
    return switch (change) {
      case OperatorEvent.RelationCreated e -> e.id();
      case OperatorEvent.RelationUnitEntered e -> e.id();
      case OperatorEvent.RelationUnitLeft e -> e.id();
      case OperatorEvent.RelationSettingsChanged e -> e.id();
      case OperatorEvent.ApplicationsRelated e -> e.id();
      case OperatorEvent.RemoteRelationChanged e -> e.id();
      case OperatorEvent.RelationRemoved e -> e.id();
    };
  }

  private static Set<Long> ofHook(PlannedHook hook) {
    return hook instanceof PlannedHook.Relation relation
        ? Set.of(relation.relation().relationId())
        : Set.of();
  }

  /** A grant's relation key, {@code endpoint:N}; a grant to a whole application names none. */
  private static Set<Long> ofKey(String key) {
    return key.contains(":") && !key.startsWith("application:")
        ? parse(key).map(Set::of).orElse(Set.of())
        : Set.of();
  }
}
