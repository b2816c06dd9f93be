package io.caasoperator.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.typesafe.config.ConfigFactory;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code caas-operator run}'s flags: every problem, of the substrate and of the rest, at once. */
class RunCommandTest {
  @TempDir Path home;

  private RunOptions.Configured configure(String... args) throws InvalidConfiguration {
    RunCommand run = new RunCommand();
    new CommandLine(run).parseArgs(args);
    return run.configure(ConfigFactory.load(), Map.of("HOME", home.toString()));
  }

  @Test
  void substrateAndConfigurationProblemsAreReportedTogether() {
    assertThatThrownBy(
            () ->
                configure(
                    "--substrate",
                    "kubernetes",
                    "--listen",
                    "0.0.0.0:30666",
                    "--service-url",
                    "ftp://operator",
                    "--journal",
                    "postgresql://op:s3cret@db/journal"))
        .isInstanceOfSatisfying(
            InvalidConfiguration.class,
            e -> {
              assertThat(e.problems()).hasSize(3);
              assertThat(e.problems().get(0))
                  .isEqualTo("--application is required with --substrate kubernetes");
              assertThat(e.problems())
                  .anySatisfy(
                      p -> assertThat(p).startsWith("--service-url \"ftp://operator\": expected"));
              assertThat(e.problems())
                  .anySatisfy(
                      p -> assertThat(p).startsWith("--journal: the URL carries a password"));
              assertThat(e.getMessage()).doesNotContain("s3cret");
            });
  }

  @Test
  void aBundleIsTheModelsDescriptionAndNamesItsDataDirectory() throws Exception {
    Path bundle = Path.of("../examples/kv/bundle.yaml").toAbsolutePath().normalize();
    RunOptions.Configured configured = configure("--bundle", bundle.toString());

    assertThat(configured.bundle()).isEqualTo(bundle);
    assertThat(configured.config().dataDir().getFileName()).hasToString("kv");
    assertThat(configured.config().modelName()).as("the bundle's name").isEqualTo("kv");
    assertThat(configure("--bundle", bundle.toString(), "--model", "dev").config().modelName())
        .isEqualTo("dev");
  }

  @Test
  void aBundleGoesWithoutASpecAndItsProblemsNameIt() {
    Path missing = home.resolve("nope.yaml");
    assertThatThrownBy(
            () -> configure("--bundle", missing.toString(), "--spec", missing.toString()))
        .isInstanceOfSatisfying(
            InvalidConfiguration.class,
            e ->
                assertThat(e.problems())
                    .contains(
                        "--bundle and --spec: give one or the other",
                        "--bundle " + missing + ": no such file"));
  }

  @Test
  void relationsBetweenApplicationsAreAskedForOnKubernetesOnly() throws Exception {
    assertThat(
            configure(
                    "--substrate",
                    "kubernetes",
                    "--application",
                    "wordpress",
                    "--data-dir",
                    home.resolve("data").toString(),
                    "--relations")
                .choice())
        .isEqualTo(
            new SubstrateFactory.Choice.Kubernetes(
                new io.caasoperator.substrate.kubernetes.KubernetesCluster.Connection(
                    null, null, null, null, false),
                true));
    assertThatThrownBy(() -> configure("--spec", "app.yaml", "--relations"))
        .isInstanceOfSatisfying(
            InvalidConfiguration.class,
            e -> assertThat(e.problems()).contains("--relations needs --substrate kubernetes"));
  }

  @Test
  void aJournalPasswordFileIsTakenFromTheCommandLine() throws Exception {
    Path password = java.nio.file.Files.writeString(home.resolve("password"), "s3cret");
    RunOptions.Configured configured =
        configure(
            "--substrate",
            "kubernetes",
            "--application",
            "mariadb",
            "--data-dir",
            home.resolve("data").toString(),
            "--journal",
            "postgresql://op@db/journal",
            "--journal-password-file",
            password.toString());

    assertThat(configured.config().journal().password()).isEqualTo("s3cret");
  }

  @Test
  void aPasswordOnTheCommandLineExitsWith2BeforeAnythingStarts() {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream original = System.err;
    int code;
    try {
      System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
      code =
          Main.commandLine()
              .execute(
                  "run",
                  "--spec",
                  home.resolve("app.yaml").toString(),
                  "--data-dir",
                  home.resolve("data").toString(),
                  "--journal",
                  "postgresql://op:s3cret@db/journal");
    } finally {
      System.setErr(original);
    }

    assertThat(code).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8))
        .contains("--journal: the URL carries a password", "no such file")
        .doesNotContain("s3cret");
    assertThat(home.resolve("data")).doesNotExist();
  }
}
