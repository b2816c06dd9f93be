package io.caasoperator.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command line's boundary: exit codes that tell a usage error from an operator that is not
 * there from the outcome, and one line that says what is wrong.
 */
class MainTest {
  @TempDir Path dir;

  @Test
  void anUnknownOptionIsAUsageErrorInOneLineWithWhereHelpIs() {
    CliRun run = CliRun.of("status", "--dta-dir", dir.toString());

    assertThat(run.code()).isEqualTo(ExitCodes.USAGE);
    assertThat(run.stderr())
        .startsWith("caas-operator status: Unknown option")
        .contains("'--dta-dir'", "Try 'caas-operator status --help' for its options.")
        .doesNotContain("Usage:");
  }

  @Test
  void aFormatOutsideItsChoicesNamesTheChoices() {
    CliRun run = CliRun.of("status", "--format", "xml", "--data-dir", dir.toString());

    assertThat(run.code()).isEqualTo(ExitCodes.USAGE);
    assertThat(run.stderr()).contains("expected one of [text, json, yaml]", "but was 'xml'");
  }

  @Test
  void eachCommandOffersTheFormatsItCanWrite() {
    CliRun journal = CliRun.of("journal", "--format", "yaml", "--data-dir", dir.toString());
    CliRun exec =
        CliRun.of("exec", "hello/0", "--format", "xml", "--data-dir", dir.toString(), "--", "true");

    assertThat(journal.code()).isEqualTo(ExitCodes.USAGE);
    assertThat(journal.stderr()).contains("expected one of [text, json]", "but was 'yaml'");
    assertThat(exec.code()).isEqualTo(ExitCodes.EXEC_FAILED);
    assertThat(exec.stderr()).contains("expected one of [text, json, yaml]");
  }

  @Test
  void theLogOptionsAreTakenByEveryCommandAndCheckedLikeAnyOther() {
    CliRun run = CliRun.of("status", "--log-level", "verbose", "--data-dir", dir.toString());

    assertThat(run.code()).isEqualTo(ExitCodes.USAGE);
    assertThat(run.stderr())
        .contains("--log-level", "expected one of [trace, debug, info, warn, error]");
  }

  @Test
  void execKeepsItsOwnErrorsOutOfTheWayOfItsCommandsExitCodes() {
    assertThat(CliRun.of("exec").code()).as("missing arguments").isEqualTo(ExitCodes.EXEC_FAILED);
    assertThat(CliRun.of("exec", "--bogus", "hello/0", "--", "true").code())
        .as("unknown option")
        .isEqualTo(ExitCodes.EXEC_FAILED);
    assertThat(CliRun.of("exec", "hello", "--", "true").code())
        .as("not a unit")
        .isEqualTo(ExitCodes.EXEC_FAILED);
    CliRun param =
        CliRun.of("exec", "hello/0", "--data-dir", dir.toString(), "--param", "a=b", "--", "true");
    assertThat(param.code()).isEqualTo(ExitCodes.EXEC_FAILED);
    assertThat(param.stderr()).isEqualTo("caas-operator exec: --param needs --action\n");
  }

  @Test
  void aUnitThatIsNotOneIsAUsageErrorNamingTheCommand() {
    CliRun resolve = CliRun.of("resolve", "hello");
    CliRun runAction = CliRun.of("run-action", "hello", "greet");

    assertThat(resolve.code()).isEqualTo(ExitCodes.USAGE);
    assertThat(resolve.stderr()).startsWith("caas-operator resolve: ").contains("hello");
    assertThat(runAction.code()).isEqualTo(ExitCodes.USAGE);
    assertThat(runAction.stderr()).startsWith("caas-operator run-action: ").contains("hello");
  }

  @Test
  void noOperatorOnTheDataDirIsUnreachableNotAUsageError() {
    CliRun status = CliRun.of("status", "--data-dir", dir.toString());
    CliRun exec = CliRun.of("exec", "hello/0", "--data-dir", dir.toString(), "--", "true");

    assertNoOperatorRuns(status, "status", "");
    assertThat(exec.code()).isEqualTo(ExitCodes.UNREACHABLE);
  }

