package io.caasoperator.pebble.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.caasoperator.pebble.changes.TaskStatus;
import io.caasoperator.pebble.checks.CheckStatus;
import io.caasoperator.pebble.plan.CheckLevel;
import io.caasoperator.pebble.plan.Override;
import io.caasoperator.pebble.plan.ServiceAction;
import io.caasoperator.pebble.plan.Startup;
import io.caasoperator.pebble.services.ServiceStatus;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class WireNameTest {
  /** The plan fields whose names LayerParser parses, by field. */
  private static final Map<String, Function<String, WireName>> PARSERS =
      Map.of(
          "override", Override::parse,
          "startup", Startup::parse,
          "level", CheckLevel::parse,
          "on-failure", ServiceAction::parse);

  /** Pebble's own spellings (plan.go, change.go, checks and services API): the contract. */
  @Test
  void everyConstantCarriesPebblesName() {
    assertThat(wires(TaskStatus.values())).containsExactly("Do", "Doing", "Done", "Hold", "Error");
    assertThat(wires(CheckStatus.values())).containsExactly("up", "down", "inactive");
    assertThat(wires(ServiceStatus.values()))
        .containsExactly("active", "backoff", "error", "inactive");
    assertThat(wires(CheckLevel.values())).containsExactly("", "alive", "ready");
    assertThat(wires(Override.values())).containsExactly("", "merge", "replace");
    assertThat(wires(Startup.values())).containsExactly("", "enabled", "disabled");
    assertThat(wires(ServiceAction.values()))
        .containsExactly(
            "", "restart", "shutdown", "ignore", "failure-shutdown", "success-shutdown");
  }

  @Test
  void parseFindsTheConstantByItsWireName() {
    assertThat(ServiceAction.parse("failure-shutdown")).isEqualTo(ServiceAction.FAILURE_SHUTDOWN);
    assertThat(Startup.parse("")).isEqualTo(Startup.UNSET);
    assertThat(WireName.parse(TaskStatus.class, "Doing", t -> "unused"))
        .isEqualTo(TaskStatus.DOING);
  }

  @ParameterizedTest(name = "{0}: {1}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          override   | MERGE   | invalid "override" value "MERGE"
          startup    | on      | startup must be "enabled" or "disabled", not "on"
          level      | dead    | level must be "alive" or "ready"
          on-failure | explode | action "explode" invalid
          """)
  void parseRefusesAnUnknownNameWithPebblesText(String field, String text, String refusal) {
    assertThatThrownBy(() -> PARSERS.get(field).apply(text))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(refusal);
  }

  private static List<String> wires(WireName[] constants) {
    return Arrays.stream(constants).map(WireName::wire).toList();
  }
}
