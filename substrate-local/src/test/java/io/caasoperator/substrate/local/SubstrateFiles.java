package io.caasoperator.substrate.local;

import io.caasoperator.domain.CharmInfo;
import io.caasoperator.domain.CharmRef;
import io.caasoperator.hook.LocalProcessExecutor;
import io.caasoperator.substrate.Watch;
import io.caasoperator.substrate.WatchSink;
import io.caasoperator.testing.RecordingSink;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;

/**
 * What a {@link LocalSubstrate} reads in a test's directory (its specification file and its agents
 * directory), and the watches a test opens on it, all closed after the test.
 */
public final class SubstrateFiles implements AutoCloseable {
  final Path specFile;
  final Path agentsDir;
  private final Path dir;
  private final List<Watch> watches = new ArrayList<>();

  public SubstrateFiles(Path dir) throws IOException {
    this.dir = dir;
    this.specFile = dir.resolve("app.yaml");
    this.agentsDir = Files.createDirectories(dir.resolve("agents"));
  }

  /** A substrate of these files, with its own hook executor. */
  public LocalSubstrate substrate(
      Duration pollInterval, Duration quietPeriod, Clock clock, LocalWorkloads workloads) {
    return new LocalSubstrate(
        specFile,
        SpecParser.SPEC_FILE,
        agentsDir,
        new LocalProcessExecutor("test-" + UUID.randomUUID()),
        pollInterval,
        quietPeriod,
        clock,
        workloads);
  }

  /** Writes by rename, as editors do, so a poll never sees a half-written file. */
  public void writeSpec(String content) throws IOException {
    Path temporary = dir.resolve(".app.yaml.tmp");
    Files.writeString(temporary, content);
    Files.move(
        temporary, specFile, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
  }

  /** Watches a source, e.g. {@code watch(substrate.unitSource()::watch)}, until the test ends. */
  <T> RecordingSink<T> watch(Function<WatchSink<T>, Watch> source) {
    return watch(source, new RecordingSink<>());
  }

  /** Watches a source with the given sink until the test ends. */
  <T> RecordingSink<T> watch(Function<WatchSink<T>, Watch> source, RecordingSink<T> sink) {
    watches.add(source.apply(sink));
    return sink;
  }

  @Override
  public void close() {
    watches.forEach(Watch::close);
  }

  /** The deployed charm of application "hello", with these containers. */
  static CharmInfo charm(String... containers) {
    return new CharmInfo(
        1,
        "hello",
        new CharmRef("/c", null, 0, false),
        "0".repeat(64),
        List.of(containers),
        Set.of("install"),
        false,
        Map.of());
  }
}