  @Test
  void aListenerFileLeftByAKilledOperatorSaysItIsNotRunning() throws Exception {
    int closedPort;
    try (ServerSocket socket = new ServerSocket(0)) {
      closedPort = socket.getLocalPort();
    }
    Files.writeString(dir.resolve("listener"), "http://127.0.0.1:" + closedPort + "\n");
    Files.writeString(dir.resolve("admin-token"), "t".repeat(43));
    Files.setPosixFilePermissions(
        dir.resolve("admin-token"), PosixFilePermissions.fromString("rw-------"));

    CliRun run = CliRun.of("resolve", "hello/0", "--data-dir", dir.toString());

    assertNoOperatorRuns(
        run,
        "resolve",
        " (its listener file, naming http://127.0.0.1:"
            + closedPort
            + ", was left by one that did not stop cleanly)");
    assertThat(run.stderr()).doesNotContain("null");
  }

  /**
   * {@code run} of {@code command} exited as unreachable, saying that no operator runs on {@link
   * #dir} ({@code why} not, if it says) and how to start one.
   */
  private void assertNoOperatorRuns(CliRun run, String command, String why) {
    assertThat(run.code()).isEqualTo(ExitCodes.UNREACHABLE);
    assertThat(run.stderr())
        .isEqualTo(
            "caas-operator "
                + command
                + ": no operator is running on data dir "
                + dir
                + why
                + "; start it with: caas-operator run --spec FILE --data-dir "
                + dir
                + "\n");
  }

  @Test
  void aUnitsApplicationWithNoOperatorRunningSaysSoAndWhereItLooked() {
    CliRun run = CliRun.of("resolve", "hellox/0");

    assertThat(run.code()).isEqualTo(ExitCodes.UNREACHABLE);
    assertThat(run.stderr())
        .contains(
            "no operator of application hellox is running for this user",
            "caas-operator/hellox",
            "--data-dir DIR");
  }

  @Test
  void aSubcommandsVersionIsTheOperatorsVersion() {
    CliRun run = CliRun.of("status", "--version");

    assertThat(run.code()).isZero();
    assertThat(run.stdout()).isEqualTo(CliRun.of("--version").stdout()).isNotBlank();
  }

  @Test
  void execsHelpSaysItsCommandsRunWithBash() {
    assertThat(CliRun.of("exec", "--help").stdout())
        .contains("bash -c")
        .doesNotContain("with sh -c");
  }

  @Test
  void everyCommandsHelpListsTheExitCodesItUses() {
    assertThat(CliRun.of("status", "--help").stdout()).contains("Exit codes:", "69", "not running");
    assertThat(CliRun.of("resolve", "--help").stdout())
        .contains("Exit codes:", "69", "not running");
    assertThat(CliRun.of("exec", "--help").stdout())
        .contains("0-255", "the commands' own exit code", "125");
    assertThat(CliRun.of("validate", "--help").stdout())
        .contains("Exit codes:")
        .doesNotContain("69");
  }

  @Test
  void everyCommandAndTheBareOneOfferHelpAndVersion() {
    for (String[] args :
        List.of(
            new String[] {},
            new String[] {"--help"},
            new String[] {"status", "--help"},
            new String[] {"journal", "export", "--help"})) {
      assertThat(CliRun.of(args).stdout())
          .as(String.join(" ", args))
          .contains("-h, --help", "-V, --version");
    }
    assertThat(CliRun.of("exec", "-V").code()).isZero();
  }

  @Test
  void theVersionNamesTheBuild() {
    CliRun run = CliRun.of("--version");

    assertThat(run.code()).isZero();
    assertThat(run.stdout())
        .startsWith("caas-operator ")
        .contains("\ncommit:  ", "\nbuilt:   ", "\njava:    ");
  }
}
