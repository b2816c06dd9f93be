package io.caasoperator.app;

import io.caasoperator.app.datadir.DataDirInUse;
import io.caasoperator.app.datadir.DataDirLock;
import io.caasoperator.app.datadir.DataDirectory;
import io.caasoperator.persistence.JournalSchema;
import io.caasoperator.persistence.JournalSettings;
import io.caasoperator.persistence.timeline.JournalReader;
import io.caasoperator.persistence.timeline.JournalTransfer;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code caas-operator journal import --in FILE.ndjson (--data-dir DIR | --journal URL
 * [--journal-password-file FILE])}: writes
 * an export into an empty journal (tables created when missing), with the same entities,
 * sequence numbers and order, so the operator started on it recovers the same state.
 */
@Command(name = "import", mixinStandardHelpOptions = true,
    description = "Write an exported NDJSON file into an empty journal; start the operator on it afterwards.")
final class JournalImportCommand implements Callable<Integer> {

  @Option(names = "--in", required = true, paramLabel = "FILE", description = "The NDJSON file written by journal export (- for stdin).")
  String in;

  @Option(names = "--data-dir", paramLabel = "DIR", description = "Import into the H2 journal of this data directory.")
  Path dataDir;

  /** Where to import into when not --data-dir: a PostgreSQL journal, its password never on the command line. */
  @Mixin JournalOptions journal;

  @Override
  public Integer call() throws Exception {
    if ((dataDir == null) == (journal.url == null)) {
      return Cli.fail("journal import", "give exactly one of --data-dir DIR and --journal URL", 2);
    }
    if (!in.equals("-") && !Files.isRegularFile(Path.of(in))) return Cli.fail("journal import", in + ": no such file", 2);
    JournalSettings settings;
    DataDirLock lock = null;
    try {
      Optional<JournalSettings> postgres = journal.settings(System.getenv());
      if (dataDir != null) {
        DataDirectory.prepare(dataDir, warning -> System.err.println("caas-operator journal import: " + warning));
        lock = DataDirLock.acquire(dataDir, "caas-operator journal import");
      }
      settings = postgres.orElseGet(() -> JournalSettings.h2(dataDir));
    } catch (IllegalArgumentException | DataDirInUse e) {
      return Cli.fail("journal import", e.getMessage(), 2);
    }
    try (DataDirLock held = lock;
        JournalReader target = JournalReader.open(settings);
        BufferedReader reader = in.equals("-")
            ? new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))
            : Files.newBufferedReader(Path.of(in), StandardCharsets.UTF_8)) {
      JournalSchema.createIfMissing(target.system(), Duration.ofSeconds(60));
      if (dataDir != null) DataDirectory.makeJournalPrivate(dataDir, JournalSettings.H2_FILE_NAME);
      long count = JournalTransfer.importInto(target, reader);
      System.err.println("imported " + count + " event(s) into " + settings.describe());
      return 0;
    } catch (IllegalArgumentException | IllegalStateException e) {
      return Cli.fail("journal import", e.getMessage(), 1);
    }
  }
}
