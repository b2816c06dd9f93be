package io.caasoperator.charm;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Which files of a charm are run, and how they are made runnable. */
class RunnableFilesTest {
  @TempDir Path tmp;

  @ParameterizedTest
  @ValueSource(
      strings = {"dispatch", "hooks/install", "hooks/db_admin-relation-joined", "actions/snapshot"})
  void dispatchHooksAndActionsAreRunnable(String path) {
    assertThat(RunnableFiles.isRunnable(path)).isTrue();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"hooks/common.sh", "hooks/README", "hooks/lib/install", "src/dispatch", "hooks"})
  void helpersAndFilesOutsideTheirPlacesAreNot(String path) {
    assertThat(RunnableFiles.isRunnable(path)).isFalse();
  }

  @Test
  void executeIsAddedWhereReadIsGranted() {
    assertThat(RunnableFiles.runnable(FileModes.fromMode(0644)))
        .isEqualTo(FileModes.fromMode(0755));
    assertThat(RunnableFiles.runnable(FileModes.fromMode(0600)))
        .isEqualTo(FileModes.fromMode(0700));
    assertThat(RunnableFiles.runnable(FileModes.fromMode(0640)))
        .isEqualTo(FileModes.fromMode(0750));
    assertThat(RunnableFiles.runnable(FileModes.fromMode(0))).isEqualTo(FileModes.fromMode(0100));
  }

  @Test
  void aLinkedHookMakesItsTargetInsideTheCharmRunnableButNothingOutside() throws Exception {
    Path outside = Files.writeString(tmp.resolve("outside.sh"), "#!/bin/sh\n");
    Files.setPosixFilePermissions(outside, FileModes.fromMode(0644));
    Path charm =
        CharmFiles.named("c")
            .file("src/charm.py", "#!/bin/sh\n")
            .symlink("hooks/install", "../src/charm.py")
            .symlink("hooks/start", outside.toString())
            .writeDirectory(tmp.resolve("charm"));

    assertThat(RunnableFiles.makeRunnable(charm)).isEqualTo(1);

    assertThat(Files.getPosixFilePermissions(charm.resolve("src/charm.py")))
        .isEqualTo(FileModes.fromMode(0755));
    assertThat(Files.getPosixFilePermissions(outside)).isEqualTo(FileModes.fromMode(0644));
    assertThat(RunnableFiles.makeRunnable(charm)).as("nothing left to do").isZero();
  }
}
