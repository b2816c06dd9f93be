package io.caasoperator.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The launcher and CLI as a platform team's scripts meet them: exit codes that tell a usage error,
 * an operator that is not there and a command's own code apart, one line for each failure, output a
 * script can parse, JSON logs, and no stray lines from the JDK or SLF4J.
 */
class CliIT {

  private static final String APP = "cli";
  private static final ObjectMapper JSON = new ObjectMapper();

  @RegisterExtension final Operators operators = new Operators();

  @Test
  void jsonLogsAreOneObjectALineWithTheUnitHookContextIdAndAFailedHooksOutputAsAField()
      throws Exception {
    Path charm =
        ScriptCharm.write(
            operators.tmp().resolve("charm"),
            APP,
            Map.of(
                "hooks/install",
                "#!/bin/sh\necho 'first line' >&2\necho 'second \"line\"' >&2\nexit 1\n"));
    SpecFile spec = operators.spec(APP, charm).write();
    OperatorProcess operator =
        operators.start(List.of("--spec", spec.path().toString(), "--log-format", "json"));

    operator.awaitListening();
    operator.awaitLog("hook install failed after");
    List<JsonNode> records = new ArrayList<>();
    for (String line : operator.lines()) {
      assertThat(line).as("every line of the log is a JSON record").startsWith("{");
      records.add(JSON.readTree(line));
    }
    JsonNode started =
        records.stream()
            .filter(
                r ->
                    r.path("message")
                        .asText()
                        .equals("unit " + APP + "/0 hook install started (attempt 1)"))
            .findFirst()
            .orElseThrow();
    JsonNode failed =
        records.stream()
            .filter(
                r ->
                    r.path("message")
                        .asText()
                        .startsWith("unit " + APP + "/0 hook install failed after"))
            .findFirst()
            .orElseThrow();
    assertThat(failed.path("level").asText()).isEqualTo("WARN");
    assertThat(failed.path("application").asText()).isEqualTo(APP);
    assertThat(failed.path("unit").asText()).isEqualTo(APP + "/0");
    assertThat(failed.path("hook").asText()).isEqualTo("install");
    assertThat(failed.path("context_id").asText())
        .startsWith(APP + "/0-install")
        .isEqualTo(started.path("context_id").asText());
    assertThat(failed.path("stderr").asText()).isEqualTo("first line\nsecond \"line\"");
    assertThat(failed.path("@timestamp").asText())
        .matches("\\d{4}-\\d\\d-\\d\\dT.*(Z|[+-]\\d\\d:\\d\\d)");
  }

