package io.caasoperator.model;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The line each value of a YAML document stands on, by its path ({@code applications.web.scale},
 * {@code relations[1][0]}), so that a problem found in the parsed tree can say where it is: a tree
 * keeps no locations. Also where the document uses an alias ({@code *name}), which Jackson hands
 * over as the anchor's name instead of its value (a quietly wrong answer, so they are refused).
 */
final class YamlPlaces {
  private final Map<String, Integer> lines;
  private final List<String> aliases;

  private YamlPlaces(Map<String, Integer> lines, List<String> aliases) {
    this.lines = Map.copyOf(lines);
    this.aliases = List.copyOf(aliases);
  }

  /** Walks {@code content}, already known to parse; a late parse error ends the walk early. */
  static YamlPlaces of(YAMLFactory factory, byte[] content) {
    Map<String, Integer> lines = new HashMap<>();
    List<String> aliases = new ArrayList<>();
    Deque<Container> open = new ArrayDeque<>();
    try (JsonParser parser = factory.createParser(content)) {
      for (JsonToken token = parser.nextToken(); token != null; token = parser.nextToken()) {
        int line = parser.currentTokenLocation().getLineNr();
        switch (token) {
          case FIELD_NAME -> {
            // a key's line is where its entry stands, even when its value starts lines below
            open.peek().key = parser.currentName();
            lines.putIfAbsent(open.peek().nextPath(), line);
          }
          case END_OBJECT, END_ARRAY -> open.pop();
          default -> {
            String path = open.isEmpty() ? "" : open.peek().nextPath();
            if (!path.isEmpty()) lines.putIfAbsent(path, line);
            if (parser instanceof YAMLParser yaml && yaml.isCurrentAlias()) aliases.add(path);
            if (token == JsonToken.START_OBJECT || token == JsonToken.START_ARRAY)
              open.push(new Container(path, token == JsonToken.START_ARRAY));
          }
        }
      }
    } catch (IOException e) {
      // the tree was read from the same bytes: whatever was walked is still right
    }
    return new YamlPlaces(lines, aliases);
  }

  /** The line of {@code path}, or of the closest enclosing value that has one; 0 when none does. */
  int lineOf(String path) {
    for (String p = path; ; p = parent(p)) {
      Integer line = lines.get(p);
      if (line != null) return line;
      if (p.isEmpty()) return 0;
    }
  }

  /** The paths where an alias stands, in document order. */
  List<String> aliases() {
    return aliases;
  }

  private static String parent(String path) {
    int cut = Math.max(path.lastIndexOf('.'), path.lastIndexOf('['));
    return cut < 0 ? "" : path.substring(0, cut);
  }

  /** A mapping or sequence being walked: its path and where the next value goes. */
  private static final class Container {
    private final String path;
    private final boolean sequence;
    private int index;
    private String key;

    Container(String path, boolean sequence) {
      this.path = path;
      this.sequence = sequence;
    }

    String nextPath() {
      if (sequence) return path + "[" + index++ + "]";
      return path.isEmpty() ? key : path + "." + key;
    }
  }
}
