package io.caasoperator.app;

import io.caasoperator.files.AtomicFile;
import io.caasoperator.persistence.timeline.JournalFilter;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicLong;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code caas-operator journal export --out FILE.ndjson}: every event of the application, one JSON
 * object a line in global order, to move an operator to another backend ({@code journal import}) or
 * to attach to a bug report.
 */
@Command(
    name = "export",
    description =
        "Write every event of the application to an NDJSON file (for journal import or a bug report).")
final class JournalExportCommand implements Callable<Integer>, StartsActors {

  @Mixin OperatorConnection connection;

  @Mixin JournalOptions journal;

  @Option(
      names = "--out",
      required = true,
      paramLabel = "FILE",
      description = "The NDJSON file to write (replaced if it exists).")
  Path out;

  @Override
  public Integer call() {
    return JournalCommand.withJournal(
        "journal export",
        connection,
        journal,
        access -> {
          AtomicLong count = new AtomicLong();
          // Written aside and renamed: an interrupted export never leaves a truncated file that
          // looks whole.
          AtomicFile.at(out)
              .write(
                  stream -> {
                    try (BufferedWriter writer =
                            new BufferedWriter(
                                new OutputStreamWriter(stream, StandardCharsets.UTF_8));
                        Progress progress = Progress.onStderr("exporting", Progress.Unit.EVENTS)) {
                      access.entries(
                          JournalFilter.ALL,
                          false,
                          progress,
                          entry -> {
                            try {
                              writer.write(entry.toString());
                              writer.write('\n');
                              count.incrementAndGet();
                            } catch (IOException e) {
                              throw new UncheckedIOException(e);
                            }
                          });
                    }
                  });
          System.err.println("exported " + count.get() + " event(s) to " + out);
          return ExitCodes.OK;
        });
  }
}
