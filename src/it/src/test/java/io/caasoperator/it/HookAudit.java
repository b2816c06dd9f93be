package io.caasoperator.it;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Checks a journal against what the operator acknowledged and what actually ran: the operator's log
 * lines ({@code hook X started} is logged once {@code HookStarted} is written, {@code hook X
 * completed} once {@code HookCompleted} is), and a record each hook process wrote when it began
 * ({@code <unit> <hook> <context id>}). Pure: it reads what it is given.
 */
final class HookAudit {

  /**
   * What the audit found.
   *
   * @param lostAcknowledgements starts and completions the operator logged that the journal lacks
   * @param completedHooksRunAgain hooks started again after their completion was recorded (per unit
   *     incarnation)
   * @param hooksAfterRemove hooks started after a unit's {@code remove} completed (before it was
   *     revived)
   * @param processesWithoutHookStarted hook processes that ran with no {@code HookStarted} of their
   *     context in the journal
   * @param hooksStarted every {@code HookStarted} in the journal
   * @param processes every hook process that began
   */
  record Report(
      List<String> lostAcknowledgements,
      List<String> completedHooksRunAgain,
      List<String> hooksAfterRemove,
      List<String> processesWithoutHookStarted,
      int hooksStarted,
      int processes) {

    boolean clean() {
      return lostAcknowledgements.isEmpty()
          && completedHooksRunAgain.isEmpty()
          && hooksAfterRemove.isEmpty()
          && processesWithoutHookStarted.isEmpty();
    }

    @Override
    public String toString() {
      return "lost acknowledged writes: "
          + lostAcknowledgements.size()
          + " "
          + lostAcknowledgements
          + "; completed hooks run again: "
          + completedHooksRunAgain.size()
          + " "
          + completedHooksRunAgain
          + "; hooks after remove: "
          + hooksAfterRemove.size()
          + " "
          + hooksAfterRemove
          + "; hook processes without HookStarted: "
          + processesWithoutHookStarted.size()
          + " "
          + processesWithoutHookStarted
          + " ("
          + hooksStarted
          + " hooks started, "
          + processes
          + " hook processes)";
    }
  }

  private static final Pattern ACKNOWLEDGED =
      Pattern.compile("unit (\\S+) hook (\\S+) (started|completed)\\b");

  private HookAudit() {}

  /**
   * @param journal every event, as {@code journal --format json} prints them (global order)
   * @param operatorLog the output of every operator process, in the order they ran
   * @param hookProcesses the lines the hook processes wrote: {@code <unit> <hook> <context id>}
   */
  static Report of(List<JsonNode> journal, List<String> operatorLog, List<String> hookProcesses) {
    Map<String, List<JsonNode>> byUnit = byUnit(journal);
    Map<String, Integer> journaled = new HashMap<>();
    Set<String> startedContexts = new HashSet<>();
    List<String> runAgain = new ArrayList<>();
    List<String> afterRemove = new ArrayList<>();
    int started = 0;
    for (Map.Entry<String, List<JsonNode>> unit : byUnit.entrySet()) {
      List<JsonNode> events = unit.getValue();
      Set<String> completed = new HashSet<>();
      JsonNode running = null;
      boolean removed = false;
      for (JsonNode entry : events) {
        JsonNode event = entry.path("event");
        switch (shortType(entry)) {
          case "Revived" -> {
            completed.clear();
            removed = false;
          }
          case "HookStarted" -> {
            started++;
            running = event.path("hook");
            startedContexts.add(event.path("contextId").asText());
            journaled.merge(unit.getKey() + " " + name(running) + " started", 1, Integer::sum);
            if (completed.contains(running.toString())) {
              runAgain.add(
                  unit.getKey() + " " + running + " (seq " + entry.path("seqNr").asLong() + ")");
            }
            if (removed) afterRemove.add(unit.getKey() + " " + name(running));
          }
          case "HookSkipped" -> completed.add(event.path("hook").toString());
          case "HookCompleted" -> {
            journaled.merge(
                unit.getKey() + " " + event.path("hook").asText() + " completed", 1, Integer::sum);
            if (running != null) {
              completed.add(running.toString());
              if ("remove".equals(running.path("kind").asText())) removed = true;
            }
            running = null;
          }
          case "HookFailed" -> running = null;
          default -> {}
        }
      }
    }
    Map<String, Integer> logged = new TreeMap<>();
    for (String line : operatorLog) {
      Matcher m = ACKNOWLEDGED.matcher(line);
      if (m.find()) logged.merge(m.group(1) + " " + m.group(2) + " " + m.group(3), 1, Integer::sum);
    }
    List<String> lost = new ArrayList<>();
    logged.forEach(
        (what, times) -> {
          int inJournal = journaled.getOrDefault(what, 0);
          if (inJournal < times)
            lost.add(what + " logged " + times + "x, journaled " + inJournal + "x");
        });
    List<String> unrecorded = new ArrayList<>();
    for (String process : hookProcesses) {
      String[] parts = process.trim().split(" ");
      if (parts.length == 3 && !startedContexts.contains(parts[2])) unrecorded.add(process.trim());
    }
    return new Report(lost, runAgain, afterRemove, unrecorded, started, hookProcesses.size());
  }

  /** Each unit's events ({@code unit|<app>/<n>}) in the order it journaled them, by unit name. */
  static Map<String, List<JsonNode>> byUnit(List<JsonNode> journal) {
    Map<String, List<JsonNode>> byUnit = new TreeMap<>();
    for (JsonNode entry : journal) {
      String entity = entry.path("entity").asText();
      if (entity.startsWith("unit|"))
        byUnit.computeIfAbsent(entity.substring(5), u -> new ArrayList<>()).add(entry);
    }
    byUnit
        .values()
        .forEach(events -> events.sort(Comparator.comparingLong(e -> e.path("seqNr").asLong())));
    return byUnit;
  }

  /**
   * The event's type without its stream and version: {@code HookStarted} of {@code
   * unit.HookStarted.v1}.
   */
  static String shortType(JsonNode entry) {
    String type = entry.path("type").asText();
    int first = type.indexOf('.');
    int last = type.lastIndexOf('.');
    return first >= 0 && last > first ? type.substring(first + 1, last) : type;
  }

  /**
   * The hook's name as the operator logs it: {@code web-pebble-ready} for a pebble-ready of web,
   * {@code db-relation-joined} for a relation-joined of the endpoint db.
   */
  private static String name(JsonNode planned) {
    String kind = planned.path("kind").asText();
    if ("pebble-ready".equals(kind)) return planned.path("workload").asText() + "-pebble-ready";
    if (planned.path("relation").isObject())
      return planned.path("relation").path("endpoint").asText() + "-" + kind;
    return kind;
  }
}
