package io.caasoperator.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Charm actions through the real operator process, as a user runs them: charms packed as {@code
 * charmcraft pack} leaves them ({@code .charm} archives), a bash charm with {@code actions/}
 * scripts and an {@code ops} charm (ops 2.17.0 from the vendor directory beside the repository)
 * behind charmcraft's {@code dispatch}; {@code run-action}, {@code show-action}, {@code
 * list-actions} and the HTTP routes; an action interrupted by a {@code kill -9}.
 */
class ActionsIT {

  private static final String ACTIONS_YAML =
      """
            greet:
              description: Greet someone.
              params:
                who:
                  type: string
                  description: Whom to greet.
                times:
                  type: integer
                  default: 1
              required: [who]
            fail:
              description: Fail on purpose.
              params:
                reason:
                  type: string
                  default: told to
            slow:
              description: Wait for the test to release it.
            """;

  /**
   * Every hook records itself; start waits for $HOME/release-start while config hold-start is true.
   */
  private static final String HOOK =
      """
            #!/bin/bash
            set -eu
            echo "$JUJU_HOOK_NAME" >> "$HOME/hooks.log"
            if [ "$JUJU_HOOK_NAME" = start ] && [ "$(config-get hold-start --format=json)" = true ]; then
              n=0
              while [ ! -e "$HOME/release-start" ] && [ "$n" -lt 3000 ]; do sleep 0.1; n=$((n + 1)); done
            fi
            """;

  private static final String GREET =
      """
            #!/bin/bash
            set -eu
            echo "action $JUJU_ACTION_NAME $JUJU_ACTION_UUID" >> "$HOME/hooks.log"
            who=$(action-get who)
            times=$(action-get times)
            action-log "greeting $who $times time(s)"
            action-set greeting="hello $who" times="$times" dispatch="$JUJU_DISPATCH_PATH" \\
                uuid="$JUJU_ACTION_UUID" name="$JUJU_ACTION_NAME" cwd="$PWD"
            echo "greeted $who"
            """;

  private static final String FAIL =
      """
            #!/bin/bash
            set -eu
            echo "action $JUJU_ACTION_NAME $JUJU_ACTION_UUID" >> "$HOME/hooks.log"
            action-fail "$(action-get reason)"
            """;

  private static final String SLOW =
      """
            #!/bin/bash
            set -eu
            echo "action $JUJU_ACTION_NAME $JUJU_ACTION_UUID" >> "$HOME/hooks.log"
            touch "$HOME/slow-started"
            n=0
            while [ ! -e "$HOME/release-slow" ] && [ "$n" -lt 3000 ]; do sleep 0.1; n=$((n + 1)); done
            action-set slept=yes
            """;

  private static final String OPS_CHARM =
      CharmPy.charm("GreeterCharm")
          .module(
              """
              \"""A charm written with ops: greets on request.\"""
              import logging

              import ops

              logger = logging.getLogger(__name__)
              """)
          .observe("_on_install", "install")
          .observe("_on_greet", "greet_action")
          .observe("_on_fail", "fail_action")
          .methods(
              """
              def _on_install(self, event):
                  self.unit.status = ops.ActiveStatus("installed")

              def _on_greet(self, event: ops.ActionEvent):
                  who = event.params["who"]
                  event.log(f"greeting {who}")
                  logger.info("greeting %s", who)
                  event.set_results({"greeting": f"hello {who}", "times": event.params["times"], "task": event.id})

              def _on_fail(self, event: ops.ActionEvent):
                  event.fail(f"failing because {event.params['reason']}")
              """)
          .text();

  @RegisterExtension final Operators operators = new Operators();

