package io.caasoperator.charm.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.caasoperator.charm.CharmFiles;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CharmManifestTest {
  @TempDir Path tmp;

  @Test
  void aStoredCharmsManifestListsItsDirectoriesFilesAndLinks() throws Exception {
    Path stored =
        CharmFiles.named("db")
            .executable("hooks/install", "x")
            .symlink("hooks/start", "install")
            .writeDirectory(tmp.resolve("charms/abc"));

    CharmManifest manifest = CharmManifest.of(stored);

    assertThat(manifest.version()).isEqualTo("abc");
    assertThat(manifest.paths())
        .containsExactly("hooks", "hooks/install", "hooks/start", "metadata.yaml");
  }

  @Test
  void itSurvivesAJsonRoundTrip() throws Exception {
    ObjectMapper json = new ObjectMapper();
    CharmManifest manifest = new CharmManifest("abc", new TreeSet<>(List.of("a", "a/b")));

    assertThat(json.readValue(json.writeValueAsString(manifest), CharmManifest.class))
        .isEqualTo(manifest);
  }

  @Test
  void pathsThatLeaveTheCharmDirectoryAndBadVersionsAreRefused() {
    for (String bad : List.of("", "/etc/passwd", "../x", "a/../../x", "a//b", "./a", "a/")) {
      assertThatThrownBy(() -> new CharmManifest("abc", new TreeSet<>(List.of(bad))))
          .as(bad)
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageStartingWith("manifest path \"" + bad + "\" ");
    }
    for (String bad : List.of("", ".tmp-1", "a/b", "..")) {
      assertThatThrownBy(() -> new CharmManifest(bad, new TreeSet<>()))
          .as(bad)
          .hasMessage("not a charm version: \"" + bad + "\"");
    }
  }
}
