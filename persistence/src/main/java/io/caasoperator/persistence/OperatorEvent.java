package io.caasoperator.persistence;

import io.caasoperator.domain.CharmInfo;
import io.caasoperator.domain.Life;
import io.caasoperator.domain.Status;
import io.caasoperator.domain.UnitId;
import java.time.Instant;
import java.util.Map;

/** What the operator's journal ({@code operator|<app>}) records. */
public sealed interface OperatorEvent extends JournalEvent {
  Instant at();

  @StableName("operator.ApplicationStatusChanged.v1")
  record ApplicationStatusChanged(Status status, Instant at) implements OperatorEvent {}

  /**
   * A charm was fetched, verified and unpacked; {@code charm.generation()} is the new generation.
   */
  @StableName("operator.CharmDeployed.v1")
  record CharmDeployed(CharmInfo charm, Instant at) implements OperatorEvent {}

  /** The specification's config settings (without defaults) changed; generations start at 1. */
  @StableName("operator.ConfigChanged.v1")
  record ConfigChanged(Map<String, Object> settings, long generation, Instant at)
      implements OperatorEvent {}

  @StableName("operator.UnitAdded.v1")
  record UnitAdded(UnitId unit, Instant at) implements OperatorEvent {}

  @StableName("operator.UnitLifeChanged.v1")
  record UnitLifeChanged(UnitId unit, Life life, Instant at) implements OperatorEvent {}

  /**
   * Units added (alive, or already dying) or now dying, all observed at once: one event for a whole
   * listing, so adding 10,000 units costs one state copy, not 10,000.
   */
  @StableName("operator.UnitsUpdated.v1")
  record UnitsUpdated(java.util.SortedMap<UnitId, Life> lives, Instant at)
      implements OperatorEvent {}

  /** The unit is dead, released by the substrate and its directory deleted. */
  @StableName("operator.UnitRemoved.v1")
  record UnitRemoved(UnitId unit, Instant at) implements OperatorEvent {}

  /** {@code unit} is null when no alive unit is left to lead. */
  @StableName("operator.LeaderElected.v1")
  record LeaderElected(UnitId unit, Instant at) implements OperatorEvent {}

  /** The leader set the application's status ({@code status-set --application}). */
  @StableName("operator.CharmApplicationStatusSet.v1")
  record CharmApplicationStatusSet(Status status, Instant at) implements OperatorEvent {}

  /** {@code leader-set}: keys with an empty value are deleted, as in Juju. */
  @StableName("operator.LeaderSettingsChanged.v1")
  record LeaderSettingsChanged(Map<String, String> changes, Instant at) implements OperatorEvent {}

  @StableName("operator.WorkloadVersionSet.v1")
  record WorkloadVersionSet(String version, Instant at) implements OperatorEvent {}

  /**
   * The next action id went to a unit's accepted request to run the charm's action {@code name}.
   * Ids are unique within the application and never reused (as Juju's task ids are within a model):
   * a request refused after this (rare: the unit started dying in between) leaves a gap.
   */
  @StableName("operator.ActionIdAssigned.v1")
  record ActionIdAssigned(long id, UnitId unit, String name, Instant at) implements OperatorEvent {}

  /**
   * {@code storage-add} by the unit's hook: {@code count} more instances of the charm's storage
   * {@code storage} for {@code unit}, beyond the one every declared storage has.
   */
  @StableName("operator.StorageAdded.v1")
  record StorageAdded(UnitId unit, String storage, int count, Instant at)
      implements OperatorEvent {}

  /**
   * The model this application lives in got its identity: a random (version 4) UUID, made once,
   * when the operator first read its journal (a journal written before identities existed gets one
   * on its next start). Hooks see it as {@code JUJU_MODEL_UUID}.
   */
  @StableName("operator.ModelIdentified.v1")
  record ModelIdentified(String uuid, Instant at) implements OperatorEvent {}

  /** A change of the application's relations ({@link ApplicationRelations}). */
  sealed interface RelationChange extends OperatorEvent {}

  /**
   * A relation was established: for a peer relation, when the charm declaring it was deployed.
   * {@code remoteApplication} is the application itself for a peer relation.
   */
  @StableName("operator.RelationCreated.v1")
  record RelationCreated(
      long id, String endpoint, String interfaceName, String remoteApplication, Instant at)
      implements RelationChange {}

  /**
   * {@code unit} entered the relation's scope, its databag starting with {@code settings} (its
   * addresses).
   */
  @StableName("operator.RelationUnitEntered.v1")
  record RelationUnitEntered(long id, UnitId unit, Map<String, String> settings, Instant at)
      implements RelationChange {}

  /** {@code unit} left the relation's scope (it is dying or gone); its databag goes with it. */
  @StableName("operator.RelationUnitLeft.v1")
  record RelationUnitLeft(long id, UnitId unit, Instant at) implements RelationChange {}

  /**
   * A unit's completed hook wrote relation {@code id}'s databags: its own ({@code unitSettings})
   * and, as the leader, the application's, each whole after the write, null when unchanged. {@code
   * sequence} numbers the unit's writes to the relation, so each is applied once.
   */
  @StableName("operator.RelationSettingsChanged.v1")
  record RelationSettingsChanged(
      long id,
      UnitId unit,
      long sequence,
      Map<String, String> unitSettings,
      Map<String, String> applicationSettings,
      Instant at)
      implements RelationChange {}

  /**
   * A relation with another application was declared by the model ({@code remoteApplication}'s
   * {@code remoteEndpoint} at the other end); its other side comes as {@link
   * RemoteRelationChanged}.
   */
  @StableName("operator.ApplicationsRelated.v1")
  record ApplicationsRelated(
      long id,
      String endpoint,
      String interfaceName,
      String remoteApplication,
      String remoteEndpoint,
      Instant at)
      implements RelationChange {}

  /**
   * The other application's side of relation {@code id} changed, recorded whole as observed: its
   * units in scope with their databags, and its application databag.
   */
  @StableName("operator.RemoteRelationChanged.v1")
  record RemoteRelationChanged(
      long id,
      java.util.SortedMap<String, Map<String, String>> units,
      Map<String, String> applicationSettings,
      Instant at)
      implements RelationChange {}

  /**
   * Relation {@code id} is no longer declared: it is being removed. Its units depart and (between
   * applications) break it; the record stays, so its id is never given again.
   */
  @StableName("operator.RelationRemoved.v1")
  record RelationRemoved(long id, Instant at) implements RelationChange {}
}
