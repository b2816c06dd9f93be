package io.caasoperator.model.runtime;

import java.util.List;

/**
 * The model as {@code status} shows it around each application's own view.
 *
 * @param model the model's name
 * @param applications the applications operated now, in name order (one removed from the bundle
 *     stays until its units are gone)
 * @param relations the model's relations, by id
 */
public record ModelOverview(String model, List<String> applications, List<Relation> relations) {

  public ModelOverview {
    applications = List.copyOf(applications);
    relations = List.copyOf(relations);
  }

  /**
   * One relation of the model.
   *
   * @param endpoints {@code app:endpoint} of each end, requirer first (Juju's key order)
   * @param peer whether it is an application's peer relation
   */
  public record Relation(
      long id, String key, List<String> endpoints, String interfaceName, boolean peer) {
    public Relation {
      endpoints = List.copyOf(endpoints);
    }
  }
}
