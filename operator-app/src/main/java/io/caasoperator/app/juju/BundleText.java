package io.caasoperator.app.juju;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import io.caasoperator.model.ModelName;
import java.util.ArrayList;
import java.util.List;

/**
 * A model's bundle file as text in, tree, text out: what {@link BundleEdits} work on. The file is
 * {@code juju}'s own (a user edits the model with {@code juju}, not with an editor), so comments
 * other than the header are not kept; keys keep their order, so an edit changes only what it meant
 * to.
 */
final class BundleText {

  private static final ObjectMapper YAML =
      new ObjectMapper(
          YAMLFactory.builder()
              .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
              .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
              .enable(YAMLGenerator.Feature.INDENT_ARRAYS_WITH_INDICATOR)
              .build());

  private BundleText() {}

  /** The bundle of a model just added: no applications, no relations. */
  static String empty(ModelName model) {
    ObjectNode root = YAML.createObjectNode();
    root.put("bundle", "kubernetes");
    root.put("name", model.value());
    root.putObject("applications");
    root.putArray("relations");
    return render(root);
  }

  /**
   * The tree of {@code text}.
   *
   * @throws JujuFailure when it is not a YAML mapping (someone edited the file by hand)
   */
  static ObjectNode parse(String text) {
    JsonNode root;
    try {
      root = YAML.readTree(text);
    } catch (JsonProcessingException e) {
      throw new JujuFailure("the model's bundle is not valid YAML: " + e.getOriginalMessage());
    }
    if (root == null || root.isMissingNode() || root.isNull()) return YAML.createObjectNode();
    if (!(root instanceof ObjectNode object))
      throw new JujuFailure("the model's bundle is not a YAML mapping");
    return object;
  }

  /**
   * The bundle as YAML, its relations last and each on one line as charm authors write them ({@code
   * - [kv-client, kv-store:kv]}): the block style would spread each pair over two lines.
   */
  static String render(ObjectNode root) {
    ObjectNode rest = root.deepCopy();
    JsonNode relations = rest.remove("relations");
    StringBuilder out = new StringBuilder(HEADER);
    try {
      out.append(YAML.writeValueAsString(rest));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a tree of plain values always renders", e);
    }
    if (relations == null) return out.toString();
    if (relations.isEmpty()) return out.append("relations: []\n").toString();
    out.append("relations:\n");
    for (JsonNode relation : relations) {
      if (!relation.isArray()) {
        // written by hand: kept as it is, for the bundle check to name
        out.append("  - ").append(relation.toString()).append("\n");
        continue;
      }
      List<String> ends = new ArrayList<>();
      relation.forEach(end -> ends.add(scalar(end.asText())));
      out.append("  - [").append(String.join(", ", ends)).append("]\n");
    }
    return out.toString();
  }

  /** An endpoint as a flow scalar: plain when it is a name, else double-quoted (JSON is YAML). */
  private static String scalar(String text) {
    if (PLAIN.matcher(text).matches()) return text;
    return quoted(text);
  }

  private static String quoted(String text) {
    try {
      return JSON_QUOTE.writeValueAsString(text);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a string always renders", e);
    }
  }

  private static final java.util.regex.Pattern PLAIN =
      java.util.regex.Pattern.compile("[a-z][a-z0-9-]*(:[a-z][a-z0-9_-]*)?");
  private static final ObjectMapper JSON_QUOTE = new ObjectMapper();

  /** {@code applications:}, made a mapping when it is missing or empty. */
  static ObjectNode applications(ObjectNode root) {
    JsonNode node = root.get("applications");
    if (node instanceof ObjectNode object) return object;
    if (node == null || node.isNull()) return root.putObject("applications");
    throw new JujuFailure("the model's bundle has applications that are not a mapping");
  }

  /** {@code relations:}, made a list when it is missing or empty. */
  static ArrayNode relations(ObjectNode root) {
    JsonNode node = root.get("relations");
    if (node instanceof ArrayNode array) return array;
    if (node == null || node.isNull()) return root.putArray("relations");
    throw new JujuFailure("the model's bundle has relations that are not a list");
  }

  static ObjectMapper mapper() {
    return YAML;
  }

  private static final String HEADER =
      "# This model's applications and relations, kept by `juju` (deploy, integrate, config,\n"
          + "# scale-application... edit it); the model's operator follows every change.\n";
}
