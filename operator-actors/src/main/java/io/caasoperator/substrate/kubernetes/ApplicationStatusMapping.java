package io.caasoperator.substrate.kubernetes;

import io.caasoperator.domain.Status;
import io.caasoperator.operator.ApplicationView;
import io.caasoperator.unit.UnitView;
import java.util.List;

/** What the operator shows ({@link ApplicationView}) as the Application's status. Pure. */
public final class ApplicationStatusMapping {

  private ApplicationStatusMapping() {}

  public static ApplicationStatus of(ApplicationView view) {
    List<ApplicationStatus.UnitStatus> units = view.units().stream()
        .sorted(java.util.Comparator.comparing(UnitView::unit))
        .map(u -> new ApplicationStatus.UnitStatus(u.unit().name(), u.life().label(),
            value(u.agentStatus()), value(u.workloadStatus()), message(u.workloadStatus())))
        .toList();
    return new ApplicationStatus(value(view.status()), message(view.status()),
        view.charm() == null ? null : view.charm().url(), null, units);
  }

  private static String value(Status status) {
    return status == null ? "unknown" : status.value();
  }

  private static String message(Status status) {
    return status == null ? "" : status.message();
  }
}
