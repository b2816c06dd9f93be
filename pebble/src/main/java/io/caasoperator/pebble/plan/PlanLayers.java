package io.caasoperator.pebble.plan;

import java.util.ArrayList;
import java.util.List;

/**
 * Adding a layer to a plan, as Pebble's plan manager does (internals/overlord/planstate/manager.go
 * {@code AppendLayer}, {@code CombineLayer}): pure functions from a plan and a parsed layer to the
 * next plan.
 */
public final class PlanLayers {
  private PlanLayers() {}

  /**
   * Appends {@code layer} on top, or with {@code combine} merges it into the existing layer of the
   * same label (appending when there is none).
   *
   * @throws PlanFormatException when the label exists and combine is false, or the resulting plan
   *     is invalid
   */
  public static Plan add(Plan plan, Layer layer, boolean combine) throws PlanFormatException {
    List<Layer> layers = new ArrayList<>(plan.layers());
    int index = indexOf(layers, layer.label());
    if (index >= 0) {
      if (!combine) {
        throw new PlanFormatException("layer \"" + layer.label() + "\" already exists");
      }
      Layer found = layers.get(index);
      Layer combined = Plan.combine(List.of(found, layer));
      layers.set(
          index,
          new Layer(
              found.order(),
              found.label(),
              combined.summary(),
              combined.description(),
              combined.services(),
              combined.checks(),
              combined.logTargets()));
      return Plan.of(layers);
    }
    int order = layers.isEmpty() ? 1 : layers.get(layers.size() - 1).order() + 1;
    layers.add(layer.withOrder(order));
    return Plan.of(layers);
  }

  private static int indexOf(List<Layer> layers, String label) {
    for (int i = 0; i < layers.size(); i++) {
      if (layers.get(i).label().equals(label)) {
        return i;
      }
    }
    return -1;
  }
}
