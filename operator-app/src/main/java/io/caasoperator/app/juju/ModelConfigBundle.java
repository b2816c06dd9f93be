package io.caasoperator.app.juju;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.caasoperator.model.BundleFile;
import io.caasoperator.model.UpdateStatusInterval;
import java.util.Collection;
import java.util.Map;

/**
 * The part of a model's config its running operator follows, written into the model's bundle
 * ({@code model-config: {update-status-hook-interval: D}}): the bundle is the file every
 * application of the running model already watches, so a changed interval reaches every unit as a
 * changed specification, with no restart of the operator. The whole config stays in {@code
 * model.properties} ({@link ModelStore}), which {@code juju model-config} shows. Pure: text in,
 * text out.
 */
final class ModelConfigBundle {
  private ModelConfigBundle() {}

  /**
   * Refuses a value the model would refuse, in Juju's words, before anything is changed.
   *
   * @throws JujuFailure for an {@code update-status-hook-interval} that is not a positive duration
   */
  static void check(Map<String, String> set) {
    String interval = set.get(UpdateStatusInterval.KEY);
    if (interval == null) return;
    try {
      UpdateStatusInterval.parse(interval);
    } catch (IllegalArgumentException e) {
      throw new JujuFailure(e.getMessage());
    }
  }

  /** Whether setting {@code set} and resetting {@code reset} changes what the bundle carries. */
  static boolean touches(Map<String, String> set, Collection<String> reset) {
    return set.containsKey(UpdateStatusInterval.KEY) || reset.contains(UpdateStatusInterval.KEY);
  }

  /**
   * The bundle with the interval set (from {@code set}) or removed (reset: the model goes back to
   * Juju's default, 5m); an emptied {@code model-config} is removed.
   */
  static String edit(String bundle, Map<String, String> set, Collection<String> reset) {
    ObjectNode root = BundleText.parse(bundle);
    JsonNode existing = root.get(BundleFile.MODEL_CONFIG);
    ObjectNode config =
        existing instanceof ObjectNode o ? o : root.putObject(BundleFile.MODEL_CONFIG);
    String interval = set.get(UpdateStatusInterval.KEY);
    if (interval != null) config.put(UpdateStatusInterval.KEY, interval);
    if (reset.contains(UpdateStatusInterval.KEY)) config.remove(UpdateStatusInterval.KEY);
    if (config.isEmpty()) root.remove(BundleFile.MODEL_CONFIG);
    return BundleText.render(root);
  }
}
