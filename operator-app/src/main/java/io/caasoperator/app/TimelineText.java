package io.caasoperator.app;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.Map;

/**
 * One journal entry as a line people read: offset, time, entity, sequence number, the short event
 * type, then the event's fields as {@code name=value} (nested values as compact JSON; the event's
 * own time is left out, it is the second column; a secret's sealed content is shown as its digest).
 */
final class TimelineText {
  private static final int MAX_VALUE = 100;

  private TimelineText() {}

  static String line(JsonNode entry) {
    StringBuilder out = new StringBuilder();
    out.append(
        String.format(
            "%6d  %-24s  %-16s %5d  %-22s",
            entry.path("offset").asLong(),
            entry.path("time").asText(),
            entry.path("entity").asText(),
            entry.path("seqNr").asLong(),
            shortType(entry.path("type").asText())));
    for (Iterator<Map.Entry<String, JsonNode>> it = entry.path("event").fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> field = it.next();
      if (field.getKey().equals("at")) continue;
      out.append(' ').append(field.getKey()).append('=').append(value(field.getValue()));
    }
    return out.toString().stripTrailing();
  }

  private static String shortType(String type) {
    int first = type.indexOf('.');
    int last = type.lastIndexOf('.');
    return first >= 0 && last > first ? type.substring(first + 1, last) : type;
  }

  private static String value(JsonNode v) {
    // a secret's sealed content (secret.SecretCreated/Updated): people see its digest only
    if (v.has("ciphertext") && v.has("digest")) return v.path("digest").asText();
    if (v.isTextual()) {
      String s = v.asText();
      return s.isEmpty() || s.contains(" ") || s.contains("\"") ? v.toString() : s;
    }
    String json = v.toString();
    // A whole charm is a screenful: the text view shows its start, --format json all of it.
    return json.length() <= MAX_VALUE ? json : json.substring(0, MAX_VALUE) + "…";
  }
}
