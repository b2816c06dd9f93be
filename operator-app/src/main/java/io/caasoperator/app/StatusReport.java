package io.caasoperator.app;

import io.caasoperator.domain.Status;
import io.caasoperator.operator.ApplicationView;
import io.caasoperator.substrate.ApplicationReport;
import io.caasoperator.unit.UnitView;

/** The operator's view of the application as the plain report a substrate shows. Pure. */
final class StatusReport {

  private StatusReport() {}

  static ApplicationReport of(ApplicationView view) {
    return new ApplicationReport(
        line(view.status()),
        view.charm() == null ? null : view.charm().url(),
        view.leader(),
        view.units().stream()
            .sorted(java.util.Comparator.comparing(UnitView::unit))
            .map(
                u ->
                    new ApplicationReport.UnitReport(
                        u.unit().name(),
                        u.life().label(),
                        line(u.agentStatus()),
                        line(u.workloadStatus())))
            .toList());
  }

  private static ApplicationReport.StatusLine line(Status status) {
    return status == null
        ? ApplicationReport.StatusLine.UNKNOWN
        : new ApplicationReport.StatusLine(status.value(), status.message());
  }
}