  @Test
  void aScriptTellsUsageErrorsAnOperatorThatIsNotThereAndTheCommandsOwnCodesApart()
      throws Exception {
    SpecFile spec = operators.testCharmSpec(APP).write();
    OperatorProcess operator = operators.start(spec);
    OperatorApi api = operator.awaitListening();
    Expect.idleUnits(api, APP + "/0");
    String dataDir = operators.dataDir().toString();

    // exec: the commands' codes pass through; its own errors are 125
    assertThat(cli("exec", APP + "/0", "--data-dir", dataDir, "--", "exit 2").exitCode())
        .isEqualTo(2);
    assertThat(cli("exec", APP + "/0", "--data-dir", dataDir, "--", "exit 1").exitCode())
        .isEqualTo(1);
    Cli.Result unknown = cli("exec", APP + "/7", "--data-dir", dataDir, "--", "true");
    assertThat(unknown.exitCode()).isEqualTo(125);
    assertThat(unknown.stderr())
        .isEqualTo("caas-operator exec: 404 not_found: unknown unit " + APP + "/7\n");
    assertThat(cli("exec", "--data-dir", dataDir).exitCode()).as("usage error").isEqualTo(125);

    // output a script parses
    Cli.Result json =
        cli("exec", APP + "/0", "--data-dir", dataDir, "--format", "json", "--", "echo hi; exit 3");
    assertThat(json.exitCode()).isEqualTo(3);
    JsonNode reply = JSON.readTree(json.stdout());
    assertThat(reply.path("code").asInt()).isEqualTo(3);
    assertThat(reply.path("stdout").asText()).isEqualTo("hi\n");
    Cli.Result yaml = cli("status", "--data-dir", dataDir, "--format", "yaml");
    assertThat(yaml.exitCode()).as(yaml.stderr()).isZero();
    assertThat(
            new ObjectMapper(new YAMLFactory())
                .readTree(yaml.stdout())
                .path("application")
                .asText())
        .isEqualTo(APP);

    // --url: a certificate this machine does not trust is a usage error that names --ca-file
    String url = Files.readString(operators.dataDir().resolve("listener")).strip();
    Cli.Result untrusted = cli("status", "--url", url);
    assertThat(untrusted.exitCode()).isEqualTo(2);
    assertThat(untrusted.stderr()).contains("give --ca-file FILE").doesNotContain("PKIX");
    assertThat(
            cli(
                    "status",
                    "--url",
                    url,
                    "--ca-file",
                    dataDir + "/tls/listener.crt",
                    "--token-file",
                    dataDir + "/admin-token")
                .exitCode())
        .isZero();

    // the port taken: named with who holds it, before anything is done
    Path other = operators.tmp().resolve("other");
    Cli.Result port =
        cli(
            "run",
            "--spec",
            spec.path().toString(),
            "--data-dir",
            other.toString(),
            "--listen",
            "127.0.0.1:" + api.endpoint().url().getPort());
    assertThat(port.exitCode()).isEqualTo(2);
    assertThat(port.stderr())
        .startsWith(
            "caas-operator: cannot listen on 127.0.0.1:"
                + api.endpoint().url().getPort()
                + ": the port is in use by pid "
                + operator.pid()
                + " (caas-operator run --spec "
                + spec.path())
        .endsWith("); stop it, or give another --listen HOST:PORT (port 0 picks a free one)\n")
        .hasLineCount(1);
    assertThat(other).doesNotExist();

    // killed: its listener file stays, and says nothing about a running operator
    operator.kill9();
    Cli.Result stale = cli("status", "--data-dir", dataDir);
    assertThat(stale.exitCode()).isEqualTo(69);
    assertThat(stale.stderr())
        .isEqualTo(
            "caas-operator status: no operator is running on data dir "
                + dataDir
                + " (its listener file, naming "
                + url
                + ", was left by one that did not stop cleanly);"
                + " start it with: caas-operator run --spec FILE --data-dir "
                + dataDir
                + "\n");
    assertThat(cli("exec", APP + "/0", "--data-dir", dataDir, "--", "true").exitCode())
        .isEqualTo(69);

    // read offline: the events, and not a line more (no JDK or SLF4J warnings)
    Cli.Result journal = cli("journal", "--data-dir", dataDir, "--type", "HookCompleted");
    assertThat(journal.exitCode()).as(journal.stderr()).isZero();
    assertThat(journal.stderr()).isEmpty();
    assertThat(journal.stdout().lines()).hasSize(5);
  }

  @Test
  void theLaunchersVersionCompletionAndLogSettingsWork() throws Exception {
    Cli.Result version = cli("--version");
    assertThat(version.exitCode()).isZero();
    assertThat(version.stdout())
        .containsPattern("(?m)^commit:  [0-9a-f]{7,}")
        .containsPattern("(?m)^built:   \\d{4}-");
    assertThat(version.stderr()).isEmpty();

    Cli.Result completion = cli("completion", "bash");
    assertThat(completion.exitCode()).isZero();
    Path script =
        Files.writeString(operators.tmp().resolve("caas-operator.bash"), completion.stdout());
    Process bash =
        new ProcessBuilder("bash", "-n", script.toString()).redirectErrorStream(true).start();
    assertThat(bash.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(bash.exitValue())
        .as(new String(bash.getInputStream().readAllBytes(), StandardCharsets.UTF_8))
        .isZero();

    Cli.Result badLevel =
        Cli.run(
            operators.tmp().resolve("cli"),
            Duration.ofMinutes(1),
            Map.of("CAAS_LOG_LEVEL", "loud"),
            "status",
            "--data-dir",
            operators.dataDir().toString());
    assertThat(badLevel.exitCode()).isEqualTo(2);
    assertThat(badLevel.stderr())
        .startsWith("caas-operator status: CAAS_LOG_LEVEL \"loud\": expected one of trace, debug");
  }

  private Cli.Result cli(String... args) {
    return Cli.run(operators.tmp().resolve("cli"), Duration.ofMinutes(1), args);
  }
}
