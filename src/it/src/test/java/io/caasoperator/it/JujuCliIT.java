package io.caasoperator.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code bin/juju} as a charm author's test runs it: models are added (their operator started),
 * switched and destroyed (their operator stopped), deploy and integrate write the model's bundle,
 * which the running model follows, status answers in Juju's shape from the model's own; and
 * jubilant itself drives {@code bin/juju} from {@code PATH}, waiting until all is active. Each test
 * has its own juju home and state ({@code CAAS_JUJU_HOME}, {@code XDG_STATE_HOME}).
 */
class JujuCliIT {

  @RegisterExtension final JujuHome home = new JujuHome();

  private Cli.Result juju(String... args) {
    return home.juju(args);
  }

  @Test
  void aModelIsAddedDeployedIntoIntegratedShownAndDestroyed() throws Exception {
    Cli.Result added = juju("add-model", "foo");
    Cli.Result store = juju("deploy", "./examples/kv/charms/kv-store", "--config", "port=7000");
    Cli.Result client = juju("deploy", "./examples/kv/charms/kv-client", "-n", "2");
    Cli.Result related = juju("integrate", "kv-client", "kv-store:kv");
    Cli.Result status = juju("status", "--format", "json");

    assertThat(added.exitCode()).as(added.stderr()).isZero();
    assertThat(added.stderr()).contains("Added 'foo' model on local/localhost for user 'admin'");
    assertThat(store.exitCode()).as(store.stderr()).isZero();
    assertThat(client.exitCode()).as(client.stderr()).isZero();
    assertThat(related.exitCode()).as(related.stderr()).isZero();
    assertThat(status.exitCode()).as(status.stderr()).isZero();
    JsonNode json = new ObjectMapper().readTree(status.stdout());
    assertThat(json.path("model").path("name").asText()).isEqualTo("foo");
    assertThat(json.path("applications").path("kv-client").path("scale").asInt()).isEqualTo(2);
    assertThat(Files.readString(home.dir().resolve("juju/models/foo/bundle.yaml")))
        .contains("port: 7000", "- [kv-client, kv-store:kv]");

    Cli.Result destroyed = juju("destroy-model", "foo", "--no-prompt");
    assertThat(destroyed.exitCode()).as(destroyed.stderr()).isZero();
    assertThat(home.dir().resolve("juju/models/foo")).doesNotExist();
    Cli.Result gone = juju("status", "-m", "foo");
    assertThat(gone.exitCode()).isEqualTo(1);
    assertThat(gone.stderr()).isEqualTo("ERROR model admin/foo not found\n");
  }

  @Test
  void unknownCommandsAreUsageErrors() {
    Cli.Result result = juju("frobnicate");

    assertThat(result.exitCode()).isEqualTo(2);
    assertThat(result.stderr())
        .isEqualTo("ERROR juju: \"frobnicate\" is not a juju command. See \"juju --help\".\n");
  }

  @Test
  void jubilantDrivesBinJujuFromPath() throws Exception {
    String script =
        """
        import jubilant
        juju = jubilant.Juju()
        juju.add_model('bar')
        juju.deploy('./examples/kv/charms/kv-store', config={'port': 7001})
        juju.deploy('./examples/kv/charms/kv-client', num_units=2)
        juju.integrate('kv-client', 'kv-store:kv')
        juju.config('kv-store', {'port': 7002})
        status = juju.status()
        print(sorted(status.apps), status.apps['kv-client'].scale)
        print(juju.config('kv-store')['port'], juju.show_model().short_name)
        juju.model_config({'update-status-hook-interval': '10s'})
        print(juju.model_config()['update-status-hook-interval'], juju.version().major)
        try:
            juju.deploy('./examples/kv/charms/nothing-here')
        except jubilant.CLIError as e:
            print('refused', e.returncode)
        juju.destroy_model('bar', destroy_storage=True, force=True)
        print(juju.model)
        """;
    String output = jubilant(script);

    assertThat(output.lines().toList())
        .containsExactly("['kv-client', 'kv-store'] 2", "7002 bar", "10s 3", "refused 1", "None");
    assertThat(home.dir().resolve("juju/models/bar")).doesNotExist();
  }

