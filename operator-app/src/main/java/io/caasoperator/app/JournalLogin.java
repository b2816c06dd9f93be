package io.caasoperator.app;

import io.caasoperator.persistence.JournalSettings;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Which journal to open and the password to log in with, for {@code run} and the commands that read
 * or write a journal ({@code journal}, {@code replay}, {@code journal export/import}).
 *
 * <p>A password never comes from the command line: every user of the machine reads a process's
 * arguments ({@code ps}, {@code /proc/<pid>/cmdline}), and a Kubernetes Deployment's args are
 * readable by everyone who may read the Deployment. So a {@code --journal} url that carries one
 * ({@code postgresql://user:secret@...}, {@code ?password=}) is refused, with a sentence saying
 * what to do instead. The password comes, first found wins, from
 *
 * <ol>
 *   <li>{@code --journal-password-file FILE} (a mounted Secret): the file's content, without its
 *       trailing line break;
 *   <li>the environment: {@value #PASSWORD_VARIABLE}, else libpq's {@value
 *       #LIBPQ_PASSWORD_VARIABLE};
 *   <li>the url itself, only when it comes from a configuration file ({@code caas.journal.url} in
 *       {@code application.conf}), which is as private as the file is.
 * </ol>
 */
final class JournalLogin {

  /** The operator's own variable for the journal password. */
  static final String PASSWORD_VARIABLE = "CAAS_JOURNAL_PASSWORD";

  /** libpq's variable, honoured too so an environment set up for psql works as it is. */
  static final String LIBPQ_PASSWORD_VARIABLE = "PGPASSWORD";

  /** Where the url was written, which decides whether it may carry a password. */
  enum UrlSource {
    /** {@code --journal}: visible in the process list. */
    COMMAND_LINE("--journal"),
    /** {@code caas.journal.url} in application.conf. */
    CONFIGURATION("caas.journal.url");

    final String name;

    UrlSource(String name) {
      this.name = name;
    }
  }

  private JournalLogin() {}

  /**
   * The PostgreSQL journal {@code url} names, logging in with the password found as described
   * above; empty for the embedded H2 journal (no url, or a blank one).
   *
   * @param passwordFile {@code --journal-password-file}; null when not given
   * @param env the process environment
   * @throws InvalidConfiguration listing every problem
   */
  static Optional<JournalSettings> resolve(
      String url, UrlSource source, Path passwordFile, Map<String, String> env)
      throws InvalidConfiguration {
    List<String> problems = new ArrayList<>();
    Optional<String> fromFile =
        passwordFile == null ? Optional.empty() : readPassword(passwordFile, problems);
    if (url == null || url.isBlank()) {
      if (passwordFile != null) {
        problems.add(
            "--journal-password-file is for a PostgreSQL journal: give --journal postgresql://USER@HOST:PORT/DB too");
      }
      if (!problems.isEmpty()) throw new InvalidConfiguration(problems);
      return Optional.empty();
    }
    if (source == UrlSource.COMMAND_LINE && JournalSettings.carriesPassword(url)) {
      // The url itself is not repeated: it holds the password.
      problems.add(
          "--journal: the URL carries a password, which every user of this machine can read in the process"
              + " list; give postgresql://USER@HOST:PORT/DB and the password in a file (--journal-password-file FILE)"
              + " or in the environment ("
              + PASSWORD_VARIABLE
              + ")");
    }
    JournalSettings settings = null;
    try {
      settings = JournalSettings.postgres(url.strip());
    } catch (IllegalArgumentException e) {
      // The message masks a password the url may carry.
      problems.add(source.name + ": " + e.getMessage());
    }
    if (!problems.isEmpty()) throw new InvalidConfiguration(problems);
    Optional<String> password =
        fromFile
            .or(() -> variable(env, PASSWORD_VARIABLE))
            .or(() -> variable(env, LIBPQ_PASSWORD_VARIABLE));
    return Optional.of(password.map(settings::withPassword).orElse(settings));
  }

  private static Optional<String> variable(Map<String, String> env, String name) {
    String value = env.get(name);
    return value == null || value.isEmpty() ? Optional.empty() : Optional.of(value);
  }

  /**
   * The password in {@code file}: its content without trailing line breaks ({@code echo secret >
   * file} and a Secret's key both work), one line only.
   */
  private static Optional<String> readPassword(Path file, List<String> problems) {
    String content;
    try {
      content = Files.readString(file, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      problems.add("--journal-password-file " + file + ": no such file");
      return Optional.empty();
    } catch (IOException e) {
      problems.add("--journal-password-file " + file + ": not readable (" + e.getMessage() + ")");
      return Optional.empty();
    }
    String password = content.replaceAll("[\r\n]+$", "");
    if (password.isEmpty()) {
      problems.add("--journal-password-file " + file + ": empty; put the password in it");
      return Optional.empty();
    }
    if (password.contains("\n") || password.contains("\r")) {
      problems.add(
          "--journal-password-file "
              + file
              + ": holds more than one line; put the password alone in it");
      return Optional.empty();
    }
    return Optional.of(password);
  }
}
