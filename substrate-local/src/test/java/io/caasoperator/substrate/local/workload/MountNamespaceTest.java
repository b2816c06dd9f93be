package io.caasoperator.substrate.local.workload;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.substrate.local.workload.MountNamespace.RootEntry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MountNamespaceTest {
  private final MountNamespace namespace =
      new MountNamespace(
          List.of(
              new RootEntry.Link("bin", "usr/bin"),
              new RootEntry.Directory("dev"),
              new RootEntry.Directory("proc"),
              new RootEntry.Directory("usr"),
              new RootEntry.File(".dockerenv")));

  @Test
  void everyHostEntryIsThereAgainAndEachContainerAtItsCharmPath() {
    assertThat(
            namespace.wrap(
                List.of("/charm/dispatch"),
                Map.of("web", Path.of("/d/containers/web"), "db", Path.of("/d/containers/db"))))
        .containsExactly(
            "bwrap",
            "--symlink",
            "usr/bin",
            "/bin",
            "--dev-bind",
            "/dev",
            "/dev",
            "--bind",
            "/proc",
            "/proc",
            "--bind",
            "/usr",
            "/usr",
            "--bind",
            "/.dockerenv",
            "/.dockerenv",
            "--bind",
            "/d/containers/db",
            "/charm/containers/db",
            "--bind",
            "/d/containers/web",
            "/charm/containers/web",
            "--",
            "/charm/dispatch");
  }

  @Test
  void aHostCharmDirectoryStaysHiddenSoUnitsSeeOnlyTheirOwnContainers() {
    MountNamespace withCharm = new MountNamespace(List.of(new RootEntry.Directory("charm")));
    assertThat(withCharm.wrap(List.of("true"), Map.of())).containsExactly("bwrap", "--", "true");
  }

  @Test
  void theHostRootIsReadAsDirectoriesFilesAndLinks(@TempDir Path root) throws Exception {
    Files.createDirectory(root.resolve("usr"));
    Files.writeString(root.resolve("marker"), "x");
    Files.createSymbolicLink(root.resolve("bin"), Path.of("usr/bin"));
    assertThat(MountNamespace.ofHost(root).hostRoot())
        .containsExactly(
            new RootEntry.Link("bin", "usr/bin"),
            new RootEntry.File("marker"),
            new RootEntry.Directory("usr"));
  }
}
