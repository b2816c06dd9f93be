package io.caasoperator.substrate.kubernetes;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.caasoperator.model.CharmEndpoint;
import io.caasoperator.model.RelationRole;
import io.caasoperator.relation.RelationSide;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What one application's operator tells the namespace about its relations, as its ConfigMap {@code
 * caas-relations-<app>} holds it: its charm's endpoints ({@code endpoints}, so the other operators
 * can judge Relations naming it) and its side of each relation it has with another application
 * ({@code side.<id>}: its units in scope with their databags, its application databag), which the
 * operator at the other end watches and hands to its own operator actor. Each ConfigMap has one
 * writer, the operator of its application (the replica holding the lease), so operators never
 * contend for it. Pure: encoding and decoding only.
 */
final class RelationRecords {
  private RelationRecords() {}

  /** The label every relation ConfigMap carries (the value: the application, or the ledger's). */
  static final String LABEL = "caasoperator.org/relations";

  /** The label's value on the ledger ({@link RelationLedger}). */
  static final String LEDGER = "ledger";

  private static final String ENDPOINTS = "endpoints";
  private static final String SIDE = "side.";
  private static final ObjectMapper JSON = new ObjectMapper();

  static String nameOf(String application) {
    return "caas-relations-" + application;
  }

  /** An endpoint as the ConfigMap writes it. */
  private record EndpointLine(String name, String role, String interfaceName) {}

  /**
   * A side as the ConfigMap writes it (the relation id and application are in its key and name).
   */
  private record SideLine(
      SortedMap<String, Map<String, String>> units, Map<String, String> application) {}

  /** The data of an application's ConfigMap: its endpoints and its sides. */
  static Map<String, String> data(List<CharmEndpoint> endpoints, List<RelationSide> sides) {
    Map<String, String> data = new TreeMap<>();
    data.put(
        ENDPOINTS,
        write(
            endpoints.stream()
                .map(e -> new EndpointLine(e.name(), e.role().toString(), e.interfaceName()))
                .toList()));
    for (RelationSide side : sides)
      data.put(
          SIDE + side.relationId(), write(new SideLine(side.units(), side.applicationSettings())));
    return data;
  }

  /** The endpoints an application's ConfigMap lists; empty when it lists none readable. */
  static Optional<List<CharmEndpoint>> endpoints(Map<String, String> data) {
    if (data == null || !data.containsKey(ENDPOINTS)) return Optional.empty();
    try {
      List<EndpointLine> lines =
          JSON.readValue(data.get(ENDPOINTS), new TypeReference<List<EndpointLine>>() {});
      List<CharmEndpoint> endpoints = new ArrayList<>();
      for (EndpointLine line : lines) {
        Optional<RelationRole> role = role(line.role());
        if (role.isEmpty()) return Optional.empty();
        endpoints.add(new CharmEndpoint(line.name(), role.get(), line.interfaceName()));
      }
      return Optional.of(List.copyOf(endpoints));
    } catch (JsonProcessingException e) {
      return Optional.empty();
    }
  }

  /** {@code application}'s sides its ConfigMap holds, by relation id (unreadable ones left out). */
  static Map<Long, RelationSide> sides(String application, Map<String, String> data) {
    Map<Long, RelationSide> sides = new TreeMap<>();
    if (data == null) return sides;
    data.forEach(
        (key, value) -> {
          if (!key.startsWith(SIDE)) return;
          try {
            long id = Long.parseLong(key.substring(SIDE.length()));
            SideLine line = JSON.readValue(value, SideLine.class);
            sides.put(id, new RelationSide(id, application, line.units(), line.application()));
          } catch (NumberFormatException | JsonProcessingException e) {
            // not a side this operator wrote
          }
        });
    return sides;
  }

  private static Optional<RelationRole> role(String word) {
    for (RelationRole role : RelationRole.values())
      if (role.toString().equals(word)) return Optional.of(role);
    return Optional.empty();
  }

  private static String write(Object value) {
    try {
      return JSON.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("endpoints and sides are always JSON", e);
    }
  }
}
