package io.caasoperator.app.juju;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The operator's log lines that are Juju's debug log, in Juju's words and format. */
class DebugLogLinesTest {

  private static String juju(String line) {
    return DebugLogLines.parse(line)
        .map(r -> DebugLogLines.format(r, ZoneOffset.UTC, false, false))
        .orElse("(not shown)");
  }

  @Test
  void aCompletedHookIsJujusRanHookLine() {
    assertThat(
            juju(
                "2026-11-27T12:34:56.789+01:00 INFO  UnitActor - unit kv-store/0 hook install"
                    + " completed in 120 ms"))
        .isEqualTo(
            "unit-kv-store-0: 11:34:56 INFO juju.worker.uniter.operation ran \"install\" hook"
                + " (via hook dispatching script: dispatch)");
  }

  @Test
  void aFailedHookIsAnErrorWithItsReasonAndNotItsOutput() {
    assertThat(
            juju(
                "2026-11-27T12:34:56.789Z WARN  UnitActor - unit kv-store/0 hook start failed"
                    + " after 12 ms: exit status 1 stderr=\"Traceback...\""))
        .isEqualTo(
            "unit-kv-store-0: 12:34:56 ERROR juju.worker.uniter.operation hook \"start\" (via hook"
                + " dispatching script: dispatch) failed: exit status 1");
  }

  @Test
  void aCharmsJujuLogLineKeepsItsLevelAndWords() {
    assertThat(
            juju(
                "2026-11-27T12:34:56.000Z WARN  UnitActor - unit kv-client/1 kv-relation-changed:"
                    + " no endpoint yet: waiting"))
        .isEqualTo(
            "unit-kv-client-1: 12:34:56 WARNING unit.kv-client/1.juju-log no endpoint yet:"
                + " waiting");
    assertThat(juju("2026-11-27T12:34:56.000Z INFO  UnitActor - unit db/0 backup action: saved"))
        .isEqualTo("unit-db-0: 12:34:56 INFO unit.db/0.juju-log saved");
  }

  @Test
  void theJsonLogFormReadsTheSame() {
    assertThat(
            juju(
                "{\"@timestamp\":\"2026-11-27T12:34:56.1Z\",\"level\":\"INFO\","
                    + "\"logger_name\":\"io.caasoperator.unit.UnitActor\","
                    + "\"message\":\"unit db/0 install: hello\"}"))
        .isEqualTo("unit-db-0: 12:34:56 INFO unit.db/0.juju-log hello");
  }

  @Test
  void theOperatorsOwnLinesAreNotShown() {
    assertThat(juju("2026-11-27T12:34:56.000Z INFO  OperatorActor - unit db/0 removed"))
        .isEqualTo("(not shown)");
    assertThat(
            juju(
                "2026-11-27T12:34:56.000Z INFO  Guardian - unit db/0 start: looked like a charm"
                    + " line"))
        .isEqualTo("(not shown)");
    assertThat(juju("\tat java.base/java.lang.Thread.run(Thread.java:1583)"))
        .isEqualTo("(not shown)");
  }

  @Test
  void filtersTakeUnitsApplicationsTagsAndALevel() {
    var record =
        DebugLogLines.parse(
                "2026-11-27T12:34:56.000Z INFO  UnitActor - unit kv-store/1 install: hi")
            .orElseThrow();

    assertThat(filter("", List.of("kv-store")).shows(record)).isTrue();
    assertThat(filter("", List.of("kv-store/1")).shows(record)).isTrue();
    assertThat(filter("", List.of("unit-kv-store-1")).shows(record)).isTrue();
    assertThat(filter("", List.of("kv-store/0")).shows(record)).isFalse();
    assertThat(filter("", List.of("db")).shows(record)).isFalse();
    assertThat(filter("INFO", List.of()).shows(record)).isTrue();
    assertThat(filter("WARNING", List.of()).shows(record)).isFalse();
    assertThat(
            new DebugLogLines.Filter("", List.of(), List.of("kv-store"), List.of(), List.of())
                .shows(record))
        .isFalse();
    assertThat(
            new DebugLogLines.Filter("", List.of(), List.of(), List.of("unit"), List.of())
                .shows(record))
        .isTrue();
  }

  private static DebugLogLines.Filter filter(String level, List<String> include) {
    return new DebugLogLines.Filter(level, include, List.of(), List.of(), List.of());
  }
}
