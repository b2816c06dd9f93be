package io.caasoperator.app;

import io.caasoperator.app.datadir.DataDirInUse;
import io.caasoperator.app.datadir.DataDirLock;
import io.caasoperator.app.datadir.DataDirectory;
import io.caasoperator.persistence.JournalSchema;
import io.caasoperator.persistence.JournalSettings;
import io.caasoperator.persistence.timeline.JournalReader;
import io.caasoperator.persistence.timeline.JournalTransfer;
import java.io.BufferedReader;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
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
 * [--journal-password-file FILE])}: writes an export into an empty journal (tables created when
 * missing), with the same entities, sequence numbers and order, so the operator started on it
 * recovers the same state.
 */
@Command(
    name = "import",
    description =
        "Write an exported NDJSON file into an empty journal; start the operator on it afterwards.")
final class JournalImportCommand implements Callable<Integer>, StartsActors {

  @Option(
      names = "--in",
      required = true,
      paramLabel = "FILE",
      description = "The NDJSON file written by journal export (- for stdin).")
  String in;

  @Option(
      names = "--data-dir",
      paramLabel = "DIR",
      description = "Import into the H2 journal of this data directory.")
  Path dataDir;

  /**
   * Where to import into when not --data-dir: a PostgreSQL journal, its password never on the
   * command line.
   */
  @Mixin JournalOptions journal;

  @Override
  public Integer call() throws Exception {
    if ((dataDir == null) == (journal.url == null)) {
      return Cli.fail(
          "journal import",
          "give exactly one of --data-dir DIR and --journal URL",
          ExitCodes.USAGE);
    }
    if (!in.equals("-") && !Files.isRegularFile(Path.of(in))) {
      return Cli.fail("journal import", in + ": no such file", ExitCodes.USAGE);
    }
    JournalSettings settings;
    DataDirLock lock = null;
    try {
      Optional<JournalSettings> postgres = journal.settings(System.getenv());
      if (dataDir != null) {
        DataDirectory.prepare(
            dataDir, warning -> System.err.println("caas-operator journal import: " + warning));
        lock = DataDirLock.acquire(dataDir, "caas-operator journal import");
      }
      settings = postgres.orElseGet(() -> JournalSettings.h2(dataDir));
    } catch (IllegalArgumentException | DataDirInUse e) {
      return Cli.fail("journal import", e.getMessage(), ExitCodes.USAGE);
    }
    try (DataDirLock held = lock;
        JournalReader target = JournalReader.open(settings);
        Progress progress = Progress.onStderr("importing", Progress.Unit.BYTES);
        BufferedReader reader =
            new BufferedReader(
                new InputStreamReader(
                    new Counted(
                        in.equals("-") ? System.in : Files.newInputStream(Path.of(in)), progress),
                    StandardCharsets.UTF_8))) {
      if (!in.equals("-")) progress.total(Files.size(Path.of(in)));
      JournalSchema.createIfMissing(target.system(), Duration.ofSeconds(60));
      if (dataDir != null) DataDirectory.makeJournalPrivate(dataDir, JournalSettings.H2_FILE_NAME);
      long count = JournalTransfer.importInto(target, reader);
      progress.close();
      System.err.println("imported " + count + " event(s) into " + settings.describe());
      return ExitCodes.OK;
    } catch (IllegalArgumentException | IllegalStateException e) {
      return Cli.fail("journal import", e.getMessage(), ExitCodes.FAILED);
    }
  }

  /** The export's bytes as the import reads them: how far it is, for the progress line. */
  private static final class Counted extends FilterInputStream {
    private final Progress progress;
    private long read;

    Counted(InputStream in, Progress progress) {
      super(in);
      this.progress = progress;
    }

    @Override
    public int read() throws IOException {
      int b = super.read();
      if (b >= 0) progress.at(++read);
      return b;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
      int n = super.read(buffer, offset, length);
      if (n > 0) progress.at(read += n);
      return n;
    }
  }
}
