package io.caasoperator.charm;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.domain.CharmRef;
import java.nio.file.Files;

/** Deploying a charm the store already holds, whether it came as an archive or a directory. */
final class SecondDeploy {
  private SecondDeploy() {}

  /**
   * Deploys {@code ref} twice and checks the second deploy reuses the first one's directory as it
   * is: a marker written into it in between survives.
   */
  static void reusesTheFirstDirectory(CharmStore store, CharmRef ref) throws Exception {
    DeployedCharm first = store.deploy(ref);
    Files.writeString(first.dir().resolve("marker"), "proves the directory was not replaced");

    DeployedCharm second = store.deploy(ref);

    assertThat(second.dir()).isEqualTo(first.dir());
    assertThat(second.info().sha256()).isEqualTo(first.info().sha256());
    assertThat(second.dir().resolve("marker")).exists();
  }
}
