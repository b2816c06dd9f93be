package io.caasoperator.substrate.kubernetes;

import io.caasoperator.substrate.ApplicationReport;
import java.util.Comparator;
import java.util.List;

/**
 * What the operator reports ({@link ApplicationReport}) as the Application's status: its lines, the
 * ready-units summary and the conditions ({@link ApplicationConditions}). Pure; the writer adds the
 * times and the substrate the observed generation.
 */
public final class ApplicationStatusMapping {

  private ApplicationStatusMapping() {}

  public static ApplicationStatus of(ApplicationReport report) {
    List<ApplicationStatus.UnitStatus> units =
        report.units().stream()
            .sorted(
                Comparator.comparing(
                    ApplicationReport.UnitReport::unit, ApplicationStatusMapping::byUnitNumber))
            .map(
                u ->
                    new ApplicationStatus.UnitStatus(
                        u.unit(),
                        u.life(),
                        u.agent().value(),
                        u.workload().value(),
                        u.workload().message()))
            .toList();
    return new ApplicationStatus(
        report.status().value(),
        report.status().message(),
        report.charmUrl(),
        null,
        units,
        ApplicationConditions.readyUnits(report),
        null,
        ApplicationConditions.of(report));
  }

  /** {@code app/2} before {@code app/10}. */
  private static int byUnitNumber(String a, String b) {
    return Long.compare(number(a), number(b));
  }

  private static long number(String unit) {
    return Long.parseLong(unit.substring(unit.lastIndexOf('/') + 1));
  }
}
