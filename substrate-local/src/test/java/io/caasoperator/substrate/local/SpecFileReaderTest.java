package io.caasoperator.substrate.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SpecFileReaderTest {

  /**
   * A bound for the tests that would hang if the reader opened what it must not: the test then
   * fails instead of blocking the build. A correct reader answers in milliseconds.
   */
  private static final Duration HANG = Duration.ofSeconds(10);

  @TempDir Path dir;
  private Path fifo;

  @AfterEach
  void releaseStuckReaders() throws IOException {
    if (fifo != null) Fifo.release(fifo);
  }

  @Test
  void aRegularFileIsReadWithWhatIdentifiesThisVersionOfIt() throws IOException {
    Path file = Files.writeString(dir.resolve("app.yaml"), "application: hello\ncharm: /c\n");

    SpecFileRead read = SpecFileReader.read(file);

    assertThat(read)
        .isInstanceOfSatisfying(
            SpecFileRead.Content.class,
            content -> {
              assertThat(new String(content.bytes(), StandardCharsets.UTF_8))
                  .isEqualTo("application: hello\ncharm: /c\n");
              assertThat(content.identity()).isEqualTo("content:" + content.sha256());
              assertThat(content.stamp()).contains("size 29").contains(content.sha256());
            });
  }

  @Test
  void aMissingFileOrADanglingLinkIsMissing() throws IOException {
    Path dangling = Files.createSymbolicLink(dir.resolve("link.yaml"), dir.resolve("nowhere.yaml"));

    assertThat(SpecFileReader.read(dir.resolve("app.yaml")))
        .isInstanceOf(SpecFileRead.Missing.class);
    assertThat(SpecFileReader.read(dangling)).isInstanceOf(SpecFileRead.Missing.class);
  }

  @Test
  void aLinkToARegularFileIsFollowedAsUsersExpect() throws IOException {
    Path target = Files.writeString(dir.resolve("real.yaml"), "application: hello\ncharm: /c\n");
    Path link = Files.createSymbolicLink(dir.resolve("app.yaml"), target);

    assertThat(SpecFileReader.read(link)).isInstanceOf(SpecFileRead.Content.class);
  }

  @Test
  void aNamedPipeIsRefusedWithoutBeingOpened() throws Exception {
    fifo = Fifo.make(dir.resolve("app.yaml"));

    assertThat(refusal(fifo))
        .isEqualTo(
            "spec "
                + fifo
                + ": is a named pipe (FIFO), not a regular"
                + " file; the specification must be a regular file (or a link to one)");
  }

  @Test
  void aLinkToADeviceIsRefusedWithoutBeingOpened() throws Exception {
    Path zero = Files.createSymbolicLink(dir.resolve("app.yaml"), Path.of("/dev/zero"));

    assertThat(refusal(zero)).contains("is a character device, not a regular file");
  }

  @Test
  void aDirectoryIsRefused() throws IOException {
    Path directory = Files.createDirectory(dir.resolve("app.yaml"));

    assertThat(refusal(directory)).contains("is a directory, not a regular file");
  }

  @Test
  void aFileOverTheLimitIsRefusedFromItsSizeWithoutBeingRead() throws Exception {
    // 8 GiB, sparse: reading it would take minutes and more memory than the test has.
    Path huge = dir.resolve("app.yaml");
    try (RandomAccessFile file = new RandomAccessFile(huge.toFile(), "rw")) {
      file.setLength(8L << 30);
    }

    assertThat(refusal(huge))
        .isEqualTo(
            "spec "
                + huge
                + ": the file is 8589934592 bytes (8192 MiB);"
                + " a specification may be at most 1048576 bytes (1 MiB)");
  }

  @Test
  void aFileOfExactlyTheLimitIsRead() throws IOException {
    Path file = Files.write(dir.resolve("app.yaml"), new byte[(int) SpecFile.MAX_BYTES]);

    assertThat(SpecFileReader.read(file))
        .isInstanceOfSatisfying(
            SpecFileRead.Content.class,
            content -> assertThat(content.bytes()).hasSize((int) SpecFile.MAX_BYTES));
  }

  @Test
  void aReadThatDoesNotFinishIsAbandonedAfterTheTimeout() throws Exception {
    // What a file swapped for a named pipe between the check and the open would do.
    fifo = Fifo.make(dir.resolve("app.yaml"));

    assertTimeoutPreemptively(
        HANG,
        () ->
            assertThatThrownBy(() -> SpecFileReader.readWithin(fifo, Duration.ofMillis(100)))
                .isInstanceOf(IOException.class)
                .hasMessage("reading it did not finish within 100 ms"));
  }

  /** Why the reader refuses the file, answered without opening it (so within {@link #HANG}). */
  private static String refusal(Path file) {
    SpecFileRead read = assertTimeoutPreemptively(HANG, () -> SpecFileReader.read(file));
    assertThat(read).isInstanceOf(SpecFileRead.Refused.class);
    return ((SpecFileRead.Refused) read).problem();
  }
}
