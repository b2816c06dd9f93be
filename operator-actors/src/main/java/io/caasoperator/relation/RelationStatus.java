package io.caasoperator.relation;

import io.caasoperator.persistence.ApplicationRelations;
import io.caasoperator.persistence.OperatorState;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One relation as {@code status} and {@code show-relation} show it: who is in it and its databags
 * as the operator's journal holds them (what every unit's hooks read, a running hook's own writes
 * aside).
 *
 * @param id as Juju prints it, {@code <endpoint>:<number>}
 * @param type {@code peer} (relations between applications come later)
 * @param units the units in scope, by name
 * @param applicationData the application's databag
 * @param unitData each unit's databag, by unit name
 */
public record RelationStatus(
    String id,
    String endpoint,
    String interfaceName,
    String type,
    String remoteApplication,
    List<String> units,
    Map<String, String> applicationData,
    Map<String, Map<String, String>> unitData) {

  public RelationStatus {
    units = List.copyOf(units);
    // sorted, as every other map status prints
    applicationData = Collections.unmodifiableSortedMap(new TreeMap<>(applicationData));
    unitData = Collections.unmodifiableSortedMap(new TreeMap<>(unitData));
  }

  /** Every relation of {@code state}, in id order. */
  public static List<RelationStatus> of(OperatorState state) {
    return state.relations().byId().values().stream().map(RelationStatus::of).toList();
  }

  private static RelationStatus of(ApplicationRelations.Relation r) {
    Map<String, Map<String, String>> bags = new TreeMap<>();
    r.units().forEach((unit, bag) -> bags.put(unit, bag.settings()));
    return new RelationStatus(
        r.key(),
        r.endpoint(),
        r.interfaceName(),
        "peer",
        r.remoteApplication(),
        List.copyOf(r.units().keySet()),
        r.application().settings(),
        bags);
  }
}
