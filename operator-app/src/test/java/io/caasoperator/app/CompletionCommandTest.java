package io.caasoperator.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code caas-operator completion bash}: a script bash accepts, completing commands and the values
 * of options.
 */
class CompletionCommandTest {
  @TempDir Path dir;

  @Test
  void theScriptCompletesCommandsOptionsAndTheirValues() throws Exception {
    CliRun run = CliRun.of("completion", "bash");
    assertThat(run.code()).isZero();
    Path script = Files.writeString(dir.resolve("caas-operator.bash"), run.stdout());

    assertThat(complete(script, "caas-operator", "st")).isEqualTo("status");
    assertThat(complete(script, "caas-operator", "status", "--format", ""))
        .isEqualTo("text json yaml");
    assertThat(complete(script, "caas-operator", "journal", "--format", "")).isEqualTo("text json");
    assertThat(complete(script, "caas-operator", "run", "--substrate", ""))
        .isEqualTo("local kubernetes");
    assertThat(complete(script, "caas-operator", "exec", "--log-level", ""))
        .isEqualTo("trace debug info warn error");
    assertThat(complete(script, "caas-operator", "completion", "")).isEqualTo("bash zsh");
  }

  @Test
  void anUnknownShellIsAUsageError() {
    CliRun run = CliRun.of("completion", "fish");

    assertThat(run.code()).isEqualTo(ExitCodes.USAGE);
    assertThat(run.stderr()).contains("expected one of [bash, zsh]");
  }

  /** What bash offers for the last word, as the shell would ask the script at a TAB. */
  private static String complete(Path script, String... words) throws Exception {
    String line = String.join(" ", words);
    String program =
        "source "
            + script
            + "\n"
            + "COMP_LINE='"
            + line
            + "'; COMP_WORDS=("
            + quoted(words)
            + "); COMP_CWORD="
            + (words.length - 1)
            + "; COMP_POINT=${#COMP_LINE}\n"
            // compopt complains outside a real completion: not what is tested
            + "_complete_caas-operator caas-operator 2>/dev/null\n"
            + "echo \"${COMPREPLY[*]}\"\n";
    Process bash =
        new ProcessBuilder("bash", "-c", program)
            .redirectError(ProcessBuilder.Redirect.DISCARD)
            .start();
    String out = new String(bash.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    assertThat(bash.waitFor(30, TimeUnit.SECONDS)).isTrue();
    return out;
  }

  private static String quoted(String... words) {
    StringBuilder out = new StringBuilder();
    for (String w : words) out.append(" '").append(w).append('\'');
    return out.toString().strip();
  }
}
