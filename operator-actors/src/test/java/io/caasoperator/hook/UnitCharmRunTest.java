package io.caasoperator.hook;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.charm.CharmFiles;
import io.caasoperator.charm.CharmStore;
import io.caasoperator.charm.DeployedCharm;
import io.caasoperator.charm.PackedCharm;
import io.caasoperator.charm.UnpackLimits;
import io.caasoperator.domain.CharmRef;
import io.caasoperator.domain.UnitId;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Charms as their authors ship them, run through the store, each unit's own charm directory and
 * real processes: a charm packed by charmcraft (its dispatch runs {@code ./src/charm.py}, its state
 * in {@code .unit-state.db}), and a bash charm from a source tree with only {@code charmcraft.yaml}
 * and hooks stored without the execute bit.
 */
class UnitCharmRunTest {
  private static final String PATH = "/usr/local/bin:/usr/bin:/bin";

  @TempDir Path tmp;
  private final LocalProcessExecutor executor =
      new LocalProcessExecutor("test-" + UUID.randomUUID());

  @AfterEach
  void reap() {
    executor.killAll();
  }

  private DeployedCharm store(Path source) throws Exception {
    return new CharmStore(tmp.resolve("data/charms"), UnpackLimits.DEFAULT)
        .deploy(new CharmRef(source.toString(), null, 0, false));
  }

  private Path unitDir(int n) {
    return tmp.resolve("data/agents/unit-db-" + n);
  }

  /**
   * Runs {@code executable} (relative to the unit's charm directory) for {@code hook}, as the unit
   * actor does.
   */
  private ProcessResult hook(DeployedCharm charm, int unit, String executable, String hook)
      throws Exception {
    UnitId id = UnitId.of("db", unit);
    Path unitDir = unitDir(unit);
    Path charmView = unitDir.resolve("charm");
    Map<String, String> environment =
        Map.of(
            "PATH",
            PATH,
            "HOME",
            unitDir.toString(),
            "JUJU_UNIT_NAME",
            id.name(),
            "JUJU_CHARM_DIR",
            charmView.toString(),
            "JUJU_HOOK_NAME",
            hook,
            "JUJU_DISPATCH_PATH",
            "hooks/" + hook);
    HookInvocation invocation =
        new HookInvocation(
            id,
            unitDir,
            charm.dir(),
            List.of(charmView.resolve(executable).toString()),
            environment,
            Duration.ofSeconds(30),
            "db-" + unit + "-" + hook + "-" + UUID.randomUUID(),
            4096);
    ProcessResult result = executor.run(invocation).toCompletableFuture().get(60, TimeUnit.SECONDS);
    assertThat(result.exitCode())
        .as("%s: %s %s", hook, result.stderr(), result.startFailure())
        .isZero();
    return result;
  }

  @Test
  void aPackedOpsCharmKeepsEachUnitsStateInItsOwnCharmDirectoryAcrossAnUpgrade() throws Exception {
    DeployedCharm r1 = store(PackedCharm.ops("db", "1").writeDirectory(tmp.resolve("src/r1")));

    assertThat(hook(r1, 0, "dispatch", "install").stdout()).isEqualTo("db/0 install 1 r1\n");
    assertThat(hook(r1, 1, "dispatch", "install").stdout()).isEqualTo("db/1 install 1 r1\n");
    assertThat(hook(r1, 0, "dispatch", "config-changed").stdout())
        .isEqualTo("db/0 config-changed 2 r1\n");

    DeployedCharm r2 = store(PackedCharm.ops("db", "2").writeDirectory(tmp.resolve("src/r2")));
    assertThat(hook(r2, 0, "dispatch", "upgrade-charm").stdout())
        .as("ops' stored state survived the upgrade")
        .isEqualTo("db/0 upgrade-charm 3 r2\n");
    assertThat(hook(r1, 1, "dispatch", "config-changed").stdout())
        .as("a unit not yet upgraded runs its own copy of the old charm")
        .isEqualTo("db/1 config-changed 2 r1\n");

    assertThat(unitDir(0).resolve("charm/.unit-state.db"))
        .hasContent("install\nconfig-changed\nupgrade-charm");
    assertThat(unitDir(1).resolve("charm/.unit-state.db")).hasContent("install\nconfig-changed");
    assertThat(r1.dir().resolve(".unit-state.db")).as("the store is never written").doesNotExist();
  }

  @Test
  void aBashCharmFromASourceTreeRunsItsHooksStoredWithoutTheExecuteBit() throws Exception {
    Path source =
        CharmFiles.empty()
            .file("charmcraft.yaml", "type: charm\nname: db\nsummary: bash\ndescription: bash\n")
            .file("hooks/install", "#!/bin/bash\n./scripts/record \"$JUJU_HOOK_NAME\"\n")
            .executable(
                "scripts/record",
                "#!/bin/sh\necho \"$1 ran in $(basename \"$PWD\")\" | tee -a \"$HOME/hooks.log\"\n")
            .writeDirectory(tmp.resolve("src/bash"));
    DeployedCharm charm = store(source);
    assertThat(charm.info().hooks()).containsExactly("install");

    assertThat(hook(charm, 0, "hooks/install", "install").stdout())
        .isEqualTo("install ran in charm\n");
    assertThat(unitDir(0).resolve("hooks.log"))
        .as("$HOME is still the unit's directory")
        .hasContent("install ran in charm");
    assertThat(unitDir(0).resolve("charm/metadata.yaml"))
        .as("as charmcraft pack would have written it")
        .exists();
    assertThat(Files.isExecutable(source.resolve("hooks/install")))
        .as("the source is left alone")
        .isFalse();
  }
}
