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
 * @param applicationSettings the application's databag (with this hook's own writes, for the
 *     leader)
 */
public record RelationView(
    long id,
    String endpoint,
    String remoteApplication,
    List<String> members,
    Map<String, Map<String, String>> unitSettings,
    Map<String, String> applicationSettings) {

  public RelationView {
    members = List.copyOf(members);
    unitSettings = Collections.unmodifiableSortedMap(new TreeMap<>(unitSettings));
    applicationSettings = Collections.unmodifiableSortedMap(new TreeMap<>(applicationSettings));
  }

  /** {@code endpoint:id}, as Juju prints relation ids. */
  public String key() {
    return endpoint + ":" + id;
  }
}
