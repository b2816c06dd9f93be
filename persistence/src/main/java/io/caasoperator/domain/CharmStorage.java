package io.caasoperator.domain;

/**
 * One storage a charm declares under {@code storage:} (Juju {@code internal/charm/meta.go}, {@code
 * parseStorage}).
 *
 * @param type {@code filesystem} or {@code block}
 * @param location where a filesystem is mounted in the workload ("" when the charm leaves it to
 *     Juju's default)
 */
public record CharmStorage(String type, String location) {

  public CharmStorage {
    if (!"filesystem".equals(type) && !"block".equals(type)) {
      throw new IllegalArgumentException("storage type must be filesystem or block, not " + type);
    }
    location = location == null ? "" : location;
  }
}