  /** The bash charm {@code bashy}, packed. */
  private Path bashCharm() {
    CharmArchive charm =
        new CharmArchive()
            .file(
                "metadata.yaml",
                "name: bashy\nsummary: A bash charm with actions.\ndescription: Bash.\n")
            .file("config.yaml", "options:\n  hold-start:\n    type: boolean\n    default: false\n")
            .file("actions.yaml", ACTIONS_YAML)
            .file("manifest.yaml", VendoredOps.MANIFEST)
            .executable("actions/greet", GREET)
            .executable("actions/fail", FAIL)
            .executable("actions/slow", SLOW);
    for (String hook :
        List.of(
            "install",
            "leader-elected",
            "config-changed",
            "start",
            "upgrade-charm",
            "stop",
            "remove")) {
      charm.executable("hooks/" + hook, HOOK);
    }
    return charm.writeTo(operators.tmp().resolve("bashy.charm"));
  }

  private SpecFile bashSpec(boolean holdStart) {
    return operators.spec("bashy", bashCharm()).withConfig(Map.of("hold-start", holdStart)).write();
  }

  @Test
  void anActionWaitsForTheRunningHookThenRunsItsScriptWithItsParametersCheckedAndDefaultsFilledIn()
      throws Exception {
    OperatorProcess operator = operators.start(bashSpec(true));
    OperatorApi api = operator.awaitListening();
    UnitDir unit = UnitDir.of(operators.dataDir(), "bashy/0");
    await("the start hook to be running")
        .atMost(OperatorProcess.PATIENCE)
        .until(() -> unit.hooks().contains("start"));

    OperatorApi.Reply queued =
        api.post("/v1/units/bashy/0/actions/greet", "{\"params\": {\"who\": \"world\"}}");
    assertThat(queued.code()).as("%s", queued.body()).isEqualTo(202);
    long id = queued.body().path("id").asLong();
    assertThat(queued.body().path("status").asText()).isEqualTo("pending");
    assertThat(queued.body().path("parameters"))
        .isEqualTo(OperatorApi.JSON.readTree("{\"who\": \"world\", \"times\": 1}"));
    await("the action to wait while start runs")
        .during(Duration.ofSeconds(1))
        .atMost(Duration.ofSeconds(5))
        .until(() -> api.get("/v1/actions/" + id).body().path("status").asText().equals("pending"));

    unit.release("start");
    OperatorApi.Reply done = api.get("/v1/actions/" + id + "?wait=60s");
    assertThat(done.code()).isEqualTo(200);
    JsonNode action = done.body();
    assertThat(action.path("status").asText()).as("%s", action).isEqualTo("completed");
    JsonNode results = action.path("results");
    assertThat(results.path("greeting").asText()).isEqualTo("hello world");
    assertThat(results.path("times").asText()).isEqualTo("1");
    assertThat(results.path("dispatch").asText()).isEqualTo("actions/greet");
    assertThat(results.path("uuid").asText()).isEqualTo(Long.toString(id));
    assertThat(results.path("name").asText()).isEqualTo("greet");
    assertThat(Path.of(results.path("cwd").asText()))
        .isEqualTo(unit.path().resolve("charm").toRealPath());
    assertThat(results.path("return-code").asInt()).isZero();
    assertThat(results.path("stdout").asText()).isEqualTo("greeted world\n");
    assertThat(action.path("log").get(0).path("message").asText())
        .isEqualTo("greeting world 1 time(s)");
    List<String> hooks = unit.hooks();
    assertThat(hooks.indexOf("action greet " + id))
        .as("%s", hooks)
        .isGreaterThan(hooks.indexOf("start"));

    Cli.Result shown = operators.cli("show-action", Long.toString(id));
    assertThat(shown.exitCode()).as(shown.stderr()).isZero();
    assertThat(shown.stdout())
        .contains(
            "id: \"" + id + "\"",
            "status: completed",
            "greeting: hello world",
            "unit: bashy/0",
            "return-code: 0",
            "enqueued: ",
            " +0000 UTC greeting world 1 time(s)");
    Cli.Result listed = operators.cli("list-actions");
    assertThat(listed.exitCode()).as(listed.stderr()).isZero();
    assertThat(listed.stdout()).containsPattern(id + "\\s+bashy/0\\s+greet\\s+completed");
    Cli.Result journal =
        operators.cli(
            "journal", "--type", "ActionQueued,ActionStarted,ActionFinished", "--format", "json");
    assertThat(journal.exitCode()).as(journal.stderr()).isZero();
    assertThat(journal.stdout().lines().toList()).hasSize(3);
    assertThat(journal.stdout())
        .as("parameters and results are journaled")
        .contains("world", "hello world");
  }

