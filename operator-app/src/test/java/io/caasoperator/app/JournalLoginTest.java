package io.caasoperator.app;

import static io.caasoperator.app.JournalLogin.UrlSource.COMMAND_LINE;
import static io.caasoperator.app.JournalLogin.UrlSource.CONFIGURATION;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.caasoperator.persistence.JournalSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JournalLoginTest {
  private static final String URL = "postgresql://op@db:5433/journal";

  @TempDir Path dir;

  private static JournalSettings postgres(
      String url, JournalLogin.UrlSource source, Path file, Map<String, String> env)
      throws InvalidConfiguration {
    Optional<JournalSettings> settings = JournalLogin.resolve(url, source, file, env);
    assertThat(settings).isPresent();
    return settings.get();
  }

  @Test
  void noUrlIsTheEmbeddedJournal() throws Exception {
    assertThat(JournalLogin.resolve(null, COMMAND_LINE, null, Map.of())).isEmpty();
    assertThat(
            JournalLogin.resolve(
                "", CONFIGURATION, null, Map.of(JournalLogin.PASSWORD_VARIABLE, "x")))
        .isEmpty();
  }

  @Test
  void thePasswordComesFromTheFileWithoutItsLineBreak() throws Exception {
    Path file = Files.writeString(dir.resolve("password"), "s3cret\n");

    JournalSettings settings =
        postgres(URL, COMMAND_LINE, file, Map.of(JournalLogin.PASSWORD_VARIABLE, "other"));

    assertThat(settings.password()).isEqualTo("s3cret");
    assertThat(settings.user()).isEqualTo("op");
    assertThat(settings.jdbcUrl()).isEqualTo("jdbc:postgresql://db:5433/journal");
  }

  @Test
  void withoutAFileThePasswordComesFromTheEnvironmentOursBeforeLibpqs() throws Exception {
    assertThat(
            postgres(
                    URL,
                    COMMAND_LINE,
                    null,
                    Map.of(
                        JournalLogin.PASSWORD_VARIABLE,
                        "ours",
                        JournalLogin.LIBPQ_PASSWORD_VARIABLE,
                        "libpq"))
                .password())
        .isEqualTo("ours");
    assertThat(
            postgres(URL, COMMAND_LINE, null, Map.of(JournalLogin.LIBPQ_PASSWORD_VARIABLE, "libpq"))
                .password())
        .isEqualTo("libpq");
    assertThat(postgres(URL, COMMAND_LINE, null, Map.of()).password()).isEmpty();
  }

  @Test
  void aPasswordInAUrlOnTheCommandLineIsRefusedWithoutRepeatingIt() {
    for (String url :
        new String[] {
          "postgresql://op:s3cret@db/journal",
          "postgresql://db/journal?user=op&password=s3cret",
          "jdbc:postgresql://db/journal?password=s3cret"
        }) {
      assertPasswordInUrlRefused(
          url, () -> JournalLogin.resolve(url, COMMAND_LINE, null, Map.of()), "s3cret");
    }
  }

  /**
   * {@code resolve} refuses a journal URL given on the command line with {@code password} in it:
   * one problem that says where a password goes instead and does not repeat it. OperatorConfigTest
   * checks the same refusal through the whole configuration.
   */
  static void assertPasswordInUrlRefused(String url, ThrowingCallable resolve, String password) {
    assertThatThrownBy(resolve)
        .as(url)
        .isInstanceOfSatisfying(
            InvalidConfiguration.class,
            e ->
                assertThat(e.problems())
                    .singleElement()
                    .asString()
                    .startsWith(
                        "--journal: the URL carries a password, which every user of this machine can read")
                    .contains("--journal-password-file FILE", "CAAS_JOURNAL_PASSWORD")
                    .doesNotContain(password));
  }

  @Test
  void aPasswordInTheConfigurationFileIsAccepted() throws Exception {
    assertThat(
            postgres("postgresql://op:s3cret@db/journal", CONFIGURATION, null, Map.of()).password())
        .isEqualTo("s3cret");
    assertThat(
            postgres(
                    "postgresql://op:s3cret@db/journal",
                    CONFIGURATION,
                    null,
                    Map.of(JournalLogin.PASSWORD_VARIABLE, "rotated"))
                .password())
        .isEqualTo("rotated");
  }

  @Test
  void aBadPasswordFileIsNamedWithWhatIsWrong() throws Exception {
    Path empty = Files.writeString(dir.resolve("empty"), "\n");
    Path twoLines = Files.writeString(dir.resolve("two"), "one\ntwo\n");
    Path missing = dir.resolve("missing");

    assertThatThrownBy(() -> JournalLogin.resolve(URL, COMMAND_LINE, empty, Map.of()))
        .hasMessageContaining("--journal-password-file " + empty + ": empty");
    assertThatThrownBy(() -> JournalLogin.resolve(URL, COMMAND_LINE, twoLines, Map.of()))
        .hasMessageContaining("--journal-password-file " + twoLines + ": holds more than one line");
    assertThatThrownBy(() -> JournalLogin.resolve(URL, COMMAND_LINE, missing, Map.of()))
        .hasMessageContaining("--journal-password-file " + missing + ": no such file");
    assertThatThrownBy(() -> JournalLogin.resolve(URL, COMMAND_LINE, dir, Map.of()))
        .hasMessageContaining("--journal-password-file " + dir + ": not readable");
  }

  @Test
  void aPasswordFileWithoutAPostgresqlJournalIsAMistake() throws Exception {
    Path file = Files.writeString(dir.resolve("password"), "s3cret");

    assertThatThrownBy(() -> JournalLogin.resolve(null, COMMAND_LINE, file, Map.of()))
        .hasMessageContaining("--journal-password-file is for a PostgreSQL journal");
  }

  @Test
  void everyProblemIsReportedAtOnceAndAnInvalidUrlIsNamedByWhereItCameFrom() throws Exception {
    Path missing = dir.resolve("missing");
    assertThatThrownBy(() -> JournalLogin.resolve("mysql://x", COMMAND_LINE, missing, Map.of()))
        .isInstanceOfSatisfying(
            InvalidConfiguration.class,
            e ->
                assertThat(e.problems())
                    .containsExactly(
                        "--journal-password-file " + missing + ": no such file",
                        "--journal: invalid journal url \"mysql://x\": expected postgresql://user@host:port/database"));
    assertThatThrownBy(() -> JournalLogin.resolve("mysql://x", CONFIGURATION, null, Map.of()))
        .hasMessageContaining("caas.journal.url: invalid journal url");
  }
}
