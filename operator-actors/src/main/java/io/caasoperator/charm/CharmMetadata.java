package io.caasoperator.charm;

import com.fasterxml.jackson.databind.JsonNode;
import io.caasoperator.domain.CharmStorage;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a charm says about itself in {@code metadata.yaml}, or in {@code charmcraft.yaml} for a
 * charm whose metadata lives there (every charm made since charmcraft 2.5). The same keys mean the
 * same in both (charmcraft writes them into the packed charm's {@code metadata.yaml} as they are:
 * {@code charmcraft/models/metadata.py}, {@code CharmMetadata.from_charm}); Juju's reading of them
 * is {@code internal/charm/meta.go}.
 *
 * @param name the charm's name
 * @param containers container names, in file order: pebble-ready hooks start in that order
 * @param peers peer relation name to interface
 * @param provides provided relation name to interface
 * @param requires required relation name to interface
 * @param storage storage by name
 */
record CharmMetadata(
    String name,
    List<String> containers,
    Map<String, String> peers,
    Map<String, String> provides,
    Map<String, String> requires,
    Map<String, CharmStorage> storage) {

  CharmMetadata {
    containers = List.copyOf(containers);
    peers = Map.copyOf(peers);
    provides = Map.copyOf(provides);
    requires = Map.copyOf(requires);
    storage = Map.copyOf(storage);
  }

  static CharmMetadata read(CharmSection section) throws CharmException {
    section.requireMap();
    String name = name(section);
    List<String> containers = new ArrayList<>();
    for (var it = section.entries("containers"); it.hasNext(); ) containers.add(it.next().getKey());
    Map<String, String> peers = relations(section, "peers");
    Map<String, String> requires = relations(section, "requires");
    Map<String, String> provides = relations(section, "provides");
    Map<String, CharmStorage> storage = storage(section);
    for (var it = section.entries("resources"); it.hasNext(); ) {
      var resource = it.next();
      if (!resource.getValue().isObject()) {
        throw section.refuse("resource \"" + resource.getKey() + "\" must be a map");
      }
    }
    return new CharmMetadata(name, containers, peers, provides, requires, storage);
  }

  private static String name(CharmSection section) throws CharmException {
    JsonNode name = section.get("name");
    if (name.isMissingNode()) throw section.refuse("missing field \"name\"");
    if (!name.isTextual() || name.asText().isBlank()) {
      throw section.refuse("field \"name\" must be a non-empty string");
    }
    return name.asText();
  }

  /**
   * Relation name to interface. Juju accepts {@code name: interface} as a shorthand for {@code
   * name: {interface: interface}} ({@code meta.go}, {@code ifaceExpander}).
   */
  private static Map<String, String> relations(CharmSection section, String role)
      throws CharmException {
    Map<String, String> relations = new LinkedHashMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = section.entries(role); it.hasNext(); ) {
      var relation = it.next();
      String where = role + ": relation \"" + relation.getKey() + "\": ";
      JsonNode value = relation.getValue();
      JsonNode iface = value.isObject() ? value.get("interface") : value;
      if (iface == null || iface.isNull())
        throw section.refuse(where + "missing field \"interface\"");
      if (!iface.isTextual() || iface.asText().isBlank()) {
        throw section.refuse(
            where
                + (value.isObject() ? "field \"interface\" must be" : "must be a map or")
                + " a non-empty string");
      }
      relations.put(relation.getKey(), iface.asText());
    }
    return relations;
  }

  private static Map<String, CharmStorage> storage(CharmSection section) throws CharmException {
    Map<String, CharmStorage> storage = new LinkedHashMap<>();
    for (var it = section.entries("storage"); it.hasNext(); ) {
      var store = it.next();
      String where = "storage \"" + store.getKey() + "\": ";
      JsonNode value = store.getValue();
      if (!value.isObject()) throw section.refuse(where + "must be a map");
      JsonNode type = value.get("type");
      if (type == null || type.isNull()) throw section.refuse(where + "missing field \"type\"");
      if (!type.isTextual() || !List.of("filesystem", "block").contains(type.asText())) {
        throw section.refuse(where + "field \"type\" must be filesystem or block, not " + type);
      }
      JsonNode location = value.get("location");
      if (location != null && !location.isNull() && !location.isTextual()) {
        throw section.refuse(where + "field \"location\" must be a string");
      }
      storage.put(
          store.getKey(),
          new CharmStorage(
              type.asText(), location == null || location.isNull() ? "" : location.asText()));
    }
    return storage;
  }
}
