package io.caasoperator.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every command that opens a PostgreSQL journal refuses a password on its command line. */
class JournalOptionsTest {
  private static final String INLINE = "postgresql://op:s3cret@db.invalid/journal";

  @TempDir Path dir;

  private record Outcome(int code, String stderr) {}

  private static Outcome run(String... args) {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream original = System.err;
    try {
      System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
      return new Outcome(Main.commandLine().execute(args), err.toString(StandardCharsets.UTF_8));
    } finally {
      System.setErr(original);
    }
  }

  @Test
  void journalReplayExportAndImportRefuseAPasswordInTheUrl() throws Exception {
    Path in = Files.writeString(dir.resolve("in.ndjson"), "");
    for (List<String> command :
        List.of(
            List.of("journal", "--journal", INLINE),
            List.of("replay", "--journal", INLINE),
            List.of(
                "journal",
                "export",
                "--journal",
                INLINE,
                "--out",
                dir.resolve("out.ndjson").toString()),
            List.of("journal", "import", "--journal", INLINE, "--in", in.toString()))) {
      Outcome outcome = run(command.toArray(String[]::new));

      assertThat(outcome.code()).as(command.toString()).isEqualTo(2);
      assertThat(outcome.stderr())
          .as(command.toString())
          .contains("--journal: the URL carries a password", "--journal-password-file FILE")
          .doesNotContain("s3cret");
    }
  }

  @Test
  void aPasswordFileWithoutAPostgresqlJournalIsRefused() throws Exception {
    Path password = Files.writeString(dir.resolve("password"), "s3cret");

    Outcome outcome =
        run(
            "journal",
            "--data-dir",
            dir.toString(),
            "--journal-password-file",
            password.toString());

    assertThat(outcome.code()).isEqualTo(2);
    assertThat(outcome.stderr()).contains("--journal-password-file is for a PostgreSQL journal");
  }
}
