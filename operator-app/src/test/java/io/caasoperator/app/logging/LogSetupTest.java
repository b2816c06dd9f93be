package io.caasoperator.app.logging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** --log-format and --log-level, else the environment: what a record looks like in each format. */
class LogSetupTest {
  private static final Logger log = LoggerFactory.getLogger("io.caasoperator.unit.UnitActor");

  @AfterEach
  void backToTheDefault() {
    new LogSetup(LogFormat.text, LogLevel.info).apply(true);
  }

  @Test
  void aFlagWinsOverTheEnvironmentWhichWinsOverTheDefault() {
    Map<String, String> env = Map.of("CAAS_LOG_FORMAT", "JSON", "CAAS_LOG_LEVEL", "Debug");

    assertThat(LogSetup.resolve(null, null, Map.of()))
        .isEqualTo(new LogSetup(LogFormat.text, LogLevel.info));
    assertThat(LogSetup.resolve(null, null, env))
        .isEqualTo(new LogSetup(LogFormat.json, LogLevel.debug));
    assertThat(LogSetup.resolve(LogFormat.text, LogLevel.warn, env))
        .isEqualTo(new LogSetup(LogFormat.text, LogLevel.warn));
  }

  @Test
  void aBadValueInTheEnvironmentIsNamedWithItsVariable() {
    assertThatThrownBy(() -> LogSetup.resolve(null, null, Map.of("CAAS_LOG_LEVEL", "verbose")))
        .hasMessage("CAAS_LOG_LEVEL \"verbose\": expected one of trace, debug, info, warn, error");
    assertThatThrownBy(() -> LogSetup.resolve(null, null, Map.of("CAAS_LOG_FORMAT", "xml")))
        .hasMessage("CAAS_LOG_FORMAT \"xml\": expected one of text, json");
  }

  @Test
  void aJsonRecordCarriesTheApplicationUnitHookContextIdAndTheHooksOutputAsOneField()
      throws Exception {
    new LogSetup(LogFormat.json, LogLevel.info).apply(true);
    LogSetup.tagApplication("hello");

    List<String> lines = stderrOf(() -> failedHook());

    assertThat(lines).hasSize(1);
    JsonNode record = new ObjectMapper().readTree(lines.getFirst());
    assertThat(record.path("message").asText())
        .isEqualTo("unit hello/0 hook install failed after 12 ms: exit status 1");
    assertThat(record.path("level").asText()).isEqualTo("WARN");
    assertThat(record.path("application").asText()).isEqualTo("hello");
    assertThat(record.path("unit").asText()).isEqualTo("hello/0");
    assertThat(record.path("hook").asText()).isEqualTo("install");
    assertThat(record.path("context_id").asText()).isEqualTo("hello/0-install-42");
    assertThat(record.path("stderr").asText()).isEqualTo("first line\nsecond \"line\"");
    assertThat(OffsetDateTime.parse(record.path("@timestamp").asText())).isNotNull();
  }

  @Test
  void aTextRecordIsOneLineWithAnIsoTimeAndZoneAndTheHooksOutputEscapedOnIt() {
    new LogSetup(LogFormat.text, LogLevel.info).apply(true);

    List<String> lines = stderrOf(() -> failedHook());

    assertThat(lines).hasSize(1);
    assertThat(lines.getFirst())
        .matches(
            "\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}(Z|[+-]\\d\\d:\\d\\d) WARN  UnitActor - "
                + "unit hello/0 hook install failed after 12 ms: exit status 1 stderr=\"first line\\\\nsecond \\\\\"line\\\\\"\"");
    assertThat(OffsetDateTime.parse(lines.getFirst().substring(0, lines.getFirst().indexOf(' '))))
        .isNotNull();
  }

  @Test
  void theLevelChosenFiltersTheOperatorsOwnRecords() {
    new LogSetup(LogFormat.text, LogLevel.warn).apply(true);
    assertThat(stderrOf(() -> log.info("not shown"))).isEmpty();

    new LogSetup(LogFormat.text, LogLevel.debug).apply(true);
    assertThat(stderrOf(() -> log.debug("shown")))
        .singleElement()
        .asString()
        .endsWith("DEBUG UnitActor - shown");
  }

  private static void failedHook() {
    log.atWarn()
        .addKeyValue("unit", "hello/0")
        .addKeyValue("hook", "install")
        .addKeyValue("context_id", "hello/0-install-42")
        .addKeyValue("stderr", "first line\nsecond \"line\"")
        .log("unit {} hook {} failed after {} ms: {}", "hello/0", "install", 12, "exit status 1");
  }

  private static List<String> stderrOf(Runnable logging) {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream original = System.err;
    try {
      System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
      logging.run();
    } finally {
      System.setErr(original);
    }
    return err.toString(StandardCharsets.UTF_8).lines().toList();
  }
}