  @Test
  void
      runActionWaitsAndPrintsTheResultAndRefusesWhatTheCharmDoesNotDefineOrWhatItsSchemaDoesNotAllow()
          throws Exception {
    OperatorApi api = operators.start(bashSpec(false)).awaitListening();
    Expect.idleUnits(api, "bashy/0");

    Cli.Result greeted =
        operators.cli("run-action", "bashy/0", "greet", "who=you", "times=2", "--format", "json");
    assertThat(greeted.exitCode()).as(greeted.stderr()).isZero();
    assertThat(greeted.stderr()).contains("Waiting for task");
    JsonNode printed = OperatorApi.JSON.readTree(greeted.stdout()).path("bashy/0");
    assertThat(printed.path("status").asText()).isEqualTo("completed");
    assertThat(printed.path("results").path("greeting").asText()).isEqualTo("hello you");
    assertThat(printed.path("results").path("times").asText()).isEqualTo("2");

    Cli.Result missing = operators.cli("run-action", "bashy/0", "greet");
    assertThat(missing.exitCode()).isEqualTo(1);
    assertThat(missing.stderr())
        .contains("400 bad_request: invalid parameters for action \"greet\"", "who");
    Cli.Result extra = operators.cli("run-action", "bashy/0", "greet", "who=x", "loud=true");
    assertThat(extra.exitCode()).isEqualTo(1);
    assertThat(extra.stderr()).contains("invalid parameters", "loud");
    Cli.Result wrongType = operators.cli("run-action", "bashy/0", "greet", "who=x", "times=many");
    assertThat(wrongType.exitCode()).isEqualTo(1);
    assertThat(wrongType.stderr()).contains("times");
    Cli.Result unknown = operators.cli("run-action", "bashy/0", "nope");
    assertThat(unknown.exitCode()).isEqualTo(1);
    assertThat(unknown.stderr())
        .contains(
            "404 not_found: action \"nope\" not defined on unit \"bashy/0\"; its charm \"bashy\" defines fail, greet, slow");
    Cli.Result nobody = operators.cli("run-action", "bashy/7", "greet", "who=x");
    assertThat(nobody.exitCode()).isEqualTo(1);
    assertThat(nobody.stderr()).contains("unknown unit bashy/7");

    Cli.Result failed = operators.cli("run-action", "bashy/0", "fail", "reason=because");
    assertThat(failed.exitCode()).isEqualTo(1);
    assertThat(failed.stdout()).contains("bashy/0:", "status: failed", "message: because");
    assertThat(failed.stderr())
        .contains("the following task failed", "use 'caas-operator show-action");

    Cli.Result background =
        operators.cli("run-action", "bashy/0", "greet", "who=later", "--background");
    assertThat(background.exitCode()).as(background.stderr()).isZero();
    String id = background.stdout().strip();
    assertThat(id).matches("[0-9]+");
    Cli.Result shown = operators.cli("show-action", id, "--wait", "60s", "--format", "json");
    assertThat(OperatorApi.JSON.readTree(shown.stdout()).path("results").path("greeting").asText())
        .isEqualTo("hello later");
    JsonNode failedHook = api.status().unit("bashy/0").path("failedHook");
    assertThat(failedHook.isNull() || failedHook.isMissingNode())
        .as("an action that failed is no failed hook")
        .isTrue();
  }

