package io.caasoperator.it;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What a model's journal must show besides {@link HookAudit}'s checks, once every relation in it
 * has been removed: no relation hook runs for a remote unit after its {@code relation-departed} ran
 * on the unit, or for a relation after its {@code relation-broken}; every unit that entered a
 * relation ran {@code relation-departed} once for each remote unit it had joined and {@code
 * relation-broken} once (Juju's relation resolver, {@code
 * internal/worker/uniter/relation/resolver.go}: departed for every member, then broken, when the
 * relation or the unit dies); and every unit that went ran {@code remove}. Pure: it reads what it
 * is given.
 */
final class ModelAudit {

  /**
   * What the audit found.
   *
   * @param hooksForGone relation hooks started for a remote unit that had departed, or for a
   *     relation that was broken, on that unit
   * @param relationsNotLeft a relation a unit entered and did not leave exactly once: departed per
   *     joined remote unit, broken once
   * @param unitsGoneWithoutRemove units that ran install, are no longer in the model and never
   *     completed remove
   * @param relationHooks every relation hook started
   */
  record Report(
      List<String> hooksForGone,
      List<String> relationsNotLeft,
      List<String> unitsGoneWithoutRemove,
      int relationHooks) {

    @Override
    public String toString() {
      return "relation hooks for a unit or relation gone: "
          + hooksForGone.size()
          + " "
          + hooksForGone
          + "; relations not left exactly once: "
          + relationsNotLeft.size()
          + " "
          + relationsNotLeft
          + "; units gone without remove: "
          + unitsGoneWithoutRemove.size()
          + " "
          + unitsGoneWithoutRemove
          + " ("
          + relationHooks
          + " relation hooks started)";
    }
  }

  private ModelAudit() {}

  /**
   * @param journal every event, as {@code journal --format json} prints them
   * @param remainingUnits the units the model still has at the end
   */
  static Report of(List<JsonNode> journal, Set<String> remainingUnits) {
    List<String> gone = new ArrayList<>();
    List<String> notLeft = new ArrayList<>();
    List<String> withoutRemove = new ArrayList<>();
    int relationHooks = 0;
    for (Map.Entry<String, List<JsonNode>> unit : HookAudit.byUnit(journal).entrySet()) {
      Sides sides = new Sides();
      boolean installed = false;
      boolean removed = false;
      JsonNode running = null;
      for (JsonNode entry : unit.getValue()) {
        JsonNode event = entry.path("event");
        switch (HookAudit.shortType(entry)) {
          case "Revived" -> {
            sides = new Sides();
            removed = false;
          }
          case "HookStarted" -> {
            running = event.path("hook");
            if (running.path("relation").isObject()) {
              relationHooks++;
              String why = sides.goneFor(running);
              if (why != null)
                gone.add(
                    unit.getKey()
                        + " "
                        + describe(running)
                        + " "
                        + why
                        + " (seq "
                        + entry.path("seqNr").asLong()
                        + ")");
            }
          }
          case "HookCompleted", "HookSkipped" -> {
            JsonNode done = shortTypeIs(entry, "HookSkipped") ? event.path("hook") : running;
            if (done != null) {
              String kind = done.path("kind").asText();
              if (kind.equals("install")) installed = true;
              if (kind.equals("remove")) removed = true;
              if (done.path("relation").isObject()) sides.completed(done);
            }
            running = null;
          }
          case "HookFailed" -> running = null;
          default -> {}
        }
      }
      sides.notLeft().forEach(what -> notLeft.add(unit.getKey() + " " + what));
      if (installed && !removed && !remainingUnits.contains(unit.getKey()))
        withoutRemove.add(unit.getKey());
    }
    return new Report(gone, notLeft, withoutRemove, relationHooks);
  }

  /** One unit's relations as its completed hooks left them. */
  private static final class Sides {
    private final Set<Long> created = new TreeSet<>();
    private final Map<Long, Set<String>> joined = new TreeMap<>();
    private final Map<String, Integer> departed = new HashMap<>();
    private final Map<Long, Integer> broken = new HashMap<>();

    /** Why {@code hook} runs for something gone, or null when it does not. */
    String goneFor(JsonNode hook) {
      long relation = hook.path("relation").path("relationId").asLong();
      String remote = hook.path("relation").path("remoteUnit").asText();
      String kind = hook.path("kind").asText();
      if (broken.containsKey(relation)) return "after relation " + relation + " was broken";
      if ((kind.equals("relation-joined") || kind.equals("relation-changed"))
          && !remote.isEmpty()
          && departed.containsKey(relation + " " + remote)) return "after " + remote + " departed";
      return null;
    }

    void completed(JsonNode hook) {
      long relation = hook.path("relation").path("relationId").asLong();
      String remote = hook.path("relation").path("remoteUnit").asText();
      switch (hook.path("kind").asText()) {
        case "relation-created" -> created.add(relation);
        case "relation-joined" ->
            joined.computeIfAbsent(relation, r -> new TreeSet<>()).add(remote);
        case "relation-departed" -> departed.merge(relation + " " + remote, 1, Integer::sum);
        case "relation-broken" -> broken.merge(relation, 1, Integer::sum);
        default -> {}
      }
    }

    /** Relations entered and not left exactly once. */
    List<String> notLeft() {
      List<String> problems = new ArrayList<>();
      for (long relation : created) {
        for (String remote : joined.getOrDefault(relation, Set.of())) {
          int times = departed.getOrDefault(relation + " " + remote, 0);
          if (times != 1)
            problems.add(
                "relation " + relation + ": departed of " + remote + " ran " + times + "x");
        }
        int times = broken.getOrDefault(relation, 0);
        if (times != 1) problems.add("relation " + relation + ": broken ran " + times + "x");
      }
      return problems;
    }
  }

  private static boolean shortTypeIs(JsonNode entry, String type) {
    return HookAudit.shortType(entry).equals(type);
  }

  /** {@code db-relation-joined of client/1 (relation 1, version 2)}. */
  private static String describe(JsonNode hook) {
    JsonNode relation = hook.path("relation");
    return relation.path("endpoint").asText()
        + "-"
        + hook.path("kind").asText()
        + (relation.path("remoteUnit").asText().isEmpty()
            ? ""
            : " of " + relation.path("remoteUnit").asText())
        + " (relation "
        + relation.path("relationId").asLong()
        + ", version "
        + relation.path("version").asLong()
        + ")";
  }
}
