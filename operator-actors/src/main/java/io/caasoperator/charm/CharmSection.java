package io.caasoperator.charm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.util.Collections;
import java.util.Iterator;
import java.util.Map;

/**
 * One part of a charm's definition and the file it came from: metadata from {@code metadata.yaml}
 * or {@code charmcraft.yaml}, options from {@code config.yaml} or {@code charmcraft.yaml}'s {@code
 * config:}, and so on. Every problem found in it names that place, e.g. {@code charmcraft.yaml:
 * config: option "port": default "abc" is not an int}.
 *
 * @param charm how the user named the charm, for {@link CharmException}
 * @param where the file, and the key within it when the part is not the whole file
 * @param node the part's content; a missing node when the charm does not have it
 */
record CharmSection(String charm, String where, JsonNode node) {

  boolean isAbsent() {
    return node == null || node.isMissingNode() || node.isNull();
  }

  /** A non-retryable refusal naming this part: the charm must be fixed. */
  CharmException refuse(String problem) {
    return new CharmException(charm, where + ": " + problem, false);
  }

  /** Checks the part is a map (or absent, which reads as an empty map). */
  CharmSection requireMap() throws CharmException {
    if (!isAbsent() && !node.isObject()) throw refuse("expected a map at the top level");
    return this;
  }

  /** The value of {@code key}: a missing node when absent or null. */
  JsonNode get(String key) {
    JsonNode value = isAbsent() || !node.isObject() ? null : node.get(key);
    return value == null || value.isNull() ? MissingNode.getInstance() : value;
  }

  /** The entries of the map under {@code key}, in file order; none when absent. */
  Iterator<Map.Entry<String, JsonNode>> entries(String key) throws CharmException {
    JsonNode value = get(key);
    if (value.isMissingNode()) return Collections.emptyIterator();
    if (!value.isObject()) throw refuse("field \"" + key + "\" must be a map");
    return value.properties().iterator();
  }
}
