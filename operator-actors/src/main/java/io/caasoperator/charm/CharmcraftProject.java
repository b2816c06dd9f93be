package io.caasoperator.charm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A charm's {@code charmcraft.yaml} in charmcraft's unified format (charmcraft 2.5 and later): one
 * file holding the charm's metadata ({@code name}, {@code summary}, {@code containers}, {@code
 * peers}, {@code storage}, …), its {@code config:} and its {@code actions:}, besides build settings
 * we ignore ({@code type}, {@code base}, {@code parts}, …). {@code charmcraft pack} writes those
 * parts out as the packed charm's {@code metadata.yaml}, {@code config.yaml} and {@code
 * actions.yaml}; a charm run from its source tree has only this file.
 *
 * <p>When a separate file exists it wins (as in a packed charm, where charmcraft generated it):
 * charmcraft itself refuses to have a key in both.
 */
final class CharmcraftProject {
  static final String FILE = "charmcraft.yaml";

  /**
   * The keys charmcraft copies into {@code metadata.yaml} ({@code charmcraft/models/metadata.py},
   * {@code CharmMetadata}); {@code title} becomes {@code display-name} and {@code links} are spread
   * out, as in {@code CharmMetadata.from_charm}.
   */
  private static final List<String> METADATA_KEYS =
      List.of(
          "name",
          "summary",
          "description",
          "maintainers",
          "assumes",
          "charm-user",
          "containers",
          "devices",
          "docs",
          "extra-bindings",
          "issues",
          "peers",
          "provides",
          "requires",
          "resources",
          "source",
          "storage",
          "subordinate",
          "terms",
          "website");

  private final String charm;
  private final JsonNode project;

  private CharmcraftProject(String charm, JsonNode project) {
    this.charm = charm;
    this.project = project;
  }

  /** The project in {@code dir}, or empty when the charm has no {@code charmcraft.yaml}. */
  static Optional<CharmcraftProject> in(String charm, Path dir) throws CharmException {
    Path file = dir.resolve(FILE);
    if (!Files.isRegularFile(file)) return Optional.empty();
    CharmcraftProject project = new CharmcraftProject(charm, CharmYaml.read(charm, file));
    project.whole().requireMap();
    JsonNode type = project.whole().get("type");
    if (type.isTextual() && type.textValue().equals("bundle")) {
      throw project.whole().refuse("this is a bundle, not a charm");
    }
    return Optional.of(project);
  }

  /** Whether the charm's metadata is here: a unified project has a {@code name}. */
  boolean hasMetadata() {
    return !whole().get("name").isMissingNode();
  }

  CharmSection metadata() {
    return whole();
  }

  CharmSection config() {
    return new CharmSection(charm, FILE + ": config", whole().get("config"));
  }

  CharmSection actions() {
    return new CharmSection(charm, FILE + ": actions", whole().get("actions"));
  }

  private CharmSection whole() {
    return new CharmSection(charm, FILE, project);
  }

  /**
   * Writes into {@code dir} the files {@code charmcraft pack} would have generated from this
   * project and that the charm does not have: {@code ops} reads {@code metadata.yaml}, {@code
   * config.yaml} and {@code actions.yaml} from the charm directory at run time ({@code
   * ops/charm.py}, {@code CharmMeta.from_charm_root}), so a charm run from its source tree needs
   * them as much as a packed one.
   *
   * @return the files written, by name
   */
  List<String> writePackedFiles(Path dir) throws IOException {
    Map<String, JsonNode> files = new LinkedHashMap<>();
    if (hasMetadata()) files.put("metadata.yaml", packedMetadata());
    if (!config().isAbsent()) files.put("config.yaml", config().node());
    if (!actions().isAbsent()) files.put("actions.yaml", actions().node());
    List<String> written = new ArrayList<>();
    for (var file : files.entrySet()) {
      Path path = dir.resolve(file.getKey());
      if (Files.exists(path, LinkOption.NOFOLLOW_LINKS)) continue;
      CharmYaml.write(path, file.getValue());
      written.add(file.getKey());
    }
    return written;
  }

  private ObjectNode packedMetadata() {
    ObjectNode metadata = JsonNodeFactory.instance.objectNode();
    for (String key : METADATA_KEYS) {
      JsonNode value = project.get(key);
      if (value != null && !value.isNull()) metadata.set(key, value);
    }
    JsonNode title = project.get("title");
    if (title != null && !title.isNull()) metadata.set("display-name", title);
    JsonNode links = project.get("links");
    if (links != null && links.isObject()) {
      for (var it = links.properties().iterator(); it.hasNext(); ) {
        var link = it.next();
        switch (link.getKey()) {
          case "documentation" -> metadata.set("docs", link.getValue());
          case "contact" -> {
            ArrayNode contacts =
                link.getValue().isArray()
                    ? (ArrayNode) link.getValue()
                    : JsonNodeFactory.instance.arrayNode().add(link.getValue());
            metadata.set("maintainers", contacts);
          }
          default -> metadata.set(link.getKey(), link.getValue());
        }
      }
    }
    return metadata;
  }
}
