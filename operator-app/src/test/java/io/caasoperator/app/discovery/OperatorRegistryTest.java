package io.caasoperator.app.discovery;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The registry's files, judged against real processes of this machine. */
class OperatorRegistryTest {

  @TempDir Path state;

  private Registration thisProcess(String app) {
    ProcessHandle self = ProcessHandle.current();
    return new Registration(
        self.pid(),
        self.info().startInstant(),
        app,
        state.resolve(app),
        URI.create("https://127.0.0.1:30666"));
  }

  @Test
  void aRegisteredRunningOperatorIsListedUntilItStops() {
    OperatorRegistry registry = new OperatorRegistry(state.resolve(".running"));
    Registration hello = thisProcess("hello");

    OperatorRegistry.Entry entry = registry.register(hello);

    assertThat(registry.live()).containsExactly(hello);
    entry.close();
    assertThat(registry.live()).isEmpty();
  }

  @Test
  void theFileOfAnOperatorWhoseProcessEndedIsStaleAndRemoved() throws Exception {
    Process ended = new ProcessBuilder("true").start();
    assertThat(ended.waitFor(30, TimeUnit.SECONDS)).isTrue();
    OperatorRegistry registry = new OperatorRegistry(state.resolve(".running"));
    OperatorRegistry.Entry entry =
        registry.register(
            new Registration(
                ended.pid(),
                Optional.of(Instant.now()),
                "crashed",
                state.resolve("crashed"),
                URI.create("https://127.0.0.1:30667")));

    assertThat(registry.live()).isEmpty();
    assertThat(entry.file()).doesNotExist();
  }

  @Test
  void aPidNowHeldByALaterProcessDoesNotCount() {
    OperatorRegistry registry = new OperatorRegistry(state.resolve(".running"));
    Registration self = thisProcess("hello");
    Registration earlier =
        new Registration(
            self.pid(),
            Optional.of(Instant.parse("2000-01-01T00:00:00Z")),
            "old",
            state.resolve("old"),
            self.url());
    registry.register(earlier);

    assertThat(registry.live()).isEmpty();
  }

  @Test
  void aFileThisVersionCannotReadIsLeftAloneAndIgnored() throws Exception {
    OperatorRegistry registry = new OperatorRegistry(state.resolve(".running"));
    Files.createDirectories(registry.directory());
    Path foreign = registry.directory().resolve("operator-1-abc");
    Files.writeString(foreign, "written by someone else\n");

    assertThat(registry.live()).isEmpty();
    assertThat(foreign).exists();
  }

  @Test
  void noDirectoryMeansNoneRuns() {
    assertThat(new OperatorRegistry(state.resolve("absent")).live()).isEmpty();
  }
}
