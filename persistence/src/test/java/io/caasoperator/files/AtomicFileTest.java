package io.caasoperator.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFileTest {

  @TempDir Path dir;

  @Test
  void replacesTheContentAndLeavesOnlyTheTarget() throws IOException {
    Path target = dir.resolve("listener");
    Files.writeString(target, "old\n");

    AtomicFile.at(target).write("new\n", StandardCharsets.UTF_8);

    assertThat(target).hasContent("new");
    assertThat(names()).containsExactly("listener");
  }

  @Test
  void createsAMissingTarget() throws IOException {
    Path target = dir.resolve("token");

    AtomicFile.at(target).write(new byte[] {1, 2, 3});

    assertThat(Files.readAllBytes(target)).containsExactly(1, 2, 3);
  }

  @Test
  void aFailingWriteLeavesTheOldFileAndNoTemporary() throws IOException {
    Path target = dir.resolve("model.properties");
    Files.writeString(target, "old");

    assertThatThrownBy(
            () ->
                AtomicFile.at(target)
                    .write(
                        out -> {
                          out.write("half".getBytes(StandardCharsets.UTF_8));
                          throw new IOException("disk full");
                        }))
        .isInstanceOf(IOException.class)
        .hasMessage("disk full");

    assertThat(target).hasContent("old");
    assertThat(names()).containsExactly("model.properties");
  }

  @Test
  void aPrivateFileIsOwnerOnlyWhileItsContentIsWritten() throws IOException {
    assumePosix();
    Path target = dir.resolve("key.pem");
    Files.writeString(target, "old key");

    AtomicFile.at(target)
        .withMode(AtomicFile.OWNER_ONLY)
        .write(
            out -> {
              // Mid-write the secret sits in the temporary only, readable by its owner only.
              assertThat(target).hasContent("old key");
              Path temporary = temporaries(".key.pem.").getFirst();
              assertThat(Files.getPosixFilePermissions(temporary)).isEqualTo(AtomicFile.OWNER_ONLY);
              out.write("secret".getBytes(StandardCharsets.UTF_8));
            });

    assertThat(target).hasContent("secret");
    assertThat(Files.getPosixFilePermissions(target)).isEqualTo(AtomicFile.OWNER_ONLY);
  }

  @Test
  void theModeIsExactWhateverTheUmask() throws IOException {
    assumePosix();
    Path target = dir.resolve("juju-log");
    Set<PosixFilePermission> executable = PosixFilePermissions.fromString("rwxr-xr-x");

    AtomicFile.at(target).withMode(executable).write("#!/bin/sh\n", StandardCharsets.UTF_8);

    assertThat(Files.getPosixFilePermissions(target)).isEqualTo(executable);
  }

  @Test
  void withoutAModeTheFileGetsTheDefaultPermissions() throws IOException {
    assumePosix();
    Path plain = dir.resolve("plain");
    Files.writeString(plain, "x");
    Path target = dir.resolve("atomic");

    AtomicFile.at(target).write("x", StandardCharsets.UTF_8);

    assertThat(Files.getPosixFilePermissions(target))
        .isEqualTo(Files.getPosixFilePermissions(plain));
  }

  @Test
  void theTemporaryCarriesTheCallersPrefix() throws IOException {
    Path target = dir.resolve(".charm-deploying");

    AtomicFile.at(target)
        .withTemporaryPrefix(".charm-tmp-")
        .write(out -> assertThat(temporaries(".charm-tmp-")).hasSize(1));

    assertThat(names()).containsExactly(".charm-deploying");
  }

  private List<String> names() throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.map(file -> file.getFileName().toString()).sorted().toList();
    }
  }

  private List<Path> temporaries(String prefix) throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.filter(file -> file.getFileName().toString().startsWith(prefix)).toList();
    }
  }

  private void assumePosix() {
    assumeTrue(dir.getFileSystem().supportedFileAttributeViews().contains("posix"));
  }
}
