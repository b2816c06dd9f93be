package io.caasoperator.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.caasoperator.http.client.OperatorClient;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A bash charm whose hooks use Juju's hook tools, through the real process over real TLS. */
class HookToolsIT {

  private static final String APP = "tools";
  private static final String LEADER = APP + "/0";
  private static final String FOLLOWER = APP + "/1";

  /** Every hook records itself first; {@code set -e}: a tool that fails fails the hook. */
  private static final String PRELUDE =
      """
            #!/bin/bash
            set -eu
            echo "$JUJU_HOOK_NAME" >> "$HOME/hooks.log"
            """;

  private static final Map<String, String> HOOKS = hooks();

  @RegisterExtension final Operators operators = new Operators();
  private SpecFile spec;

  @BeforeEach
  void setUp() {
    Path charm = ScriptCharm.write(operators.tmp().resolve("charm"), APP, HOOKS);
    spec = operators.spec(APP, charm).withScale(2).withConfig(Map.of("greeting", "hello"));
  }

  @Test
  void whatHooksSetThroughTheToolsShowsInStatusTheLogAndSurvivesARestart() throws Exception {
    OperatorProcess operator = operators.start(spec.write());
    OperatorApi api = operator.awaitListening();
    Status status = awaitSettled(api);

    assertThat(status.workload(LEADER)).as("%s", status.unit(LEADER)).isEqualTo("active");
    assertThat(status.workloadMessage(LEADER))
        .as("is-leader, config-get and leader-get in start")
        .isEqualTo("greeting=hello shared=from-" + LEADER);
    assertThat(status.workload(FOLLOWER)).as("%s", status.unit(FOLLOWER)).isEqualTo("active");
    assertThat(status.workloadMessage(FOLLOWER))
        .as("leader-get in the follower's leader-settings-changed")
        .isEqualTo("follower sees shared=from-" + LEADER);
    assertThat(status.application())
        .as("status-set --application by the leader")
        .isEqualTo("active");
    assertThat(status.applicationMessage()).isEqualTo("led by " + LEADER);
    assertThat(status.json().path("workloadVersion").asText()).as("%s", status).isEqualTo("1.2.3");
    for (String unit : List.of(LEADER, FOLLOWER)) {
      assertThat(status.unit(unit).path("ports").toString())
          .as("open-port 8080 on %s", unit)
          .contains("8080");
    }
    JsonNode config =
        OperatorApi.JSON.readTree(
            UnitDir.of(operators.dataDir(), LEADER).path().resolve("config.json").toFile());
    assertThat(config.path("greeting").asText())
        .as("config-get --format=json: %s", config)
        .isEqualTo("hello");
    assertThat(config.path("port").asInt())
        .as("config-get --format=json: %s", config)
        .isEqualTo(8080);
    operator.awaitLog("unit " + LEADER + " install: installing " + LEADER);
    operator.awaitLog("unit " + FOLLOWER + " install: installing " + FOLLOWER);

    operator.terminate();
    assertThat(operator.exitCode(OperatorProcess.PATIENCE)).isZero();
    OperatorApi restarted = operators.start(spec).awaitListening();

    OperatorApi.Reply state = restarted.exec(LEADER, "state-get installed-by", "30s");
    assertThat(state.code()).as("%s", state.body()).isEqualTo(200);
    assertThat(state.body().path("stdout").asText())
        .as("state-set in install, read after a restart")
        .isEqualTo(LEADER + "\n");
    OperatorApi.Reply all = restarted.exec(FOLLOWER, "state-get --format=json", "30s");
    assertThat(
            OperatorApi.JSON
                .readTree(all.body().path("stdout").asText())
                .path("installed-by")
                .asText())
        .as("%s", all.body())
        .isEqualTo(FOLLOWER);
    Status after =
        Expect.status(restarted, "the restarted operator's status", s -> s.allUnitsIdle());
    assertThat(after.json().path("workloadVersion").asText()).isEqualTo("1.2.3");
    assertThat(after.workloadMessage(LEADER)).isEqualTo("greeting=hello shared=from-" + LEADER);
    assertThat(after.applicationMessage()).isEqualTo("led by " + LEADER);
    assertThat(after.unit(FOLLOWER).path("ports").toString()).contains("8080");
  }

