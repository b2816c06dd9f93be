package io.caasoperator.pebble.plan;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Tarjan's strongly connected components in Pebble's stable order (internals/plan/tarjan.go): nodes
 * visited in name order, each component emitted after the components it points to, members of a
 * component sorted.
 */
final class Tarjan {
  private final Map<String, List<String>> successors;
  private final Map<String, Integer> index = new HashMap<>();
  private final Map<String, Integer> lowlink = new HashMap<>();
  private final Set<String> stacked = new HashSet<>();
  private final Deque<String> stack = new ArrayDeque<>();
  private final List<List<String>> output = new ArrayList<>();

  private Tarjan(Map<String, List<String>> successors) {
    this.successors = successors;
  }

  static List<List<String>> sort(Map<String, List<String>> successors) {
    Tarjan t = new Tarjan(successors);
    for (String id : new TreeSet<>(successors.keySet())) {
      if (!t.index.containsKey(id)) {
        t.connect(id);
      }
    }
    return t.output;
  }

  private void connect(String id) {
    int idx = index.size();
    index.put(id, idx);
    lowlink.put(id, idx);
    stack.push(id);
    stacked.add(id);
    for (String succ : successors.getOrDefault(id, List.of())) {
      if (!index.containsKey(succ)) {
        connect(succ);
        lowlink.put(id, Math.min(lowlink.get(id), lowlink.get(succ)));
      } else if (stacked.contains(succ)) {
        lowlink.put(id, Math.min(lowlink.get(id), index.get(succ)));
      }
    }
    if (lowlink.get(id) == idx) {
      List<String> scc = new ArrayList<>();
      String member;
      do {
        member = stack.pop();
        stacked.remove(member);
        scc.add(member);
      } while (!member.equals(id));
      if (scc.size() > 1) {
        Collections.sort(scc);
      }
      output.add(scc);
    }
  }
}
