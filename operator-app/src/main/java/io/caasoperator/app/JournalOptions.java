package io.caasoperator.app;

import io.caasoperator.persistence.JournalSettings;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine.Option;

/**
 * {@code --journal URL} and {@code --journal-password-file FILE} of the commands that open a
 * PostgreSQL journal directly ({@code journal}, {@code replay}, {@code journal export/import}),
 * checked as {@code run} checks them ({@link JournalLogin}): no password in the url.
 */
final class JournalOptions {
  @Option(
      names = "--journal",
      paramLabel = "URL",
      description =
          "A PostgreSQL journal, opened directly: postgresql://USER@HOST:5432/DB (no password here:"
              + " --journal-password-file or $CAAS_JOURNAL_PASSWORD).")
  String url;

  @Option(
      names = "--journal-password-file",
      paramLabel = "FILE",
      description =
          "The PostgreSQL journal's password, alone in a file. Else $CAAS_JOURNAL_PASSWORD, else $PGPASSWORD.")
  Path passwordFile;

  /**
   * The PostgreSQL journal asked for; empty without {@code --journal}. Throws
   * IllegalArgumentException listing every problem.
   */
  Optional<JournalSettings> settings(Map<String, String> env) {
    try {
      return JournalLogin.resolve(url, JournalLogin.UrlSource.COMMAND_LINE, passwordFile, env);
    } catch (InvalidConfiguration e) {
      throw new IllegalArgumentException(String.join("; ", e.problems()), e);
    }
  }
}
