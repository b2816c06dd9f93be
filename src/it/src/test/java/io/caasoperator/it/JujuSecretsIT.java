package io.caasoperator.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code bin/juju}'s user secrets, {@code ssh} and {@code scp} on a running model, driven by
 * jubilant 1.12 as a charm author's test drives them: a secret added, updated, granted, shown
 * revealed and listed, then removed, its content never in the operator's log or its journal's files
 * in clear; an application's own secret removed with the application (deployed again under its
 * name, it has none); commands run on a unit with standard input, in its hook context and in its
 * workload container; files copied to a unit and back.
 */
class JujuSecretsIT {

  private static final String CONTENT = "hunter2-plain-6d1e";
  private static final String UPDATED = "hunter3-plain-0a7c";
  private static final String OWN = "t0k3n-plain-5b2f";

  @RegisterExtension final JujuHome home = new JujuHome();

  @Test
  void userSecretsAreKeptByTheModelAndShownAsJujuShowsThem() throws Exception {
    String script =
        """
        import time
        import jubilant
        juju = jubilant.Juju()
        juju.add_model('sec', config={'update-status-hook-interval': '1h'})
        juju.deploy('./examples/charms/hello')
        uri = juju.add_secret('db-password', {'password': '%s'}, info='the db')
        print(uri.startswith('secret:'), len(uri.unique_identifier))
        try:
            juju.add_secret('db-password', {'password': 'x'})
        except jubilant.CLIError as e:
            print('duplicate', e.returncode, e.stderr.strip())
        juju.update_secret('db-password', {'password': '%s'}, name='db-pass')
        juju.grant_secret('db-pass', 'hello')
        try:
            juju.grant_secret(uri, 'nope')
        except jubilant.CLIError as e:
            print('grant', e.returncode, e.stderr.strip())
        # the granted application's charm reads it, as a consumer: the latest revision, tracked
        juju.wait(jubilant.all_agents_idle, timeout=120)
        read = juju.exec('secret-get', uri, 'password', unit='hello/0')
        print('read', read.stdout.strip() == '%s')
        juju.cli('revoke-secret', 'db-pass', 'hello')
        try:
            juju.exec('secret-get', uri, unit='hello/0')
        except jubilant.TaskError as e:
            print('revoked', e.task.stderr.strip())
        juju.grant_secret('db-pass', 'hello')
        s = juju.show_secret('db-pass', reveal=True)
        print(s.uri == uri, s.owner, s.name, s.revision, s.description, s.content)
        print(juju.show_secret(uri, revision=1, reveal=True).content)
        print([a.target for a in juju.show_secret(uri).access])
        print(len(juju.show_secret(uri, revisions=True).revisions))
        print([(x.name, x.owner) for x in juju.secrets()])
        juju.remove_secret(uri, revision=1)
        print(len(juju.show_secret(uri, revisions=True).revisions))
        juju.remove_secret('db-pass')
        try:
            juju.show_secret('db-pass')
        except jubilant.CLIError as e:
            print('gone', e.returncode, e.stderr.strip())
        print(juju.secrets())
        # the application's own secret goes with it: deployed again under its name, it has none
        own = juju.exec('secret-add', 'token=%s', unit='hello/0').stdout.strip()[len('secret:'):]
        for _ in range(100):
            if juju.exec('secret-ids', unit='hello/0').stdout.strip() == own:
                break
            time.sleep(0.2)
        print('owns', juju.exec('secret-ids', unit='hello/0').stdout.strip() == own)
        juju.remove_application('hello')
        juju.wait(lambda s: 'hello' not in s.apps, timeout=120)
        juju.deploy('./examples/charms/hello')
        juju.wait(jubilant.all_agents_idle, timeout=120)
        print('owns again', repr(juju.exec('secret-ids', unit='hello/0').stdout.strip()))
        try:
            juju.exec('secret-get', 'secret:' + own, unit='hello/0')
        except jubilant.TaskError as e:
            print('removed with it', e.task.stderr.strip() == f'ERROR secret "{own}" not found')
        """
            .formatted(CONTENT, UPDATED, UPDATED, OWN);
    String output = jubilant(script);
    String data = home.dir().resolve("juju/models/sec").toString();

    assertThat(output.lines().toList())
        .containsExactly(
            "True 20",
            "duplicate 1 ERROR secret with name \"db-password\" already exists",
            "grant 1 ERROR failed to grant/revoke secret: application \"nope\" not found",
            "read True",
            "revoked ERROR permission denied",
            "True <model> db-pass 2 the db {'password': '" + UPDATED + "'}",
            "{'password': '" + CONTENT + "'}",
            "['application-hello']",
            "2",
            "[('db-pass', '<model>')]",
            "1",
            "gone 1 ERROR secret \"db-pass\" not found",
            "[]",
            "owns True",
            "owns again ''",
            "removed with it True");
    // the model is still there: its operator's log and journal, read where they rest
    String everything = everyFile(Path.of(data));
    assertThat(everything).as("the model's files hold the secret's name").contains("db-pass");
    assertThat(everything).doesNotContain(CONTENT).doesNotContain(UPDATED).doesNotContain(OWN);
    assertThat(jubilant("import jubilant\njubilant.Juju(model='sec').destroy_model('sec')\n"))
        .isEmpty();
  }