  @Test
  void aHookToolCallWithTheTokenOfAFinishedHookIsRefused403AndWithoutATokenIs401()
      throws Exception {
    OperatorApi api = operators.start(spec.write()).awaitListening();
    awaitSettled(api);
    List<String> saved =
        Files.readAllLines(
            UnitDir.of(operators.dataDir(), LEADER).path().resolve("install-context"));
    String staleToken = saved.get(0);
    URI url = URI.create(saved.get(1));
    assertThat(staleToken).isNotBlank();
    Path certificate = operators.dataDir().resolve("tls/listener.crt");

    // As a user would, with curl and the listener's certificate.
    Path body = operators.tmp().resolve("curl-body");
    Process curl =
        new ProcessBuilder(
                "curl",
                "-sS",
                "--cacert",
                certificate.toString(),
                "-H",
                "Authorization: Bearer " + staleToken,
                "-X",
                "POST",
                "-H",
                "Content-Type: application/json",
                "--data",
                "{\"args\": []}",
                "-o",
                body.toString(),
                "-w",
                "%{http_code}",
                url + "/v1/hook-tools/is-leader")
            .redirectErrorStream(true)
            .start();
    String httpCode = new String(curl.getInputStream().readAllBytes()).strip();
    assertThat(curl.waitFor()).isZero();
    assertThat(httpCode).isEqualTo("403");
    assertThat(OperatorApi.JSON.readTree(body.toFile())).isEqualTo(FORBIDDEN);

    // Through the client, with a well-formed call.
    try (OperatorClient stale =
        new OperatorClient(url, Optional.of(certificate), Optional.of(staleToken))) {
      HttpResponse<String> refused =
          stale.post("/v1/hook-tools/is-leader", "{\"args\": [\"--format=json\"]}");
      assertThat(refused.statusCode()).as(refused.body()).isEqualTo(403);
      assertThat(OperatorApi.JSON.readTree(refused.body())).isEqualTo(FORBIDDEN);
    }
    try (OperatorClient anonymous =
        new OperatorClient(url, Optional.of(certificate), Optional.empty())) {
      HttpResponse<String> unauthorised =
          anonymous.post("/v1/hook-tools/is-leader", "{\"args\": []}");
      assertThat(unauthorised.statusCode()).as(unauthorised.body()).isEqualTo(401);
      assertThat(unauthorised.headers().firstValue("WWW-Authenticate"))
          .contains("Bearer realm=\"caas-operator-hook-tools\"");
      assertThat(OperatorApi.JSON.readTree(unauthorised.body()))
          .isEqualTo(
              error(
                  "unauthorized",
                  "hook tools need the token of a running hook: send Authorization: Bearer"
                      + " <CAAS_OPERATOR_CONTEXT_TOKEN>"));
    }
    // The admin token is no context token either.
    String admin = api.endpoint().bearerToken().orElseThrow();
    try (OperatorClient adminClient =
        new OperatorClient(url, Optional.of(certificate), Optional.of(admin))) {
      HttpResponse<String> refused = adminClient.post("/v1/hook-tools/is-leader", "{\"args\": []}");
      assertThat(refused.statusCode()).as(refused.body()).isEqualTo(403);
      assertThat(OperatorApi.JSON.readTree(refused.body())).isEqualTo(FORBIDDEN);
    }
    // Nothing changed: the operator still answers and the units are idle.
    assertThat(Expect.status(api, "still answering", Status::allUnitsIdle).unitNames())
        .containsExactly(LEADER, FOLLOWER);
  }

  /** The JSON error the listener answers ({@code ApiError}): a code and one sentence. */
  private static JsonNode error(String code, String detail) {
    return OperatorApi.JSON.createObjectNode().put("error", code).put("detail", detail);
  }

  /** What a token of no running hook or exec gets: 403 and this body. */
  private static final JsonNode FORBIDDEN =
      error(
          "forbidden",
          "this token belongs to no running hook or command (it ended, or it is not a context"
              + " token)");

  private Status awaitSettled(OperatorApi api) {
    Expect.hooks(UnitDir.of(operators.dataDir(), LEADER), Expect.LEADER_LIFECYCLE);
    UnitDir follower = UnitDir.of(operators.dataDir(), FOLLOWER);
    await("the follower's lifecycle and leader-settings-changed")
        .atMost(OperatorProcess.PATIENCE)
        .pollInterval(Duration.ofMillis(100))
        .until(
            () ->
                follower
                    .hooks()
                    .containsAll(List.of("web-pebble-ready", "leader-settings-changed")));
    // The follower's first leader-settings-changed runs right after its install (Juju 3.6), so it
    // may come before the leader's leader-set; the one after it tells the leader's settings.
    Status settled =
        Expect.idleUnits(
            api,
            "the follower told the leader's settings",
            s -> s.workloadMessage(FOLLOWER).equals("follower sees shared=from-" + LEADER),
            LEADER,
            FOLLOWER);
    Expect.hooks(follower, follower.hooks());
    assertThat(follower.hooks())
        .as("leader-settings-changed once after install, before config-changed")
        .startsWith("install", "leader-settings-changed");
    return settled;
  }

  private static Map<String, String> hooks() {
    Map<String, String> hooks = new LinkedHashMap<>();
    hooks.put(
        "hooks/install",
        PRELUDE
            + """
                status-set maintenance "installing"
                juju-log "installing $JUJU_UNIT_NAME"
                state-set installed-by="$JUJU_UNIT_NAME"
                printf '%s\\n%s\\n' "$CAAS_OPERATOR_CONTEXT_TOKEN" "$CAAS_OPERATOR_URL" > "$HOME/install-context"
                """);
    hooks.put(
        "hooks/leader-elected",
        PRELUDE
            + """
                leader-set shared="from-$JUJU_UNIT_NAME"
                status-set --application active "led by $JUJU_UNIT_NAME"
                """);
    hooks.put(
        "hooks/config-changed",
        PRELUDE
            + """
                config-get --format=json > "$HOME/config.json"
                """);
    hooks.put(
        "hooks/start",
        PRELUDE
            + """
                open-port 8080
                application-version-set 1.2.3
                if [ "$(is-leader)" = True ]; then
                  status-set active "greeting=$(config-get greeting) shared=$(leader-get shared)"
                fi
                """);
    hooks.put(
        "hooks/leader-settings-changed",
        PRELUDE
            + """
                status-set active "follower sees shared=$(leader-get shared)"
                """);
    for (String hook :
        List.of("web-pebble-ready", "upgrade-charm", "update-status", "stop", "remove")) {
      hooks.put("hooks/" + hook, PRELUDE);
    }
    return Map.copyOf(hooks);
  }
}
