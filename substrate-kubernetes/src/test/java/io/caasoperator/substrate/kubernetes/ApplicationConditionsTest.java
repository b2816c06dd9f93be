package io.caasoperator.substrate.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.substrate.ApplicationReport;
import io.caasoperator.substrate.ApplicationReport.StatusLine;
import io.caasoperator.substrate.ApplicationReport.UnitReport;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The Application's conditions from what the operator reports (pure). */
class ApplicationConditionsTest {

  private static final StatusLine ACTIVE = new StatusLine("active", "");
  private static final String CHARM = "https://charms.example/db.charm";

  private static UnitReport unit(
      int n, String life, String agent, String workload, String message) {
    return new UnitReport(
        "db/" + n, life, new StatusLine(agent, ""), new StatusLine(workload, message));
  }

  private static UnitReport ready(int n) {
    return unit(n, "alive", "idle", "active", "");
  }

  /** An active application of the charm whose leader is db/0, with these units. */
  private static ApplicationReport activeLedByDb0(UnitReport... units) {
    return new ApplicationReport(ACTIVE, CHARM, "db/0", List.of(units));
  }

  /** An application without units or leader, in this status, of {@code charm} (null: none). */
  private static ApplicationReport withoutUnits(String status, String message, String charm) {
    return new ApplicationReport(new StatusLine(status, message), charm, null, List.of());
  }

  private static Map<String, ApplicationCondition> conditions(ApplicationReport report) {
    return ApplicationConditions.of(report).stream()
        .collect(Collectors.toMap(ApplicationCondition::type, Function.identity()));
  }

  @Test
  void everyUnitIdleOrBusyWithAnActiveWorkloadMakesTheApplicationReadyAndSettled() {
    var report = activeLedByDb0(ready(0), ready(1), unit(2, "alive", "executing", "active", ""));
    var c = conditions(report);
    assertThat(c.get("Ready"))
        .isEqualTo(ApplicationCondition.of("Ready", true, "UnitsReady", "3/3 units ready"));
    assertThat(c.get("Progressing").status()).isEqualTo("False");
    assertThat(c.get("Progressing").reason()).isEqualTo("Settled");
    assertThat(c.get("Degraded").status()).isEqualTo("False");
    assertThat(c.get("Degraded").reason()).isEqualTo("AsExpected");
    assertThat(ApplicationConditions.readyUnits(report)).isEqualTo("3/3");
    assertThat(ApplicationConditions.of(report))
        .extracting(ApplicationCondition::type)
        .containsExactly("Ready", "Progressing", "Degraded");
  }

  @Test
  void newUnitsAreProgressingAndNotYetReady() {
    var report =
        activeLedByDb0(ready(0), unit(1, "alive", "allocating", "waiting", "agent initialising"));
    var c = conditions(report);
    assertThat(c.get("Ready").status()).isEqualTo("False");
    assertThat(c.get("Ready").reason()).isEqualTo("UnitsNotReady");
    assertThat(c.get("Ready").message())
        .isEqualTo(
            "1/2 units ready; not ready: db/1 (agent allocating, workload waiting: agent initialising)");
    assertThat(c.get("Progressing"))
        .isEqualTo(ApplicationCondition.of("Progressing", true, "UnitsStarting", "starting: db/1"));
    assertThat(ApplicationConditions.readyUnits(report)).isEqualTo("1/2");
  }

  @Test
  void aFailedHookDegradesTheApplicationAndItIsNotReadyForThatReason() {
    var report =
        activeLedByDb0(
            ready(0), unit(1, "alive", "error", "error", "hook failed: \"config-changed\""));
    var c = conditions(report);
    assertThat(c.get("Degraded").status()).isEqualTo("True");
    assertThat(c.get("Degraded").reason()).isEqualTo("HookFailed");
    assertThat(c.get("Degraded").message())
        .startsWith("hook failed on db/1: hook failed: \"config-changed\"");
    assertThat(c.get("Ready").status()).isEqualTo("False");
    assertThat(c.get("Ready").reason()).isEqualTo("HookFailed");
  }

