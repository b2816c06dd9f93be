package io.caasoperator.model;

import java.util.List;

/**
 * One entry of a bundle's {@code relations:} as written: two {@code application[:endpoint]}.
 *
 * @param endpoints the names as written, e.g. {@code ["web:db", "db"]}
 */
public record BundleRelation(List<String> endpoints) {
  public BundleRelation {
    endpoints = List.copyOf(endpoints);
  }

  /** As Juju quotes a relation in its messages: {@code ["web:db" "db"]}. */
  @Override
  public String toString() {
    return GoQuoted.of(endpoints);
  }
}
