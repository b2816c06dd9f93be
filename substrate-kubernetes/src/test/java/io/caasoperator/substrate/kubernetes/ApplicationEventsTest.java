package io.caasoperator.substrate.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.caasoperator.domain.ApplicationName;
import io.caasoperator.domain.CharmInfo;
import io.caasoperator.domain.CharmRef;
import io.caasoperator.persistence.OperatorEvent;
import io.caasoperator.persistence.UnitEvent;
import io.caasoperator.persistence.timeline.JournalEntry;
import io.caasoperator.substrate.ApplicationNotice;
import io.caasoperator.testing.TestClock;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Journal facts → notices (pure), and notices → core/v1 Events on the Application (CRUD mock). */
class ApplicationEventsTest {

  private static final String NS = "test";
  private static final Instant NOW = Instant.parse("2026-11-22T10:15:30.250Z");

  @RegisterExtension final CrudApiServer api = CrudApiServer.withCrd();
  private final KubernetesClient client = api.client;

  private static CharmInfo charm() {
    return new CharmInfo(
        2,
        "db",
        new CharmRef("https://charms.example/db.charm", null, 1, false),
        "ab12",
        List.of("web"),
        Set.of("install"),
        false,
        Map.of());
  }

  /** Creates the Application db (its charm a URL) in {@link #NS}. */
  private Application createDb() {
    return api.createApplication(
        NS,
        "db",
        new ApplicationSpec.CharmSpec("https://charms.example/db.charm", null, null, null),
        Map.of());
  }

  /** The one of {@code events} about {@code unit}. */
  private static Event eventOf(List<Event> events, String unit) {
    return events.stream()
        .filter(e -> e.getMessage().startsWith("unit " + unit + ":"))
        .findFirst()
        .orElseThrow();
  }

  /** What the operator notices when a unit's hook fails (a warning, about that unit). */
  private static ApplicationNotice hookFailed(String unit, String hook, int exitCode) {
    return new ApplicationNotice(
        true,
        "HookFailed",
        "unit " + unit + ": hook " + hook + " failed (exit code " + exitCode + ")",
        unit);
  }

  @Test
  void aFailedHookIsAWarningNamingTheUnitHookExitCodeAndReason() {
    JournalEntry entry =
        JournalEntry.of(
            7,
            "unit|db/1",
            4,
            new UnitEvent.HookFailed("config-changed", 3, "exit status 3\n", 120, NOW));
    assertThat(ApplicationNotice.of(entry))
        .contains(
            new ApplicationNotice(
                true,
                "HookFailed",
                "unit db/1: hook config-changed failed (exit code 3): exit status 3",
                "db/1"));
  }

  @Test
  void aDeployedCharmIsNormalWithItsGenerationAndUrl() {
    JournalEntry entry =
        JournalEntry.of(9, "operator|db", 5, new OperatorEvent.CharmDeployed(charm(), NOW));
    assertThat(ApplicationNotice.of(entry))
        .contains(
            new ApplicationNotice(
                false,
                "CharmDeployed",
                "charm db generation 2 deployed from https://charms.example/db.charm"));
  }

  @Test
  void otherFactsAreNotNoticesAndLongMessagesAreCut() {
    JournalEntry entry = JournalEntry.of(10, "unit|db/1", 5, new UnitEvent.HookResolved(true, NOW));
    assertThat(ApplicationNotice.of(entry)).isEmpty();
    assertThat(new ApplicationNotice(true, "HookFailed", "x".repeat(5000)).message())
        .hasSize(ApplicationNotice.MAX_MESSAGE);
  }

  @Test
  void aNoticeBecomesAnEventOnTheApplicationThatKubectlDescribeLists() {
    Application created = createDb();
    ApplicationEventRecorder recorder =
        new ApplicationEventRecorder(
            client,
            NS,
            new ApplicationName("db"),
            "operator-0-abc",
            Clock.fixed(NOW, ZoneOffset.UTC));

    assertThat(
            recorder.record(
                new ApplicationNotice(
                    true, "HookFailed", "unit db/1: hook install failed (exit code 1)")))
        .isTrue();
    assertThat(
            recorder.record(
                new ApplicationNotice(false, "CharmDeployed", "charm db generation 1 deployed")))
        .isTrue();

    List<Event> events = client.v1().events().inNamespace(NS).list().getItems();
    assertThat(events).hasSize(2);
    Event failed =
        events.stream().filter(e -> e.getReason().equals("HookFailed")).findFirst().orElseThrow();
    assertThat(failed.getType()).isEqualTo("Warning");
    assertThat(failed.getMessage()).isEqualTo("unit db/1: hook install failed (exit code 1)");
    assertThat(failed.getInvolvedObject().getKind()).isEqualTo("Application");
    assertThat(failed.getInvolvedObject().getApiVersion()).isEqualTo("caasoperator.org/v1");
    assertThat(failed.getInvolvedObject().getName()).isEqualTo("db");
    assertThat(failed.getInvolvedObject().getUid()).isEqualTo(created.getMetadata().getUid());
    assertThat(failed.getSource().getComponent()).isEqualTo("caas-operator");
    assertThat(failed.getReportingInstance()).isEqualTo("operator-0-abc");
    assertThat(failed.getLastTimestamp()).isEqualTo("2026-11-22T10:15:30Z");
    assertThat(events)
        .filteredOn(e -> e.getReason().equals("CharmDeployed"))
        .singleElement()
        .satisfies(e -> assertThat(e.getType()).isEqualTo("Normal"));
  }

