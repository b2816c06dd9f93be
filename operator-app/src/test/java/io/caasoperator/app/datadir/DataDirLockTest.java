package io.caasoperator.app.datadir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DataDirLockTest {

  @TempDir Path dir;

  @Test
  void aSecondHolderIsRefusedWithTheFirstOnesPidAndWhatItIs() throws Exception {
    try (DataDirLock first = DataDirLock.acquire(dir, "caas-operator run")) {
      assertThat(DataDirLock.isHeld(dir)).isTrue();
      assertThatThrownBy(() -> DataDirLock.acquire(dir, "caas-operator journal"))
          .isInstanceOf(DataDirInUse.class)
          .hasMessage(
              "data dir "
                  + dir
                  + " is in use by pid "
                  + ProcessHandle.current().pid()
                  + " (caas-operator run); stop it first, or give another --data-dir");
    }
    assertThat(DataDirLock.isHeld(dir)).isFalse();
    try (DataDirLock again = DataDirLock.acquire(dir, "caas-operator journal")) {
      assertThat(again.file())
          .hasContent("pid " + ProcessHandle.current().pid() + " (caas-operator journal)");
    }
  }

  @Test
  void theMessageSaysWhereTheHolderListens() throws Exception {
    try (DataDirLock first = DataDirLock.acquire(dir, "caas-operator run")) {
      DataDirInUse inUse =
          org.junit.jupiter.api.Assertions.assertThrows(
              DataDirInUse.class, () -> DataDirLock.acquire(dir, "x"));
      assertThat(
              inUse.listeningOn(
                  java.util.Optional.of(java.net.URI.create("https://127.0.0.1:30666"))))
          .hasMessageContaining(
              "(caas-operator run), listening on https://127.0.0.1:30666; stop it first");
    }
  }

  @Test
  void aLockLeftByAKilledProcessNeverBlocksTheNextOne() throws Exception {
    String java = ProcessHandle.current().info().command().orElseThrow();
    Process holder =
        new ProcessBuilder(
                java,
                "-cp",
                System.getProperty("java.class.path"),
                Holder.class.getName(),
                dir.toString())
            .redirectError(ProcessBuilder.Redirect.INHERIT)
            .start();
    try (BufferedReader out =
        new BufferedReader(
            new InputStreamReader(holder.getInputStream(), StandardCharsets.UTF_8))) {
      assertThat(out.readLine()).isEqualTo("locked");
      assertThat(DataDirLock.isHeld(dir)).isTrue();
      assertThatThrownBy(() -> DataDirLock.acquire(dir, "test"))
          .hasMessageContaining("is in use by pid " + holder.pid() + " (holder)");
      holder.toHandle().destroyForcibly(); // SIGKILL: nothing is cleaned up, the file stays
      assertThat(holder.waitFor(30, TimeUnit.SECONDS)).isTrue();
    }
    assertThat(dir.resolve(DataDirLock.FILE_NAME)).exists();
    assertThat(DataDirLock.isHeld(dir)).isFalse();
    try (DataDirLock mine = DataDirLock.acquire(dir, "test")) {
      assertThat(mine.file()).hasContent("pid " + ProcessHandle.current().pid() + " (test)");
    }
  }

  @Test
  void noDataDirYetIsNotHeld() {
    assertThat(DataDirLock.isHeld(dir.resolve("missing"))).isFalse();
  }

  /** Takes the lock of the directory in args[0], says so, and waits to be killed. */
  public static final class Holder {
    public static void main(String[] args) throws Exception {
      DataDirLock lock = DataDirLock.acquire(Path.of(args[0]), "holder");
      System.out.println("locked");
      System.out.flush();
      Thread.sleep(List.of(60_000L).getFirst()); // killed long before
      lock.close();
    }
  }
}