  @Test
  void aBlockedApplicationIsDegradedAndADownloadingOneIsProgressing() {
    var blocked = conditions(withoutUnits("blocked", "sha256 mismatch", CHARM));
    assertThat(blocked.get("Degraded"))
        .isEqualTo(
            ApplicationCondition.of(
                "Degraded", true, "ApplicationBlocked", "application is blocked: sha256 mismatch"));
    assertThat(blocked.get("Ready").reason()).isEqualTo("ApplicationBlocked");

    var downloading =
        conditions(
            new ApplicationReport(
                new StatusLine("maintenance", "Downloading charm"),
                CHARM,
                null,
                List.of(ready(0))));
    assertThat(downloading.get("Progressing"))
        .isEqualTo(
            ApplicationCondition.of(
                "Progressing",
                true,
                "ApplicationMaintenance",
                "application is maintenance: Downloading charm"));
    assertThat(downloading.get("Ready").reason()).isEqualTo("ApplicationMaintenance");
    assertThat(downloading.get("Degraded").status()).isEqualTo("False");
  }

  @Test
  void withoutACharmNothingIsReadyAndWaitingForTheSpecificationIsProgress() {
    var c = conditions(withoutUnits("waiting", "waiting for the specification", null));
    assertThat(c.get("Ready").reason()).isEqualTo("NoCharm");
    assertThat(c.get("Progressing").reason()).isEqualTo("ApplicationWaiting");
  }

  @Test
  void dyingUnitsAreProgressNotUnreadinessAndBlockedWorkloadsAreDegraded() {
    var report =
        activeLedByDb0(
            ready(0),
            unit(1, "dying", "executing", "maintenance", "stopping"),
            unit(2, "alive", "idle", "blocked", "needs a database"));
    var c = conditions(report);
    assertThat(c.get("Progressing").reason()).isEqualTo("UnitsStopping");
    assertThat(c.get("Degraded"))
        .isEqualTo(
            ApplicationCondition.of(
                "Degraded", true, "UnitsBlocked", "blocked: db/2: needs a database"));
    assertThat(ApplicationConditions.readyUnits(report)).isEqualTo("1/2");
  }

  @Test
  void manyUnitsAreNamedUpToThreeThenCounted() {
    var report =
        new ApplicationReport(
            ACTIVE,
            CHARM,
            null,
            List.of(
                unit(0, "alive", "allocating", "waiting", ""),
                unit(1, "alive", "allocating", "waiting", ""),
                unit(2, "alive", "allocating", "waiting", ""),
                unit(3, "alive", "allocating", "waiting", ""),
                unit(4, "alive", "allocating", "waiting", "")));
    assertThat(conditions(report).get("Progressing").message())
        .isEqualTo("starting: db/0, db/1, db/2 and 2 more");
  }

  @Test
  void aConditionKeepsItsTransitionTimeWhileItsStatusStaysAndTakesNowWhenItChanges() {
    Instant first = Instant.parse("2026-11-22T10:00:00.750Z");
    Instant later = Instant.parse("2026-11-22T10:05:00Z");
    var before =
        ApplicationConditions.transitioned(
            null,
            ApplicationConditions.of(new ApplicationReport(ACTIVE, CHARM, null, List.of(ready(0)))),
            first);
    assertThat(before)
        .allSatisfy(c -> assertThat(c.lastTransitionTime()).isEqualTo("2026-11-22T10:00:00Z"));

    var after =
        ApplicationConditions.transitioned(
            before,
            ApplicationConditions.of(
                new ApplicationReport(
                    ACTIVE,
                    CHARM,
                    null,
                    List.of(ready(0), unit(1, "alive", "allocating", "waiting", "")))),
            later);
    Map<String, String> times =
        after.stream()
            .collect(
                Collectors.toMap(
                    ApplicationCondition::type, ApplicationCondition::lastTransitionTime));
    assertThat(times)
        .containsEntry("Ready", "2026-11-22T10:05:00Z")
        .containsEntry("Progressing", "2026-11-22T10:05:00Z")
        .containsEntry("Degraded", "2026-11-22T10:00:00Z");
  }
}
