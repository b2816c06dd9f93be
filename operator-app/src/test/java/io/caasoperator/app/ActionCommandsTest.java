package io.caasoperator.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** What run-action sends and what the action commands print, without an operator. */
class ActionCommandsTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static RunActionCommand parsed(String... args) {
    RunActionCommand command = new RunActionCommand();
    new CommandLine(command).parseArgs(args);
    return command;
  }

  @Test
  void keyValueArgumentsNestOnDotsAreReadAsYamlAndWinOverTheParamsFile(@TempDir Path dir)
      throws Exception {
    Path file =
        Files.writeString(
            dir.resolve("p.yaml"), "who: file\nfile: {kind: gz, level: 9}\nkeep: true\n");
    JsonNode params =
        parsed(
                "hello/0",
                "backup",
                "--params",
                file.toString(),
                "who=world",
                "times=2",
                "file.kind=xz",
                "note=",
                "ratio=0.5")
            .params();
    assertThat(params)
        .isEqualTo(
            JSON.readTree(
                """
        {"who": "world", "file": {"kind": "xz", "level": 9}, "keep": true, "times": 2, "note": null, "ratio": 0.5}"""));
    assertThat(
            parsed("hello/0", "backup", "--string-args", "times=2")
                .params()
                .path("times")
                .isTextual())
        .isTrue();
  }

  @Test
  void keysAndArgumentsAreCheckedAsJujuChecksThem() {
    assertThatThrownBy(() -> parsed("hello/0", "backup", "file_name=x").params())
        .hasMessageContaining("key \"file_name\" must start and end with lowercase alphanumeric");
    assertThatThrownBy(() -> parsed("hello/0", "backup", "oops").params())
        .hasMessage("argument \"oops\" must be of the form key.key.key...=value");
  }

  @Test
  void theActionAndSecretCommandsPrintYamlByDefaultAndRefuseAnUnknownFormat() {
    assertThat(parsed("hello/0", "backup").format.value).isEqualTo("yaml");
    assertThat(new CommandLine(new RunActionCommand()).execute("hello/0", "x", "--format", "xml"))
        .isEqualTo(ExitCodes.USAGE);
    assertThat(new CommandLine(new ShowActionCommand()).execute("7", "--format", "xml"))
        .isEqualTo(ExitCodes.USAGE);
    assertThat(new CommandLine(new ShowSecretCommand()).execute("db-pass", "--format", "xml"))
        .isEqualTo(ExitCodes.USAGE);
  }

  @Test
  void aTaskIsPrintedAsJujuShowTaskPrintsIt() throws Exception {
    JsonNode action =
        JSON.readTree(
            """
        {"id": 7, "unit": "hello/0", "action": "greet", "status": "failed", "message": "exit status 3",
         "parameters": {"who": "world"}, "results": {"return-code": 3, "greeting": {"text": "hi"}, "stderr": "oops\\n"},
         "log": [{"at": "2026-11-22T10:15:31.250Z", "message": "greeting"}],
         "timing": {"enqueued": "2026-11-22T10:15:30Z", "started": "2026-11-22T10:15:31Z", "completed": "2026-11-22T10:15:32Z"}}""");
    assertThat(ActionOutput.write(ActionOutput.task(action), "yaml"))
        .isEqualTo(
            """
        id: "7"
        log:
        - 2026-11-22 10:15:31.25 +0000 UTC greeting
        message: exit status 3
        results:
          greeting:
            text: hi
          return-code: 3
          stderr: |
            oops
        status: failed
        timing:
          completed: 2026-11-22 10:15:32 +0000 UTC
          enqueued: 2026-11-22 10:15:30 +0000 UTC
          started: 2026-11-22 10:15:31 +0000 UTC
        unit: hello/0
        """);
    assertThat(
            JSON.readTree(ActionOutput.write(ActionOutput.task(action), "json"))
                .path("id")
                .asText())
        .isEqualTo("7");
    assertThat(ActionOutput.table(JSON.createArrayNode().add(action)))
        .isEqualTo(
            """
        Id  Unit     Action  Status  Started              Finished             Message
        7   hello/0  greet   failed  2026-11-22T10:15:31  2026-11-22T10:15:32  exit status 3
        """);
  }
}
