package io.caasoperator.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A charm written against the {@code ops} framework, without Python: its {@code dispatch} makes
 * exactly the hook-tool calls {@code ops} makes (ops/model.py {@code _ModelBackend}, ops/storage.py
 * {@code _JujuStorageBackend}) for a charm that keeps a {@code StoredState} counter in Juju's state
 * and sets {@code ActiveStatus()} on every event, and fails the event when a reply does not have
 * the shape {@code ops} parses.
 */
class OpsCharmIT {

  private static final String APP = "ops";
  private static final String LEADER = APP + "/0";
  private static final String FOLLOWER = APP + "/1";
  private static final String STORED = "OpsCharm/StoredStateData[_stored]";

  /**
   * Each call below is written as ops spells it (its argument order, {@code --format=json} last).
   */
  private static final String DISPATCH =
      """
            #!/bin/sh
            set -eu
            event=${JUJU_DISPATCH_PATH#hooks/}
            echo "$event" >> "$HOME/hooks.log"
            fail() { echo "ops charm: $*" >&2; exit 1; }

            # ops.main: logging set up, then JujuStorage loads notices and stored state.
            juju-log --log-level DEBUG -- "Operator Framework 2.x up and running."
            notices=$(state-get '#notices#')
            stored=$(state-get 'OpsCharm/StoredStateData[_stored]')
            juju-log --log-level DEBUG -- "Emitting Juju event $event."

            # self.unit.is_leader(), self.config, self.unit.status, planned_units(), relations
            leader=$(is-leader --format=json)
            case "$leader" in true|false) ;; *) fail "is-leader printed '$leader'" ;; esac
            config=$(config-get --format=json)
            case "$config" in '{'*'"greeting"'*'}') ;; *) fail "config-get printed '$config'" ;; esac
            unit_status=$(status-get --include-data --application=False --format=json)
            case "$unit_status" in '{'*'"status"'*) ;; *) fail "status-get printed '$unit_status'" ;; esac
            goal=$(goal-state --format=json)
            case "$goal" in '{'*'"units"'*) ;; *) fail "goal-state printed '$goal'" ;; esac
            relations=$(relation-ids db --format=json)
            [ "$relations" = "[]" ] || fail "relation-ids printed '$relations'"

            # The charm's handler: self.app.status (leader), self.unit.status = ActiveStatus(), a log line.
            if [ "$leader" = true ]; then
              app_status=$(status-get --include-data --application=True --format=json)
              case "$app_status" in *'"application-status"'*) ;; *) fail "status-get --application printed '$app_status'" ;; esac
              status-set --application=True active ''
            fi
            application-version-set -- 3.1.4
            status-set --application=False active ''
            juju-log --log-level INFO -- "handled $event"

            # framework.commit(): StoredState and notices saved as YAML on stdin.
            count=$(printf '%s\\n' "$stored" | sed -n 's/.*events: \\([0-9]*\\).*/\\1/p')
            count=$(( ${count:-0} + 1 ))
            state-set --file - <<EOF
            'OpsCharm/StoredStateData[_stored]': |
              {events: $count}
            '#notices#': |
              []
            EOF
            """;

  @RegisterExtension final Operators operators = new Operators();

  @Test
  void anOpsStyleCharmWithDispatchSetsItsUnitsAndApplicationActive() throws Exception {
    Path charm =
        ScriptCharm.write(operators.tmp().resolve("charm"), APP, Map.of("dispatch", DISPATCH));
    SpecFile spec = operators.spec(APP, charm).withScale(2).write();
    OperatorProcess operator = operators.start(spec);
    OperatorApi api = operator.awaitListening();

    Expect.hooks(UnitDir.of(operators.dataDir(), LEADER), Expect.LEADER_LIFECYCLE);
    Expect.hooks(UnitDir.of(operators.dataDir(), FOLLOWER), Expect.FOLLOWER_LIFECYCLE);
    Status status =
        Expect.idleUnits(
            api,
            "both active",
            s -> s.unitNames().stream().allMatch(u -> s.workload(u).equals("active")),
            LEADER,
            FOLLOWER);

    for (String unit : List.of(LEADER, FOLLOWER)) {
      JsonNode view = status.unit(unit);
      assertThat(view.path("workloadStatus").path("message").asText()).as("%s", view).isEmpty();
      assertThat(view.path("failedHook").isNull() || view.path("failedHook").isMissingNode())
          .as("%s", view)
          .isTrue();
    }
    assertThat(status.application()).isEqualTo("active");
    assertThat(status.applicationMessage()).isEmpty();
    assertThat(status.json().path("workloadVersion").asText()).isEqualTo("3.1.4");
    operator.awaitLog("unit " + LEADER + " web-pebble-ready: handled web-pebble-ready");
    operator.awaitLog("unit " + FOLLOWER + " web-pebble-ready: handled web-pebble-ready");

    // The StoredState counter went through state-set --file - and state-get on every event.
    OperatorApi.Reply stored = api.exec(LEADER, "state-get '" + STORED + "'", "30s");
    assertThat(stored.code()).as("%s", stored.body()).isEqualTo(200);
    assertThat(stored.body().path("stdout").asText())
        .as("%s", stored.body())
        .contains("{events: " + Expect.LEADER_LIFECYCLE.size() + "}");
    OperatorApi.Reply followerStored = api.exec(FOLLOWER, "state-get '" + STORED + "'", "30s");
    assertThat(followerStored.body().path("stdout").asText())
        .as("%s", followerStored.body())
        .contains("{events: " + Expect.FOLLOWER_LIFECYCLE.size() + "}");
  }
}
