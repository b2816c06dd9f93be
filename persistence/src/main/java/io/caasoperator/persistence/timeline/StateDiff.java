package io.caasoperator.persistence.timeline;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.TreeSet;

/**
 * What changed between two states, as JSON paths with their old and new values. Works on the JSON
 * form so the CLI can diff states it replayed itself and states an operator sent it alike.
 */
public final class StateDiff {
  private StateDiff() {}

  /**
   * @param path e.g. {@code units.hello/0.installed}
   * @param before the old value, "-" when absent
   * @param after the new value, "-" when absent
   */
  public record Change(String path, String before, String after) {
    @Override
    public String toString() {
      return path + ": " + before + " -> " + after;
    }
  }

  public static List<Change> between(JsonNode before, JsonNode after) {
    List<Change> changes = new ArrayList<>();
    walk("", before, after, changes);
    return changes;
  }

  private static void walk(String path, JsonNode a, JsonNode b, List<Change> out) {
    if (a.equals(b)) return;
    if (a.isObject() && b.isObject()) {
      TreeSet<String> names = new TreeSet<>();
      a.fieldNames().forEachRemaining(names::add);
      b.fieldNames().forEachRemaining(names::add);
      for (String name : names) {
        walk(
            path.isEmpty() ? name : path + "." + name,
            orMissing(a.get(name)),
            orMissing(b.get(name)),
            out);
      }
      return;
    }
    if (a.isArray() && b.isArray() && a.size() == b.size()) {
      Iterator<JsonNode> ia = a.elements();
      Iterator<JsonNode> ib = b.elements();
      for (int i = 0; ia.hasNext(); i++) walk(path + "[" + i + "]", ia.next(), ib.next(), out);
      return;
    }
    out.add(new Change(path, text(a), text(b)));
  }

  private static JsonNode orMissing(JsonNode node) {
    return node == null ? MissingNode.getInstance() : node;
  }

  private static String text(JsonNode node) {
    if (node.isMissingNode()) return "-";
    return node.isTextual() ? node.asText() : node.toString();
  }
}
