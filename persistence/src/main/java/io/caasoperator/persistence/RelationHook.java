package io.caasoperator.persistence;

import java.util.Objects;

/**
 * What a relation hook runs for, as its environment names it (Juju's {@code hook.Info}: {@code
 * RelationId}, {@code RemoteUnit}, {@code RemoteApplication}, {@code DepartingUnit}, {@code
 * ChangeVersion}).
 *
 * @param relationId the relation's number ({@code JUJU_RELATION_ID} is {@code endpoint:id})
 * @param endpoint the charm's relation name ({@code JUJU_RELATION})
 * @param remoteUnit the unit the hook is about ({@code JUJU_REMOTE_UNIT}); empty for
 *     relation-created and for a change of the application's databag
 * @param remoteApplication {@code JUJU_REMOTE_APP}: for a peer relation, the application itself
 * @param departingUnit {@code JUJU_DEPARTING_UNIT} of relation-departed; empty otherwise
 * @param version the change version of the databag the hook answers (joined and changed)
 */
public record RelationHook(
    long relationId,
    String endpoint,
    String remoteUnit,
    String remoteApplication,
    String departingUnit,
    long version) {

  public RelationHook {
    Objects.requireNonNull(endpoint, "endpoint");
    remoteUnit = remoteUnit == null ? "" : remoteUnit;
    remoteApplication = remoteApplication == null ? "" : remoteApplication;
    departingUnit = departingUnit == null ? "" : departingUnit;
  }

  /** The relation id as Juju prints it: {@code <endpoint>:<id>}. */
  public String key() {
    return endpoint + ":" + relationId;
  }
}
