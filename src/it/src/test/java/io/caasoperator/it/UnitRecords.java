package io.caasoperator.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What the units of a test charm recorded, one JSON object a line in {@code <logs>/<app>-<n>.jsonl}
 * (the model tests' charms write one per hook they ran).
 */
final class UnitRecords {
  private static final ObjectMapper JSON = new ObjectMapper();

  private UnitRecords() {}

  /** The unit's records so far, oldest first; none before its first. */
  static List<JsonNode> read(Path logs, String unit) {
    Path file = logs.resolve(unit.replace('/', '-') + ".jsonl");
    if (!Files.exists(file)) return List.of();
    try {
      List<JsonNode> entries = new ArrayList<>();
      for (String line : Files.readAllLines(file)) entries.add(JSON.readTree(line));
      return entries;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A hook interrupted by a kill and run again leaves two identical records in a row: one kept. */
  static List<JsonNode> withoutRepeatedEntries(List<JsonNode> seen) {
    List<JsonNode> out = new ArrayList<>();
    for (JsonNode e : seen) if (out.isEmpty() || !out.getLast().equals(e)) out.add(e);
    return out;
  }
}