  /**
   * What a charm author's integration test does, on a model that runs: deploy two charms, relate
   * them, wait until all is active, see that the relation's data reached the client, take the
   * relation and an application away, destroy the model; and run commands ({@code exec}) and an
   * action ({@code run}) on units as jubilant parses them. The suite's wall time is printed.
   */
  @Test
  void jubilantWaitsUntilARunningModelIsActiveAndSeesItsRelationWork() throws Exception {
    String script =
        """
        import time
        import jubilant
        started = time.monotonic()
        juju = jubilant.Juju()
        juju.add_model('kv')
        juju.deploy('./examples/kv/charms/kv-store', config={'port': 7000})
        juju.deploy('./examples/kv/charms/kv-client', num_units=2)
        juju.deploy('./examples/charms/hello')
        juju.integrate('kv-client', 'kv-store:kv')
        status = juju.wait(jubilant.all_active, timeout=120)
        print(status.apps['kv-client'].units['kv-client/1'].workload_status.message)
        print(sorted(status.apps['kv-store'].relations))
        print(juju.exec('echo $JUJU_UNIT_NAME', unit='kv-store/leader').stdout.strip())
        try:
            juju.exec('exit 3', unit='kv-client/1')
        except jubilant.TaskError as e:
            print('exec failed', e.task.return_code)
        task = juju.run('hello/0', 'greet', {'who': 'jubilant'})
        print(task.status, task.results['greeting'])
        juju.remove_relation('kv-client', 'kv-store:kv')
        status = juju.wait(lambda s: jubilant.all_blocked(s, 'kv-client'), timeout=120)
        print(status.apps['kv-client'].app_status.message)
        juju.remove_application('kv-client')
        status = juju.wait(lambda s: 'kv-client' not in s.apps, timeout=120)
        print(sorted(status.apps))
        juju.destroy_model('kv', destroy_storage=True)
        print(f'suite: {time.monotonic() - started:.1f} s', flush=True)
        """;
    String output = jubilant(script);

    System.out.println("JujuCliIT jubilant suite wall time: " + output.lines().toList().getLast());
    assertThat(output.lines().toList())
        .startsWith(
            "store at kv://kv-store/0:7000",
            "['cluster', 'kv']",
            "kv-store/0",
            "exec failed 3",
            "completed hello, jubilant",
            "waiting for a kv relation",
            "['hello', 'kv-store']");
    assertThat(home.dir().resolve("juju/models/kv")).doesNotExist();
  }