  @Test
  void
      anActionRunningWhenTheOperatorIsKilledIsRecordedFailedAndNeverRunAgainWhileTheOneWaitingRuns()
          throws Exception {
    SpecFile spec = bashSpec(false);
    OperatorProcess first = operators.start(spec);
    OperatorApi api = first.awaitListening();
    Expect.idleUnits(api, "bashy/0");
    UnitDir unit = UnitDir.of(operators.dataDir(), "bashy/0");

    String slow = operators.cli("run-action", "bashy/0", "slow", "--background").stdout().strip();
    String waiting =
        operators
            .cli("run-action", "bashy/0", "greet", "who=after", "--background")
            .stdout()
            .strip();
    await("the slow action to run")
        .atMost(OperatorProcess.PATIENCE)
        .until(() -> Files.exists(unit.path().resolve("slow-started")));
    first.kill9();

    OperatorProcess second = operators.start(spec);
    second.awaitListening();
    Cli.Result interrupted = operators.cli("show-action", slow, "--wait", "30s");
    assertThat(interrupted.stdout())
        .as(interrupted.stderr())
        .contains(
            "status: failed",
            "message: action interrupted by an operator restart; it is not run again");
    Cli.Result after = operators.cli("show-action", waiting, "--wait", "60s");
    assertThat(after.stdout())
        .as(after.stderr())
        .contains("status: completed", "greeting: hello after");
    second.awaitLog("action " + slow + " \\(slow\\) was interrupted by a restart");
    unit.release("slow"); // would let a second run of it finish: there is none
    await("the slow action not to run again")
        .during(Expect.SETTLE)
        .atMost(Duration.ofSeconds(10))
        .until(() -> unit.hooks().stream().filter(l -> l.startsWith("action slow")).count() == 1);
  }

  @Test
  void anOpsCharmsActionRunsThroughCharmcraftsDispatchAndReportsWithOpsOwnActionEvent()
      throws Exception {
    Path charm =
        VendoredOps.charm(OPS_CHARM, "install", "start", "upgrade-charm")
            .file(
                "metadata.yaml",
                "name: greeter\nsummary: An ops charm with actions.\ndescription: Ops.\n")
            .file("actions.yaml", ACTIONS_YAML)
            .writeTo(operators.tmp().resolve("greeter.charm"));
    SpecFile spec = operators.spec("greeter", charm).write();
    // ops needs PyYAML: Debian's python3 has it (python3-yaml), whatever python3 comes first on the
    // PATH here
    OperatorProcess operator = operators.startWithEnvironment(spec, VendoredOps.environment());
    OperatorApi api = operator.awaitListening();
    Expect.status(
        api,
        "greeter/0 idle and active",
        s ->
            s.unitNames().equals(List.of("greeter/0"))
                && s.allUnitsIdle()
                && "active"
                    .equals(s.unit("greeter/0").path("workloadStatus").path("value").asText()));

    Cli.Result greeted = operators.cli("run-action", "greeter/0", "greet", "who=world");
    assertThat(greeted.exitCode()).as(greeted.stderr() + "\nsee " + operator.logFile()).isZero();
    assertThat(greeted.stdout())
        .contains(
            "greeter/0:",
            "status: completed",
            "greeting: hello world",
            "times: \"1\"",
            "return-code: 0",
            " +0000 UTC greeting world");
    String id =
        OperatorApi.JSON
            .readTree(operators.cli("list-actions", "greeter/0", "--format", "json").stdout())
            .get(0)
            .path("id")
            .asText();
    assertThat(greeted.stdout())
        .as("ops' ActionEvent.id is JUJU_ACTION_UUID")
        .contains("task: \"" + id + "\"");
    operator.awaitLog("unit greeter/0 greet action: greeting world");

    Cli.Result failed = operators.cli("run-action", "greeter/0", "fail", "--format", "json");
    assertThat(failed.exitCode()).isEqualTo(1);
    JsonNode task = OperatorApi.JSON.readTree(failed.stdout()).path("greeter/0");
    assertThat(task.path("status").asText()).isEqualTo("failed");
    assertThat(task.path("message").asText()).isEqualTo("failing because told to");
  }
}
