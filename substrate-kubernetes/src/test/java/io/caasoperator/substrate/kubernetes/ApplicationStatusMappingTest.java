package io.caasoperator.substrate.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.substrate.ApplicationReport;
import io.caasoperator.substrate.ApplicationReport.StatusLine;
import io.caasoperator.substrate.ApplicationReport.UnitReport;
import java.util.List;
import org.junit.jupiter.api.Test;

class ApplicationStatusMappingTest {

  @Test
  void theReportBecomesTheApplicationsStatusWithUnitsInNumberOrder() {
    ApplicationReport report =
        new ApplicationReport(
            new StatusLine("blocked", "config: port must be an int"),
            "/charms/db",
            "db/2",
            List.of(
                new UnitReport(
                    "db/10",
                    "alive",
                    new StatusLine("idle", ""),
                    new StatusLine("active", "ready")),
                new UnitReport(
                    "db/2",
                    "dying",
                    new StatusLine("executing", "running stop hook"),
                    new StatusLine("maintenance", "stopping"))));

    ApplicationStatus status = ApplicationStatusMapping.of(report);

    assertThat(status.status()).isEqualTo("blocked");
    assertThat(status.message()).isEqualTo("config: port must be an int");
    assertThat(status.charm()).isEqualTo("/charms/db");
    assertThat(status.units())
        .containsExactly(
            new ApplicationStatus.UnitStatus(
                "db/2", "dying", "executing", "maintenance", "stopping"),
            new ApplicationStatus.UnitStatus("db/10", "alive", "idle", "active", "ready"));
  }
}