  /**
   * What a test reads of a running model besides status: a unit's relation data ({@code show-unit},
   * as jubilant's {@code show_unit} parses it), the debug log ({@code debug_log}: hooks that ran, a
   * charm's {@code juju-log}), an action run in the background and its task ({@code run
   * --background}, {@code show-task}, {@code operations}); and {@code expose}, {@code unexpose} and
   * {@code refresh --path} (a new revision of the charm: its units run {@code upgrade-charm}).
   */
  @Test
  void jubilantSeesUnitsRelationDataTheDebugLogBackgroundTasksAndARefresh() throws Exception {
    String script =
        """
        import json, re, subprocess, time
        import jubilant
        juju = jubilant.Juju()
        juju.add_model('see')
        juju.deploy('./examples/kv/charms/kv-store', config={'port': 7000})
        juju.deploy('./examples/kv/charms/kv-client')
        juju.deploy('./examples/charms/hello')
        juju.integrate('kv-client', 'kv-store:kv')
        juju.wait(jubilant.all_active, timeout=120)
        info = juju.show_unit('kv-client/0')
        kv = [r for r in info.relation_info if r.endpoint == 'kv'][0]
        print(kv.related_endpoint, kv.app_data['endpoint'], sorted(kv.related_units))
        print(info.address, juju.status().apps['kv-client'].units['kv-client/0'].address)
        print(json.loads(juju.cli('show-application', 'hello', '--format', 'json'))['hello']['charm'])
        juju.exec('juju-log "seen from exec"', unit='hello/0')
        log = juju.debug_log(limit=1000)
        print('ran install' if 'unit-hello-0: ' in log and 'ran "install" hook' in log else log)
        print([l.split(' ', 3)[3] for l in log.splitlines() if 'juju-log' in l][-1])
        only = juju.cli('debug-log', '--no-tail', '--replay', '--include', 'kv-store')
        print(all(l.startswith('unit-kv-store-0: ') for l in only.splitlines()))
        run = subprocess.run(['juju', 'run', '-m', 'see', 'hello/0', 'greet', 'who=bg',
                              '--background'], capture_output=True, text=True)
        assert run.returncode == 0, run.stderr
        task = re.search(r'Scheduled operation (\\d+) with task (\\d+)', run.stderr).group(2)
        shown = json.loads(juju.cli('show-task', task, '--wait', '1m', '--format', 'json'))
        print(shown['status'], shown['results']['greeting'], shown['unit'])
        ops = json.loads(juju.cli('operations', '--format', 'json'))
        print(ops[task]['summary'], ops[task]['tasks'][task]['status'])
        op = json.loads(juju.cli('show-operation', task, '--format', 'json'))
        print(op['status'], op['action']['name'], op['tasks'][task]['results']['greeting'])
        try:
            juju.cli('show-operation', '999')
        except jubilant.CLIError as e:
            print(e.returncode, e.stderr.strip())
        try:
            juju.cli('show-task', '999')
        except jubilant.CLIError as e:
            print(e.returncode, e.stderr.strip())
        juju.cli('expose', 'hello')
        print(juju.status().apps['hello'].exposed)
        juju.cli('unexpose', 'hello')
        print(juju.status().apps['hello'].exposed)
        juju.cli('refresh', 'hello', '--path', './examples/charms/hello')
        status = juju.wait(lambda s: s.apps['hello'].charm_rev == 1 and jubilant.all_active(s))
        for _ in range(60):  # the hook runs once the new charm is deployed: polled, bounded
            upgraded = juju.cli('debug-log', '--no-tail', '--replay', '--include', 'hello/0')
            if 'ran "upgrade-charm" hook' in upgraded:
                break
            time.sleep(1)
        print(status.apps['hello'].charm, 'ran "upgrade-charm" hook' in upgraded)
        juju.destroy_model('see', destroy_storage=True)
        """;
    String output = jubilant(script);

    assertThat(output.lines().toList())
        .containsExactly(
            "kv kv://kv-store/0:7000 ['kv-store/0']",
            "127.0.0.1 127.0.0.1",
            "hello",
            "ran install",
            "unit.hello/0.juju-log seen from exec",
            "True",
            "completed hello, bg hello/0",
            "greet run on unit-hello-0 completed",
            "completed greet hello, bg",
            "1 ERROR operation 999 not found",
            "1 ERROR task 999 not found",
            "True",
            "False",
            "local:hello-1 True");
  }

  /**
   * {@code juju model-config update-status-hook-interval=2s} on a running model: its unit runs
   * {@code update-status} at once at the new interval, with no restart of the model's operator (the
   * default, 5m, would not run one in this test's time); a bad value is refused in Juju's words and
   * changes nothing; {@code --reset} goes back to 5m.
   */
  @Test
  void aRunningModelFollowsItsUpdateStatusHookInterval() throws Exception {
    String script =
        """
        import time
        import jubilant
        juju = jubilant.Juju()
        juju.add_model('tick')
        juju.deploy('./examples/charms/hello')
        juju.wait(jubilant.all_active, timeout=120)
        def update_status_runs():
            log = juju.cli('debug-log', '--no-tail', '--replay', '--include', 'hello/0')
            return log.count('ran "update-status" hook')
        print('before', update_status_runs())
        try:
            juju.model_config({'update-status-hook-interval': 'often'})
        except jubilant.CLIError as e:
            print(e.returncode, e.stderr.strip())
        juju.model_config({'update-status-hook-interval': '2s'})
        print(juju.model_config()['update-status-hook-interval'])
        deadline = time.monotonic() + 90
        while update_status_runs() < 2 and time.monotonic() < deadline:
            time.sleep(0.5)  # a probe of the debug log, bounded by the deadline
        print('ran update-status twice', update_status_runs() >= 2)
        juju.model_config(reset='update-status-hook-interval')
        print(juju.model_config()['update-status-hook-interval'])
        juju.destroy_model('tick', destroy_storage=True)
        """;
    String output = jubilant(script);

    assertThat(output.lines().toList())
        .containsExactly(
            "before 0",
            "1 ERROR invalid update status hook interval in model configuration: time: invalid"
                + " duration \"often\"",
            "2s",
            "ran update-status twice True",
            "5m");
    assertThat(home.dir().resolve("juju/models/tick")).doesNotExist();
  }

  private String jubilant(String script) throws Exception {
    return home.jubilant(script);
  }
}
