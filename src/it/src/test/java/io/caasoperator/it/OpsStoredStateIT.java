package io.caasoperator.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * An unmodified {@code ops} charm, packed as charmcraft packs it, keeps its {@code StoredState} in
 * {@code .unit-state.db} in the charm directory (ops' local storage: not a podspec charm). Two
 * units must each have their own (no shared SQLite file, no "database is locked"), and an upgrade
 * must keep it, as Juju's deployer keeps the files a unit wrote.
 */
class OpsStoredStateIT {

  private static final String APP = "counter";

  /**
   * Counts the events it sees in StoredState and shows the count, with the unit that first stored
   * it.
   */
  private static String charm(String version) {
    return CharmPy.charm("CounterCharm")
        .stored("events=0, owner=\"\"")
        .observe(
            "_count",
            "install",
            "leader_elected",
            "leader_settings_changed",
            "config_changed",
            "start",
            "upgrade_charm")
        .methods(
            """
            def _count(self, event):
                if not self._stored.owner:
                    self._stored.owner = self.unit.name
                self._stored.events += 1
                self.unit.status = ops.ActiveStatus(
                    f"VERSION owner={self._stored.owner} events={self._stored.events} last={event.handle.kind}")
            """
                .replace("VERSION", version))
        .text();
  }

  @RegisterExtension final Operators operators = new Operators();

  private Path pack(Path ops, String version) throws Exception {
    return new CharmArchive()
        .executable("dispatch", VendoredOps.DISPATCH)
        .executable("src/charm.py", charm(version))
        .tree(ops, "venv/ops")
        .file(
            "metadata.yaml",
            "name: counter\nsummary: Counts its events.\ndescription: Ops stored state.\n")
        .file("manifest.yaml", VendoredOps.MANIFEST)
        .writeTo(operators.tmp().resolve("counter-" + version + ".charm"));
  }

  @Test
  void eachUnitKeepsItsOwnStoredStateAndAnUpgradeKeepsIt() throws Exception {
    Path ops = VendoredOps.opsPackage();
    SpecFile spec = operators.spec(APP, pack(ops, "v1")).withScale(2).write();
    OperatorProcess operator = operators.startWithEnvironment(spec, VendoredOps.environment());
    OperatorApi api = operator.awaitListening();

    Status first =
        Expect.status(
            api,
            "both units started on v1",
            s ->
                s.unitNames().equals(List.of("counter/0", "counter/1"))
                    && s.allUnitsIdle()
                    && s.unitNames().stream().allMatch(u -> message(s, u).endsWith("last=start")));
    int before0 = events(first, "counter/0");
    int before1 = events(first, "counter/1");
    for (String unit : first.unitNames()) {
      assertThat(message(first, unit))
          .as("see %s", operator.logFile())
          .startsWith("v1 owner=" + unit + " ");
    }
    // install, leader-elected, config-changed, start on the leader; install,
    // leader-settings-changed
    // (once after install, as Juju 3.6 runs it for a follower), config-changed, start on the
    // follower
    assertThat(before0).isEqualTo(4);
    assertThat(before1).isEqualTo(4);

    spec.withCharm(pack(ops, "v2")).withModifiedVersion(1).write();
    Status upgraded =
        Expect.status(
            api,
            "both units upgraded to v2 and idle",
            s ->
                s.allUnitsIdle()
                    && s.unitNames().stream()
                        .allMatch(
                            u ->
                                message(s, u).startsWith("v2 ")
                                    && message(s, u).endsWith("last=config_changed")));
    // upgrade-charm and config-changed counted on top of what each unit had stored: nothing lost,
    // nothing shared
    assertThat(message(upgraded, "counter/0"))
        .isEqualTo("v2 owner=counter/0 events=" + (before0 + 2) + " last=config_changed");
    assertThat(message(upgraded, "counter/1"))
        .isEqualTo("v2 owner=counter/1 events=" + (before1 + 2) + " last=config_changed");
    assertThat(Files.readString(operator.logFile()))
        .doesNotContain("database is locked")
        .doesNotContain("Traceback");
  }

  private static String message(Status status, String unit) {
    return status.unit(unit).path("workloadStatus").path("message").asText();
  }

  private static int events(Status status, String unit) {
    return Integer.parseInt(message(status, unit).replaceAll(".*events=(\\d+).*", "$1"));
  }
}
