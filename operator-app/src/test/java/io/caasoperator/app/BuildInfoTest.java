package io.caasoperator.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Properties;
import org.junit.jupiter.api.Test;

/** {@code --version}: the commit and the build time the build recorded, or that it recorded none. */
class BuildInfoTest {

  @Test
  void theCommitAndTheBuildTimeAreShownAndAChangedWorkTreeIsSaid() {
    Properties p = new Properties();
    p.setProperty("git.build.version", "1.2.3");
    p.setProperty("git.commit.id.abbrev", "d93d259");
    p.setProperty("git.dirty", "true");
    p.setProperty("git.commit.time", "2026-11-22T10:00:00Z");
    p.setProperty("git.build.time", "2026-11-22T10:15:30Z");

    String[] lines = BuildInfo.of(p).lines();

    assertThat(lines[0]).isEqualTo("caas-operator 1.2.3");
    assertThat(lines[1]).isEqualTo("commit:  d93d259-dirty (2026-11-22T10:00:00Z)");
    assertThat(lines[2]).isEqualTo("built:   2026-11-22T10:15:30Z");
    assertThat(BuildInfo.of(p).summary()).isEqualTo("1.2.3 (d93d259-dirty)");
  }

  @Test
  void aBuildWithoutGitSaysSo() {
    String[] lines = BuildInfo.of(new Properties()).lines();

    assertThat(lines[1]).isEqualTo("commit:  unknown (built without git)");
    assertThat(lines[2]).isEqualTo("built:   unknown");
  }

  @Test
  void thisBuildRecordedItsCommit() {
    assertThat(BuildInfo.current().commit()).hasValueSatisfying(c -> assertThat(c).matches("[0-9a-f]{7,}(-dirty)?"));
    assertThat(BuildInfo.current().buildTime()).isPresent();
  }
}
