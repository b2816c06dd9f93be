package io.caasoperator.substrate;

import java.util.List;

/**
 * The application as the operator sees it now, for a substrate that shows it somewhere of its own
 * (Kubernetes: the Application resource's status). Plain values: a substrate never sees the actors'
 * types.
 *
 * @param status the application status
 * @param charmUrl where the deployed charm came from; null before the first deployment
 * @param leader the leader unit's name; null when there is none
 * @param units every unit, in unit order
 */
public record ApplicationReport(
    StatusLine status, String charmUrl, String leader, List<UnitReport> units) {

  public ApplicationReport {
    units = List.copyOf(units);
  }

  /** A status value ({@code active}, {@code idle}, {@code error}, …) and its message. */
  public record StatusLine(String value, String message) {
    public static final StatusLine UNKNOWN = new StatusLine("unknown", "");
  }

  /**
   * @param unit e.g. {@code mariadb/0}
   * @param life alive, dying or dead
   */
  public record UnitReport(String unit, String life, StatusLine agent, StatusLine workload) {}
}