  @Test
  void sshPassesStandardInputAndScpCopiesBothWays() throws Exception {
    Files.writeString(home.dir().resolve("up.txt"), "to the unit\n");
    String script =
        """
        import pathlib, subprocess, sys
        import jubilant
        juju = jubilant.Juju()
        juju.add_model('ssh')
        juju.deploy('./examples/charms/hello')
        juju.wait(lambda s: 'hello/0' in s.apps['hello'].units, timeout=120)
        print(juju.cli('ssh', 'hello/0', 'tr', 'a-z', 'A-Z', stdin='shout\\n').strip())
        print(juju.ssh('hello/0', 'echo $JUJU_UNIT_NAME').strip())
        print(juju.cli('ssh', '--container', 'web', 'hello/0', 'cat > /srv/in.txt; ls /srv',
                       stdin='into the container\\n').strip())
        try:
            juju.ssh('hello/0', 'exit 7')
        except jubilant.CLIError as e:
            print('code', e.returncode)
        tmp = pathlib.Path(sys.argv[1])
        juju.scp(tmp / 'up.txt', 'hello/0:up.txt')
        unit = tmp / 'juju/models/ssh/data/agents/unit-hello-0'
        print((unit / 'up.txt').read_text().strip())
        juju.scp('hello/0:up.txt', tmp / 'down.txt')
        juju.scp('hello/0:/srv/in.txt', tmp / 'container.txt', container='web')
        print((tmp / 'down.txt').read_text().strip(), (tmp / 'container.txt').read_text().strip())
        try:
            juju.scp('hello/0:/nope', tmp / 'x', container='nope')
        except jubilant.CLIError as e:
            print('scp', e.returncode, e.stderr.strip())
        # from a terminal (script(1) gives it a pty): a shell in the unit, or in its container
        def on_terminal(command, typed):
            return subprocess.run(['script', '-qec', command, '/dev/null'], input=typed,
                                  capture_output=True, text=True, timeout=300)
        shell = on_terminal('juju ssh -m ssh hello/0', 'echo "at=$PWD unit=$JUJU_UNIT_NAME"; exit 5\\n')
        print('shell', shell.returncode, 'unit-hello-0 unit=hello/0' in shell.stdout)
        inside = on_terminal('juju ssh -m ssh --container web hello/0', 'ls /srv; exit 3\\n')
        print('container shell', inside.returncode, 'in.txt' in inside.stdout)
        juju.destroy_model('ssh')
        """;
    String output = jubilant(script, home.dir().toString());

    assertThat(output.lines().toList())
        .containsExactly(
            "SHOUT",
            "hello/0",
            "in.txt",
            "code 7",
            "to the unit",
            "to the unit into the container",
            "scp 1 ERROR container \"nope\" not found in unit \"hello/0\"",
            "shell 5 True",
            "container shell 3 True");
  }

  /** Every regular file under {@code dir}, as bytes read as Latin-1. */
  private static String everyFile(Path dir) throws Exception {
    StringBuilder all = new StringBuilder();
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path file : files.filter(Files::isRegularFile).toList())
        all.append(new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1));
    }
    return all.toString();
  }

  /** Runs {@code script} with the vendored jubilant and {@code bin/} first on PATH; its output. */
  private String jubilant(String script, String... args) throws Exception {
    return home.jubilant(script, args);
  }
}
