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
 * @param type {@code peer}, or {@code regular} for a relation with another application (Juju's
 *     words in {@code juju status --relations})
 * @param units this application's units in scope, by name
 * @param applicationData this application's databag
 * @param unitData each of this application's units' databag, by unit name
 * @param remoteUnits in a relation with another application, its units in scope as last observed
 *     (empty for a peer relation)
 * @param remoteApplicationData the other application's databag as last observed
 * @param remoteUnitData each of the other application's units' databag, by unit name
 */
public record RelationStatus(
    String id,
    String endpoint,
    String interfaceName,
    String type,
    String remoteApplication,
    List<String> units,
    Map<String, String> applicationData,
    Map<String, Map<String, String>> unitData,
    List<String> remoteUnits,
    Map<String, String> remoteApplicationData,
    Map<String, Map<String, String>> remoteUnitData) {

  public RelationStatus {
    units = List.copyOf(units);
    remoteUnits = List.copyOf(remoteUnits);
    // sorted, as every other map status prints
    applicationData = Collections.unmodifiableSortedMap(new TreeMap<>(applicationData));
    unitData = Collections.unmodifiableSortedMap(new TreeMap<>(unitData));
    remoteApplicationData = Collections.unmodifiableSortedMap(new TreeMap<>(remoteApplicationData));
    remoteUnitData = Collections.unmodifiableSortedMap(new TreeMap<>(remoteUnitData));
  }

  /** Every relation of {@code state} not being removed, in id order. */
  public static List<RelationStatus> of(OperatorState state) {
    return state.relations().byId().values().stream()
        .filter(r -> !r.removed())
        .map(RelationStatus::of)
        .toList();
  }

  private static RelationStatus of(ApplicationRelations.Relation r) {
    return new RelationStatus(
        r.key(),
        r.endpoint(),
        r.interfaceName(),
        r.crossApplication() ? "regular" : "peer",
        r.remoteApplication(),
        List.copyOf(r.units().keySet()),
        r.application().settings(),
        settings(r.units()),
        List.copyOf(r.remoteUnits().keySet()),
        r.remoteApplicationBag().settings(),
        settings(r.remoteUnits()));
  }

  private static Map<String, Map<String, String>> settings(
      Map<String, ApplicationRelations.Databag> bags) {
    Map<String, Map<String, String>> settings = new TreeMap<>();
    bags.forEach((unit, bag) -> settings.put(unit, bag.settings()));
    return settings;
  }
}
