package io.caasoperator.pebble.services;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.caasoperator.pebble.events.PebbleEvent;
import io.caasoperator.pebble.files.DirectoryPathMapper;
import io.caasoperator.pebble.plan.LayerParser;
import io.caasoperator.pebble.plan.Plan;
import io.caasoperator.pebble.plan.PlanLayers;
import io.caasoperator.pebble.plan.ServiceSpec;
import io.caasoperator.pebble.process.LocalProcessLauncher;
import io.caasoperator.pebble.process.ProcessEnvironment;
import io.caasoperator.pebble.timers.SystemTimers;
import io.caasoperator.pebble.users.UserDatabase;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real processes: start, exit at once, restart with backoff, TERM then KILL after the kill delay.
 */
class ServiceLifecycleTest {
  @TempDir Path root;
  SystemTimers timers;
  ServiceManager manager;
  final List<PebbleEvent> events = new CopyOnWriteArrayList<>();

  @BeforeEach
  void setUp() {
    timers = new SystemTimers();
    manager =
        new ServiceManager(
            new ServiceDependencies(
                new LocalProcessLauncher(),
                new ProcessEnvironment(
                    Map.of("PATH", ProcessEnvironment.DEFAULT_PATH),
                    new DirectoryPathMapper(root),
                    UserDatabase.system()),
                timers,
                Clock.systemUTC(),
                events::add,
                () -> 0.0));
  }

  @AfterEach
  void tearDown() {
    manager.close();
    timers.close();
  }

  private static ServiceSpec service(String yaml) throws Exception {
    Plan plan =
        PlanLayers.add(
            Plan.EMPTY,
            LayerParser.parse(0, "t", "services: {s: {override: replace, " + yaml + "}}"),
            false);
    return plan.services().get("s");
  }

  @Test
  void aServiceThatStaysUpStartsAndStopsWithTerm() throws Exception {
    StartStopOutcome started =
        manager.start(service("command: sleep 60")).get(10, TimeUnit.SECONDS);
    assertThat(started.error()).isEmpty();
    assertThat(manager.runtime("s").orElseThrow().state()).isEqualTo(ServiceState.RUNNING);
    assertThat(manager.stop("s").get(10, TimeUnit.SECONDS).error()).isEmpty();
    assertThat(manager.runtime("s").orElseThrow().state()).isEqualTo(ServiceState.STOPPED);
    assertThat(events).anyMatch(e -> e instanceof PebbleEvent.ServiceStopped);
  }

  @Test
  void aServiceThatExitsAtOnceFailsItsStartWithItsOutputThenRestartsWithBackoff() throws Exception {
    StartStopOutcome outcome =
        manager
            .start(
                service(
                    "command: sh -c 'echo starting; echo broken >&2; exit 4', backoff-delay: 50ms, backoff-limit: 200ms"))
            .get(10, TimeUnit.SECONDS);
    assertThat(outcome.error())
        .contains("service start attempt: exited quickly with code 4, will restart");
    assertThat(outcome.notes())
        .anyMatch(n -> n.contains("    starting") && n.contains("    broken"));
    await()
        .atMost(Duration.ofSeconds(10))
        .until(
            () ->
                events.stream().filter(e -> e instanceof PebbleEvent.ServiceStarted).count() >= 3);
    assertThat(manager.runtime("s").orElseThrow().backoffNum()).isGreaterThanOrEqualTo(2);
  }

  @Test
  void aServiceIgnoringTermIsKilledAfterItsKillDelay() throws Exception {
    ServiceSpec stubborn =
        service(
            "command: sh -c 'trap \"\" TERM; echo ready; while true; do sleep 0.1; done', "
                + "kill-delay: 300ms");
    assertThat(manager.start(stubborn).get(10, TimeUnit.SECONDS).error()).isEmpty();
    long before = System.nanoTime();
    StartStopOutcome stopped = manager.stop("s").get(10, TimeUnit.SECONDS);
    long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - before);
    assertThat(stopped.error()).isEmpty();
    assertThat(millis).isGreaterThanOrEqualTo(300);
    assertThat(manager.runtime("s").orElseThrow().state()).isEqualTo(ServiceState.STOPPED);
    assertThat(manager.logs(List.of("s"), -1)).extracting(LogEntry::message).contains("ready");
  }

  @Test
  void aMissingExecutableFailsTheStartAtOnce() throws Exception {
    StartStopOutcome outcome =
        manager.start(service("command: /no/such/binary")).get(10, TimeUnit.SECONDS);
    assertThat(outcome.error())
        .hasValueSatisfying(e -> assertThat(e).contains("cannot find executable"));
  }
}
