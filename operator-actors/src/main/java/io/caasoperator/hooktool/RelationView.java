package io.caasoperator.hooktool;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One relation as the running hook sees it.
 *
 * @param id the relation's number
 * @param endpoint the charm's relation name
 * @param remoteApplication the application at the other end (this one, for a peer relation)
 * @param members the remote units this context knows in the relation ({@code relation-list}): those
 *     its completed hooks joined, with the one a relation-joined hook joins and without the one a
 *     relation-departed hook departs
 * @param unitSettings databags by unit name: this unit's (with this hook's own writes) and those of
 *     the other units in scope
 * @param applicationSettings this application's databag (with this hook's own writes, for the
 *     leader)
 * @param crossApplication a relation with another application (false: a peer relation)
 * @param remoteApplicationSettings the other application's databag (empty for a peer relation)
 * @param broken the running hook is this relation's relation-broken: it is no longer one the unit
 *     takes part in ({@code relation-ids} leaves it out), though still readable by id
 */
public record RelationView(
    long id,
    String endpoint,
    String remoteApplication,
    List<String> members,
    Map<String, Map<String, String>> unitSettings,
    Map<String, String> applicationSettings,
    boolean crossApplication,
    Map<String, String> remoteApplicationSettings,
    boolean broken) {

  public RelationView {
    members = List.copyOf(members);
    unitSettings = Collections.unmodifiableSortedMap(new TreeMap<>(unitSettings));
    applicationSettings = Collections.unmodifiableSortedMap(new TreeMap<>(applicationSettings));
    remoteApplicationSettings =
        Collections.unmodifiableSortedMap(
            new TreeMap<>(
                remoteApplicationSettings == null ? Map.of() : remoteApplicationSettings));
  }

  /** A peer relation. */
  public RelationView(
      long id,
      String endpoint,
      String remoteApplication,
      List<String> members,
      Map<String, Map<String, String>> unitSettings,
      Map<String, String> applicationSettings) {
    this(
        id,
        endpoint,
        remoteApplication,
        members,
        unitSettings,
        applicationSettings,
        false,
        Map.of(),
        false);
  }

  /** {@code endpoint:id}, as Juju prints relation ids. */
  public String key() {
    return endpoint + ":" + id;
  }
}
