package io.caasoperator.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code caas-operator validate}: everything run would refuse, found at once, without starting
 * anything.
 */
class ValidationTest {
  /** The README demo's charm (module directory: operator-app). */
  private static final Path HELLO =
      Path.of("../examples/charms/hello").toAbsolutePath().normalize();

  @TempDir Path dir;

  @Test
  void theReadmeDemoIsValid() {
    CliRun run =
        CliRun.of(
            "validate",
            "--spec",
            "../examples/hello/app.yaml",
            "--data-dir",
            dir.resolve("data").toString());

    assertThat(run.code()).as(run.stdout() + run.stderr()).isZero();
    assertThat(run.stdout()).startsWith("valid: run would start").contains("charm hello (sha256 ");
    assertThat(dir.resolve("data")).as("nothing was started or created").doesNotExist();
  }

  @Test
  void flagsCharmAndConfigProblemsAreAllListedAtOnce() throws Exception {
    Path spec =
        Files.writeString(
            dir.resolve("app.yaml"),
            "application: hello\ncharm: " + HELLO + "\nconfig: {colour: red, greeting: 5}\n");

    CliRun run =
        CliRun.of(
            "validate",
            "--spec",
            spec.toString(),
            "--listen",
            "nope",
            "--max-concurrent-hooks",
            "0",
            "--data-dir",
            dir.resolve("data").toString());

    assertThat(run.code()).isEqualTo(ExitCodes.USAGE);
    assertThat(run.stdout())
        .startsWith("4 problem(s): run would refuse to start")
        .contains(
            "  - --listen \"nope\": expected HOST:PORT, e.g. 127.0.0.1:30666",
            "  - --max-concurrent-hooks must be >= 1, got 0",
            "  - config option \"colour\": unknown option",
            "  - config option \"greeting\": expected string, got int 5");
  }

  @Test
  void aCharmOverHttpWithoutSha256IsRefusedWithoutFetchingIt() throws Exception {
    Path spec =
        Files.writeString(
            dir.resolve("app.yaml"),
            "application: hello\ncharm: https://charms.invalid/hello.charm\n");

    CliRun run =
        CliRun.of(
            "validate",
            "--spec",
            spec.toString(),
            "--data-dir",
            dir.resolve("data").toString(),
            "--format",
            "json");

    assertThat(run.code()).isEqualTo(ExitCodes.USAGE);
    assertThat(run.stdout())
        .contains(
            "\"valid\" : false",
            "charm https://charms.invalid/hello.charm: sha256 is required for a charm downloaded over http(s)");
  }

  @Test
  void aWrongSha256IsFoundBeforeStart() throws Exception {
    Path spec =
        Files.writeString(
            dir.resolve("app.yaml"),
            "application: hello\ncharm: " + HELLO + "\nsha256: " + "a".repeat(64) + "\n");

    CliRun run = validate(spec);

    assertThat(run.code()).isEqualTo(ExitCodes.USAGE);
    assertThat(run.stdout()).contains("sha256 mismatch: expected " + "a".repeat(64));
  }

  @Test
  void everyProblemOfASpecificationIsListedOnceOnALineOfItsOwn() throws Exception {
    Path spec = Files.writeString(dir.resolve("app.yaml"), "application: Hello_World\nscale: -1\n");

    CliRun run = validate(spec);

    assertThat(run.code()).isEqualTo(ExitCodes.USAGE);
    assertThat(run.stdout().lines().filter(l -> l.startsWith("  - ")))
        .containsExactly(
            "  - spec "
                + spec
                + ": \"application\": \"Hello_World\" is not a valid application name"
                + " (lower-case letters, digits and single hyphens, starting with a letter)",
            "  - spec " + spec + ": \"charm\": is required",
            "  - spec " + spec + ": \"scale\": must be >= 0, got -1");
  }

  @Test
  void aNegativeScaleAndAnOptionTheCharmLacksAreReportedTogether() throws Exception {
    Path spec =
        Files.writeString(
            dir.resolve("app.yaml"),
            "application: hello\ncharm: " + HELLO + "\nscale: -1\nconfig: {colour: red}\n");

    CliRun run = validate(spec);

    assertThat(run.code()).isEqualTo(ExitCodes.USAGE);
    assertThat(run.stdout())
        .isEqualTo(
            "2 problem(s): run would refuse to start\n"
                + "  - spec "
                + spec
                + ": \"scale\": must be >= 0, got -1\n"
                + "  - config option \"colour\": unknown option\n");
  }

  /** {@code validate --spec SPEC} with a data directory that must stay unmade. */
  private CliRun validate(Path spec) {
    return CliRun.of(
        "validate", "--spec", spec.toString(), "--data-dir", dir.resolve("data").toString());
  }
}
