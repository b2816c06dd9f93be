package io.caasoperator.app.juju;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * The task JSON of {@code juju exec} and {@code juju run} in the shape jubilant's {@code
 * Task._from_dict} reads (id, status, results with return-code/stdout/stderr, message, log), Juju's
 * failure words, and {@code --wait} as Go reads a duration.
 */
class JujuTaskTest {

  private static JsonNode json(String text) throws Exception {
    return Output.JSON.readTree(text);
  }

  @Test
  void anExecIsACompletedTaskCarryingTheCommandsCodeAndOutput() throws Exception {
    JsonNode reply = json("{\"code\":3,\"stdout\":\"out\\n\",\"stderr\":\"\",\"truncated\":false}");

    JsonNode task =
        JujuTask.ofExec("17", "kv-store/0", reply, Instant.parse("2026-11-27T10:00:00Z"));

    assertThat(task.path("id").asText()).isEqualTo("17");
    assertThat(task.path("status").asText()).isEqualTo("completed");
    assertThat(task.path("unit").asText()).isEqualTo("kv-store/0");
    assertThat(task.path("results").path("return-code").asInt()).isEqualTo(3);
    assertThat(task.path("results").path("stdout").asText()).isEqualTo("out\n");
    assertThat(task.path("results").has("stderr")).isFalse();
    assertThat(JujuTask.succeeded(task)).isFalse();
    assertThat(JujuTask.failed(task))
        .isEqualTo(
            "the following task failed:\n - id \"17\" with return code 3\n\n"
                + "use 'juju show-task' to inspect the failure");
  }

  @Test
  void anActionKeepsItsResultsMessageAndLog() throws Exception {
    JsonNode view =
        json(
            """
            {"id":"4","unit":"hello/0","action":"greet","status":"failed","message":"no",
             "results":{"greeting":"hi, x","return-code":0},
             "log":[{"at":"2026-11-27T10:00:01Z","message":"greeting x"}],
             "timing":{"enqueued":"2026-11-27T10:00:00Z","completed":"2026-11-27T10:00:02Z"}}
            """);

    JsonNode task = JujuTask.ofAction("hello/0", view);

    assertThat(JujuTask.finished(view)).isTrue();
    assertThat(task.path("id").asText()).isEqualTo("4");
    assertThat(task.path("status").asText()).isEqualTo("failed");
    assertThat(task.path("message").asText()).isEqualTo("no");
    assertThat(task.path("results").path("greeting").asText()).isEqualTo("hi, x");
    assertThat(task.path("log").get(0).asText()).isEqualTo("2026-11-27T10:00:01Z greeting x");
    assertThat(task.path("timing").path("completed").asText()).isEqualTo("2026-11-27T10:00:02Z");
    assertThat(JujuTask.succeeded(task)).isFalse();
    assertThat(JujuTask.failed(task)).contains(" - id \"4\" with status \"failed\"");
    assertThat(JujuTask.finished(json("{\"status\":\"running\"}"))).isFalse();
  }

  @Test
  void waitIsAGoDurationAsJubilantWritesIt() {
    assertThat(WaitOption.parse("60s")).isEqualTo(Duration.ofSeconds(60));
    assertThat(WaitOption.parse("60.0s")).isEqualTo(Duration.ofSeconds(60));
    assertThat(WaitOption.parse("1m30s")).isEqualTo(Duration.ofSeconds(90));
    assertThat(WaitOption.parse("1.5s")).isEqualTo(Duration.ofMillis(1500));
    assertThatThrownBy(() -> WaitOption.parse("soon"))
        .isInstanceOf(JujuFailure.class)
        .hasMessage("invalid value \"soon\" for option --wait: time: invalid duration \"soon\"")
        .satisfies(e -> assertThat(((JujuFailure) e).exitCode()).isEqualTo(2));
    assertThatThrownBy(() -> WaitOption.parse("0s")).isInstanceOf(JujuFailure.class);
  }
}
