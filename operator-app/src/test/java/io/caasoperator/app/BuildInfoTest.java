package io.caasoperator.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Properties;
import org.junit.jupiter.api.Test;

/**
 * {@code --version}: the commit and the build time the build recorded, or that it recorded none.
 */
class BuildInfoTest {

  @Test
  void theCommitAndTheBuildTimeAreShownAndAChangedWorkTreeIsSaid() {
    Properties p = new Properties();
    p.setProperty("build.version", "1.2.3");
    p.setProperty("build.time", "2026-11-22T10:15:30Z");

    BuildInfo info = BuildInfo.of(p, "d93d259-dirty\n");

    assertThat(info.lines()[0]).isEqualTo("caas-operator 1.2.3");
    assertThat(info.lines()[1]).isEqualTo("commit:  d93d259-dirty");
    assertThat(info.lines()[2]).isEqualTo("built:   2026-11-22T10:15:30Z");
    assertThat(info.summary()).isEqualTo("1.2.3 (d93d259-dirty)");
  }

  @Test
  void aBuildWithoutGitOrFilteringSaysSo() {
    Properties unfiltered = new Properties();
    unfiltered.setProperty("build.time", "${maven.build.timestamp}");

    BuildInfo info = BuildInfo.of(unfiltered, "");

    assertThat(info.lines()[1]).isEqualTo("commit:  unknown (built without git)");
    assertThat(info.lines()[2]).isEqualTo("built:   unknown");
  }

  @Test
  void thisBuildRecordedItsCommitAndTime() {
    assertThat(BuildInfo.current().commit())
        .hasValueSatisfying(c -> assertThat(c).matches("[0-9a-f]{7,}(-dirty)?"));
    assertThat(BuildInfo.current().buildTime())
        .hasValueSatisfying(t -> assertThat(t).matches("\\d{4}-\\d\\d-\\d\\dT.*Z"));
  }
}
