package io.caasoperator.substrate.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.caasoperator.domain.ApplicationName;
import io.caasoperator.substrate.ApplicationObservation;
import io.caasoperator.substrate.ApplicationReport;
import io.caasoperator.substrate.ApplicationReport.StatusLine;
import io.caasoperator.substrate.ApplicationReport.UnitReport;
import io.caasoperator.substrate.Watch;
import io.caasoperator.testing.RecordingSink;
import io.caasoperator.testing.TestClock;
import io.caasoperator.testing.TestUnits;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The Application's status as the substrate writes it, against the CRUD mock API server: the
 * conditions {@code kubectl wait --for=condition=Ready} reads, their transition times, and {@code
 * observedGeneration} following the spec's edits.
 */
class ApplicationStatusReportingTest {

  private static final String NS = "test";
  private static final Duration WAIT = Duration.ofSeconds(20);
  private static final ApplicationName APP = new ApplicationName("db");
  private static final String CHARM = "https://charms.example/db.charm";

  private final TestClock clock = new TestClock(Instant.parse("2026-11-22T10:00:00Z"));
  @RegisterExtension final CrudApiServer api = CrudApiServer.withCrd();
  private final KubernetesClient client = api.client;
  private KubernetesSubstrate substrate;
  private KubernetesReporting reporting;

  @BeforeEach
  void start() throws Exception {
    ObservedGeneration generation = new ObservedGeneration();
    reporting =
        new KubernetesReporting(
            new ApplicationStatusWriter(client, NS, APP, clock),
            new ApplicationEventRecorder(client, NS, APP, "test-replica", clock),
            generation);
    substrate =
        new KubernetesSubstrate(
            client,
            NS,
            APP,
            Duration.ofMinutes(1),
            "charm-init",
            pods -> TestUnits.SUCCEEDING,
            TestUnits.SUCCEEDING,
            reporting,
            null,
            new KubernetesApiRequests(),
            generation,
            null);
  }

  @AfterEach
  void stop() {
    substrate.close();
  }

  /** Creates the Application {@link #APP}: {@link #CHARM} with this config. */
  private void createApplication(Map<String, Object> config) {
    api.createApplication(
        NS, APP.value(), new ApplicationSpec.CharmSpec(CHARM, "ab".repeat(32), null, null), config);
  }

  private Application resource() {
    return client.resources(Application.class).inNamespace(NS).withName(APP.value()).get();
  }

  private ApplicationCondition condition(String type) {
    return resource().getStatus().conditions().stream()
        .filter(c -> c.type().equals(type))
        .findFirst()
        .orElseThrow();
  }

  private static ApplicationReport report(UnitReport... units) {
    return new ApplicationReport(new StatusLine("active", ""), CHARM, "db/0", List.of(units));
  }

  private static UnitReport unit(int n, String agent, String workload) {
    return new UnitReport(
        "db/" + n, "alive", new StatusLine(agent, ""), new StatusLine(workload, ""));
  }

  @Test
  void conditionsAreWrittenAndObservedGenerationFollowsTheSpecsEdits() {
    createApplication(Map.of("port", 3306));
    RecordingSink<ApplicationObservation> sink = new RecordingSink<>();
    try (Watch ignored = substrate.applicationSource().watch(sink)) {
      await().atMost(WAIT).until(() -> sink.last() instanceof ApplicationObservation.Specified);
      long first = resource().getMetadata().getGeneration();
      assertThat(substrate.observedGeneration()).isEqualTo(first);

      reporting.report(report(unit(0, "allocating", "waiting")));
      ApplicationStatus status = resource().getStatus();
      assertThat(status.observedGeneration()).isEqualTo(first);
      assertThat(status.readyUnits()).isEqualTo("0/1");
      assertThat(status.conditions())
          .extracting(ApplicationCondition::type)
          .containsExactly("Ready", "Progressing", "Degraded");
      assertThat(status.conditions())
          .allSatisfy(
              c -> {
                assertThat(c.observedGeneration()).isEqualTo(first);
                assertThat(c.lastTransitionTime()).isEqualTo("2026-11-22T10:00:00Z");
              });
      assertThat(condition("Ready").status()).isEqualTo("False");
      assertThat(condition("Progressing").reason()).isEqualTo("UnitsStarting");

      // The user edits the spec: a new generation, received by the operator, then reported.
      client
          .resources(Application.class)
          .inNamespace(NS)
          .withName(APP.value())
          .edit(
              a -> {
                a.getSpec().config().put("port", 3307);
                return a;
              });
      long second = resource().getMetadata().getGeneration();
      assertThat(second).isGreaterThan(first);
      await().atMost(WAIT).until(() -> Long.valueOf(second).equals(substrate.observedGeneration()));
      clock.set(Instant.parse("2026-11-22T10:01:00Z"));
      reporting.report(report(unit(0, "idle", "active")));
      status = resource().getStatus();
      assertThat(status.observedGeneration()).isEqualTo(second);
      assertThat(status.readyUnits()).isEqualTo("1/1");
      assertThat(condition("Ready"))
          .satisfies(
              c -> {
                assertThat(c.status())
                    .isEqualTo("True"); // what kubectl wait --for=condition=Ready waits for
                assertThat(c.reason()).isEqualTo("UnitsReady");
                assertThat(c.observedGeneration()).isEqualTo(second);
                assertThat(c.lastTransitionTime()).isEqualTo("2026-11-22T10:01:00Z");
              });
      assertThat(condition("Degraded").lastTransitionTime())
          .as("still False: unchanged")
          .isEqualTo("2026-11-22T10:00:00Z");

      // A hook fails: Degraded, with its own transition; Ready follows.
      clock.set(Instant.parse("2026-11-22T10:02:00Z"));
      reporting.report(
          report(
              new UnitReport(
                  "db/0",
                  "alive",
                  new StatusLine("error", "exit status 1"),
                  new StatusLine("error", "hook failed: \"config-changed\""))));
      assertThat(condition("Degraded"))
          .satisfies(
              c -> {
                assertThat(c.status()).isEqualTo("True");
                assertThat(c.reason()).isEqualTo("HookFailed");
                assertThat(c.lastTransitionTime()).isEqualTo("2026-11-22T10:02:00Z");
              });
      assertThat(condition("Ready").reason()).isEqualTo("HookFailed");
    }
  }

  @Test
  void aRestartedOperatorKeepsTheTransitionTimesTheResourceHolds() {
    createApplication(Map.of());
    reporting.report(report(unit(0, "idle", "active")));
    assertThat(condition("Ready").lastTransitionTime()).isEqualTo("2026-11-22T10:00:00Z");

    // A new writer (a new process) reports the same conditions an hour later: nothing transitioned.
    clock.set(Instant.parse("2026-11-22T11:00:00Z"));
    var restarted = new ApplicationStatusWriter(client, NS, APP, clock);
    assertThat(
            restarted.write(
                ApplicationStatusMapping.of(
                    report(unit(0, "idle", "active"), unit(1, "idle", "active")))))
        .isTrue();
    assertThat(resource().getStatus().readyUnits()).isEqualTo("2/2");
    assertThat(condition("Ready").lastTransitionTime()).isEqualTo("2026-11-22T10:00:00Z");
  }
}
