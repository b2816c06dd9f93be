package io.caasoperator.app.juju;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import io.caasoperator.model.ModelName;

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

  static String render(ObjectNode root) {
    try {
      return HEADER + YAML.writeValueAsString(root);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a tree of plain values always renders", e);
    }
  }

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
