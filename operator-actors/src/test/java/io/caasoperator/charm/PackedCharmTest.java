package io.caasoperator.charm;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.domain.CharmRef;
import io.caasoperator.domain.CharmStorage;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A charm as {@code charmcraft pack} leaves it loads as Juju reads it, from a .charm or unpacked.
 */
class PackedCharmTest {
  @TempDir Path tmp;

  private CharmStore store() {
    return new CharmStore(tmp.resolve("data/charms"), UnpackLimits.DEFAULT);
  }

  @Test
  void aPackedCharmArchiveLoadsWithItsDispatchActionsPeersAndStorage() throws Exception {
    Path archive = PackedCharm.ops("db", "1").writeZip(tmp.resolve("db_ubuntu-24.04-amd64.charm"));

    DeployedCharm deployed = store().deploy(new CharmRef(archive.toString(), null, 0, false));

    var info = deployed.info();
    assertThat(info.name()).isEqualTo("db");
    assertThat(info.dispatch()).isTrue();
    assertThat(info.hooks()).containsExactlyInAnyOrder("install", "start", "upgrade-charm");
    assertThat(info.containers()).containsExactly("workload");
    assertThat(info.options()).containsOnlyKeys("log-level");
    assertThat(info.peers()).containsExactly(java.util.Map.entry("cluster", "db-peers"));
    assertThat(info.storage())
        .containsExactly(
            java.util.Map.entry("data", new CharmStorage("filesystem", "/var/lib/data")));
    assertThat(info.actions()).containsOnlyKeys("snapshot");
    assertThat(info.actions().get("snapshot").description()).isEqualTo("Take a snapshot.");
    assertThat(Files.readString(deployed.dir().resolve("dispatch")))
        .isEqualTo(PackedCharm.DISPATCH);
    assertThat(Files.readSymbolicLink(deployed.dir().resolve("hooks/install")))
        .isEqualTo(Path.of("../dispatch"));
  }

  @Test
  void anUnpackedPackedCharmLoadsTheSame() throws Exception {
    Path dir = PackedCharm.ops("db", "1").writeDirectory(tmp.resolve("db"));

    var info = store().deploy(new CharmRef(dir.toString(), null, 0, false)).info();

    assertThat(info.name()).isEqualTo("db");
    assertThat(info.dispatch()).isTrue();
    assertThat(info.actions()).containsOnlyKeys("snapshot");
    assertThat(info.peers()).containsOnlyKeys("cluster");
  }
}
