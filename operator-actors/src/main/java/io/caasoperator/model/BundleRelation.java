package io.caasoperator.model;

import java.util.List;

/**
 * One entry of a bundle's {@code relations:} as written: two {@code application[:endpoint]}.
 *
 * @param endpoints the names as written, e.g. {@code ["web:db", "db"]}
 * @param line the line of the bundle file it stands on, for problems found later; 0 when unknown
 */
public record BundleRelation(List<String> endpoints, int line) {
  public BundleRelation {
    endpoints = List.copyOf(endpoints);
  }

  /** A relation whose place in a file is unknown. */
  public BundleRelation(List<String> endpoints) {
    this(endpoints, 0);
  }

  /** As Juju quotes a relation in its messages: {@code ["web:db" "db"]}. */
  @Override
  public String toString() {
    return GoQuoted.of(endpoints);
  }
}