  @Test
  void theSameFactAgainIsCountedOnItsEventByReasonAndUnitWithinTheSeriesWindow() {
    createDb();
    TestClock clock = new TestClock(NOW);
    ApplicationEventRecorder recorder =
        new ApplicationEventRecorder(client, NS, new ApplicationName("db"), "op-0", clock);

    // db/1's install fails three times through its backoff (5 s, 10 s), db/2's once.
    assertThat(recorder.record(hookFailed("db/1", "install", 1))).isTrue();
    clock.set(NOW.plusSeconds(5));
    assertThat(recorder.record(hookFailed("db/1", "install", 2))).isTrue();
    assertThat(recorder.record(hookFailed("db/2", "install", 1))).isTrue();
    clock.set(NOW.plusSeconds(15));
    assertThat(recorder.record(hookFailed("db/1", "install", 3))).isTrue();

    List<Event> events = client.v1().events().inNamespace(NS).list().getItems();
    assertThat(events).hasSize(2);
    Event db1 = eventOf(events, "db/1");
    assertThat(db1.getCount()).isEqualTo(3);
    assertThat(db1.getMessage()).isEqualTo("unit db/1: hook install failed (exit code 3)");
    assertThat(db1.getFirstTimestamp()).isEqualTo("2026-11-22T10:15:30Z");
    assertThat(db1.getLastTimestamp()).isEqualTo("2026-11-22T10:15:45Z");
    assertThat(db1.getSeries().getCount()).isEqualTo(3);
    assertThat(db1.getSeries().getLastObservedTime().getTime())
        .isEqualTo("2026-11-22T10:15:45.250000Z");
    assertThat(db1.getType()).isEqualTo("Warning");
    Event db2 = eventOf(events, "db/2");
    assertThat(db2.getCount()).isEqualTo(1);
    assertThat(db2.getSeries()).isNull();

    // Quiet for longer than the window: the next failure starts a new Event.
    clock.set(NOW.plusSeconds(15).plus(ApplicationEventRecorder.SERIES_WINDOW).plusSeconds(1));
    assertThat(recorder.record(hookFailed("db/1", "start", 1))).isTrue();
    assertThat(client.v1().events().inNamespace(NS).list().getItems()).hasSize(3);

    // The API server expired (or someone deleted) the series' Event: a new one, counting from 1.
    Event latest =
        client.v1().events().inNamespace(NS).list().getItems().stream()
            .filter(e -> e.getMessage().contains("hook start"))
            .findFirst()
            .orElseThrow();
    client.v1().events().inNamespace(NS).withName(latest.getMetadata().getName()).delete();
    await()
        .atMost(java.time.Duration.ofSeconds(10))
        .until(
            () ->
                client.v1().events().inNamespace(NS).withName(latest.getMetadata().getName()).get()
                    == null);
    clock.set(clock.instant().plusSeconds(5));
    assertThat(recorder.record(hookFailed("db/1", "start", 1))).isTrue();
    assertThat(client.v1().events().inNamespace(NS).list().getItems())
        .filteredOn(e -> e.getMessage().contains("hook start"))
        .singleElement()
        .satisfies(e -> assertThat(e.getCount()).isEqualTo(1));
  }

  @Test
  void noApplicationNoEvent() {
    ApplicationEventRecorder recorder =
        new ApplicationEventRecorder(
            client, NS, new ApplicationName("gone"), "operator-0", Clock.systemUTC());
    assertThat(recorder.record(new ApplicationNotice(true, "HookFailed", "x"))).isFalse();
    assertThat(client.v1().events().inNamespace(NS).list().getItems()).isEmpty();
  }
}
