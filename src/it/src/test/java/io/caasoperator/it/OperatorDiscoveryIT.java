package io.caasoperator.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The CLI finds its operator with no flag, as a user at a terminal expects: the only one running
 * for the user, the named unit's when several run (and a list when that does not decide), and a
 * plain "none" once they stopped, even after one was killed and left its registration behind.
 */
class OperatorDiscoveryIT {

  private static final Duration CLI_PATIENCE = Duration.ofSeconds(90);
  private static final Duration START_PATIENCE = Duration.ofMinutes(3);
  private static final int UNREACHABLE = 69;
  private static final int USAGE = 2;

  @TempDir Path tmp;

  private final List<OperatorProcess> started = new ArrayList<>();

  @AfterEach
  void stopOperators() {
    started.forEach(OperatorProcess::close);
  }

  /** The user's state, with the registry of running operators: this test's own. */
  private Map<String, String> user() {
    return Map.of("XDG_STATE_HOME", tmp.resolve("state").toString());
  }

  private OperatorProcess start(String app) throws Exception {
    Path charm =
        ScriptCharm.write(
            tmp.resolve(app + "-charm"), app, Map.of("hooks/install", "#!/bin/sh\ntrue\n"));
    SpecFile spec = SpecFile.at(tmp.resolve(app + ".yaml"), app, charm).write();
    OperatorProcess operator =
        OperatorProcess.start(
            List.of("--spec", spec.path().toString(), "--pebble", "off"),
            tmp.resolve(app + "-data"),
            tmp.resolve("logs").resolve(app + "-" + (started.size() + 1) + ".log"),
            Map.of(),
            user());
    started.add(operator);
    // the JVM's start alone can outlast awaitListening's patience on a busy machine
    Awaitility.await()
        .atMost(START_PATIENCE)
        .until(() -> !operator.isAlive() || Files.exists(tmp.resolve(app + "-data/listener")));
    operator.awaitListening();
    return operator;
  }

  private Cli.Result cli(String... args) {
    return Cli.run(tmp.resolve("cli"), CLI_PATIENCE, user(), args);
  }

  @Test
  void withNoFlagTheCliFindsTheOnlyOperatorTheNamedUnitsOneOrListsThem() throws Exception {
    Cli.Result none = cli("status");
    assertThat(none.exitCode()).isEqualTo(UNREACHABLE);
    assertThat(none.stderr()).contains("no operator is running for this user");

    OperatorProcess alpha = start("alpha");
    Cli.Result status = cli("status");
    assertThat(status.exitCode()).as(status.stderr()).isZero();
    assertThat(status.stdout()).contains("App      alpha");
    Awaitility.await()
        .atMost(CLI_PATIENCE)
        .until(
            () ->
                cli("exec", "alpha/0", "--", "echo $JUJU_UNIT_NAME").stdout().equals("alpha/0\n"));

    start("beta");
    Cli.Result several = cli("status");
    assertThat(several.exitCode()).isEqualTo(USAGE);
    assertThat(several.stderr())
        .contains(
            "several operators are running for this user",
            "alpha (data dir " + tmp.resolve("alpha-data"),
            "beta (data dir " + tmp.resolve("beta-data"),
            "--data-dir DIR");
    Cli.Result byApp = cli("status", "--app", "beta");
    assertThat(byApp.exitCode()).as(byApp.stderr()).isZero();
    assertThat(byApp.stdout()).contains("App      beta");
    Cli.Result byUnit = cli("exec", "alpha/0", "--", "echo $JUJU_UNIT_NAME");
    assertThat(byUnit.exitCode()).as(byUnit.stderr()).isZero();
    assertThat(byUnit.stdout()).isEqualTo("alpha/0\n");

    alpha.kill9();
    Cli.Result afterCrash = cli("status");
    assertThat(afterCrash.exitCode()).as(afterCrash.stderr()).isZero();
    assertThat(afterCrash.stdout()).contains("App      beta");
    Cli.Result crashedUnit = cli("exec", "alpha/0", "--", "true");
    assertThat(crashedUnit.exitCode()).isEqualTo(UNREACHABLE);
    assertThat(crashedUnit.stderr())
        .contains("no operator of application alpha is running for this user", "running: beta");
    try (var files = Files.list(tmp.resolve("state/caas-operator/.running"))) {
      assertThat(files.map(f -> f.getFileName().toString()))
          .as("the killed operator's registration is removed, the running one's kept")
          .hasSize(1);
    }

    started.getLast().terminate();
    assertThat(started.getLast().exitCode(CLI_PATIENCE)).isZero();
    Cli.Result allStopped = cli("status");
    assertThat(allStopped.exitCode()).isEqualTo(UNREACHABLE);
    assertThat(allStopped.stderr()).contains("no operator is running for this user");
  }
}
