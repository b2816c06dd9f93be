package io.caasoperator.relation;

import java.util.Collections;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * One application's side of a relation between two applications, as its operator last recorded it:
 * its units in the relation's scope, each with its databag, and its application databag. The model
 * hands it to the operator at the other end, which records what changed and runs its units' hooks
 * for it. Published whole (level-triggered): after every change and after every restart, so a side
 * that crashed in between is caught up by the next one.
 *
 * @param relationId the relation's id in the model
 * @param application the application whose side this is
 * @param units its units in scope, by unit name, each with its databag
 * @param applicationSettings its application databag (written by its leader)
 */
public record RelationSide(
    long relationId,
    String application,
    SortedMap<String, Map<String, String>> units,
    Map<String, String> applicationSettings) {

  public RelationSide {
    TreeMap<String, Map<String, String>> u = new TreeMap<>();
    if (units != null) units.forEach((k, v) -> u.put(k, Map.copyOf(v)));
    units = Collections.unmodifiableSortedMap(u);
    applicationSettings =
        Collections.unmodifiableSortedMap(
            new TreeMap<>(applicationSettings == null ? Map.of() : applicationSettings));
  }
}
