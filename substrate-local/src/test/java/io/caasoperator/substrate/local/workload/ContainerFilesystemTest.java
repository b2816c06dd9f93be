package io.caasoperator.substrate.local.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.caasoperator.substrate.local.workload.MountNamespace.RootEntry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ContainerFilesystemTest {
  private static final List<RootEntry> HOST =
      List.of(
          new RootEntry.Link("bin", "usr/bin"),
          new RootEntry.Directory("dev"),
          new RootEntry.Directory("etc"),
          new RootEntry.Directory("home"),
          new RootEntry.Link("lib64", "usr/lib64"),
          new RootEntry.Directory("proc"),
          new RootEntry.Directory("srv"),
          new RootEntry.Directory("tmp"),
          new RootEntry.Directory("usr"),
          new RootEntry.File("swapfile"));

  @TempDir Path dir;

  private ContainerFilesystem filesystem() {
    return new ContainerFilesystem(dir.resolve("root"), HOST);
  }

  @Test
  void theContainersOwnPathsAreUnderItsRootAndTheImagesAreTheHosts() {
    ContainerFilesystem fs = filesystem();
    Path root = dir.resolve("root");
    assertThat(fs.toHost("/")).isEqualTo(root);
    assertThat(fs.toHost("/srv/who.txt")).isEqualTo(root.resolve("srv/who.txt"));
    assertThat(fs.toHost("/tmp/x")).as("/tmp is the container's").isEqualTo(root.resolve("tmp/x"));
    assertThat(fs.toHost("/etc/passwd")).isEqualTo(Path.of("/etc/passwd"));
    assertThat(fs.toHost("/usr/bin/python3")).isEqualTo(Path.of("/usr/bin/python3"));
    assertThat(fs.toHost("/bin/sh")).isEqualTo(Path.of("/bin/sh"));
    assertThat(fs.toHost("/proc/self")).isEqualTo(Path.of("/proc/self"));
    assertThat(fs.toHost("/../../srv/../x")).as("no way above /").isEqualTo(root.resolve("x"));
    assertThat(fs.toHost("/usrx/y")).isEqualTo(root.resolve("usrx/y"));
    assertThatThrownBy(() -> fs.toHost("srv")).hasMessageContaining("must be absolute");
  }

  @Test
  void hostPathsMapBackToTheContainersOnlyWhereTheContainerSeesThem() {
    ContainerFilesystem fs = filesystem();
    assertThat(fs.toContainer(dir.resolve("root"))).contains("/");
    assertThat(fs.toContainer(dir.resolve("root/srv/a"))).contains("/srv/a");
    assertThat(fs.toContainer(Path.of("/usr/lib"))).contains("/usr/lib");
    assertThat(fs.toContainer(dir.resolve("elsewhere"))).isEmpty();
  }

  @Test
  void preparingMakesABaseImagesDirectoriesTheMountPointsAndTheImagesLinksOnceOnly()
      throws Exception {
    ContainerFilesystem fs = filesystem();
    fs.prepare();
    fs.prepare();
    Path root = dir.resolve("root");
    assertThat(root.resolve("tmp")).isDirectory().isWritable();
    assertThat(Files.getPosixFilePermissions(root.resolve("tmp")))
        .isEqualTo(java.nio.file.attribute.PosixFilePermissions.fromString("rwxrwxrwx"));
    assertThat(root.resolve("srv")).as("a base image's directories, empty").isEmptyDirectory();
    assertThat(root.resolve("var/log")).isEmptyDirectory();
    assertThat(root.resolve("run")).isEmptyDirectory();
    assertThat(root.resolve("usr")).isDirectory();
    assertThat(root.resolve("etc")).isDirectory();
    assertThat(root.resolve("proc")).isDirectory();
    assertThat(Files.readSymbolicLink(root.resolve("bin"))).isEqualTo(Path.of("usr/bin"));
    assertThat(root.resolve("home")).as("not the host's: the container's own").isEmptyDirectory();
  }

  @Test
  void bubblewrapBindsTheRootThenTheImageReadOnlyAndTheKernelsInterfaces() {
    assertThat(filesystem().bubblewrapArguments())
        .containsExactly(
            "--bind",
            dir.resolve("root").toString(),
            "/",
            "--dev-bind",
            "/dev",
            "/dev",
            "--ro-bind",
            "/etc",
            "/etc",
            "--bind",
            "/proc",
            "/proc",
            "--ro-bind",
            "/usr",
            "/usr");
  }
}
