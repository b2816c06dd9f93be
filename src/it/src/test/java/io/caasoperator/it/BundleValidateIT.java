package io.caasoperator.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/caas-operator validate --bundle} as a charm author runs it on a model of two
 * applications: the README's example bundle passes and shows the model; a broken one lists every
 * problem at once and exits 2.
 */
class BundleValidateIT {

  private static final Duration PATIENCE = Duration.ofMinutes(1);
  private static final Path HOME =
      Path.of(System.getProperty("caas.operator.home", "../..")).toAbsolutePath().normalize();

  @TempDir Path tmp;

  @Test
  void theExampleBundleIsValidAndShowsItsApplicationsAndRelations() {
    Cli.Result result =
        Cli.run(tmp.resolve("cli"), PATIENCE, "validate", "--bundle", "examples/kv/bundle.yaml");

    assertThat(result.exitCode()).as(result.stdout() + result.stderr()).isZero();
    assertThat(result.stdout())
        .startsWith("valid: bundle " + HOME.resolve("examples/kv/bundle.yaml"))
        .contains(
            "kv-client  kv-client  2      no",
            "kv-store   kv-store   1      no",
            "kv-store:cluster      kv-store:cluster  kv-cluster  peer     0",
            "kv-store:kv           kv-client:kv      kv          regular  1");
    assertThat(result.stderr()).isEmpty();
  }

  @Test
  void aBrokenBundleListsEveryProblemAtOnceAndExitsWithTwo() throws Exception {
    Path charms = HOME.resolve("examples/kv/charms");
    Path bundle =
        Files.writeString(
            tmp.resolve("bundle.yaml"),
            """
            bundle: kubernetes
            applications:
              kv-store:
                charm: %s/kv-store
                scale: -1
                options: {port: 80, colour: red}
              kv-client:
                charm: %s/kv-client
                series: jammy
              Web:
                charm: ./web
            relations:
              - [kv-client, kv-store]
              - [kv-client:kv, kv-store:cluster]
              - [kv-client, db]
            """
                .formatted(charms, charms));

    Cli.Result result =
        Cli.run(tmp.resolve("cli"), PATIENCE, "validate", "--bundle", bundle.toString());

    assertThat(result.exitCode()).as(result.stdout() + result.stderr()).isEqualTo(2);
    assertThat(result.stdout().lines())
        .containsExactly(
            "7 problem(s): the bundle cannot be deployed",
            "  - " + bundle + ":5: negative number of units specified on application \"kv-store\"",
            "  - "
                + bundle
                + ":10: invalid application name \"Web\": use lower-case letters, digits and"
                + " single hyphens, starting with a letter",
            "  - "
                + bundle
                + ":11: charm path in application \"Web\" does not exist: "
                + tmp.resolve("web"),
            "  - "
                + bundle
                + ":15: relation [\"kv-client\" \"db\"] refers to application \"db\" not defined"
                + " in this bundle",
            "  - "
                + bundle
                + ":3: application \"kv-store\": config option \"colour\": unknown option",
            "  - "
                + bundle
                + ":13: relation [\"kv-client\" \"kv-store\"]: ambiguous relation: \"kv-client kv-store\""
                + " could refer to \"kv-client:kv kv-store:admin\"; \"kv-client:kv kv-store:kv\"",
            "  - "
                + bundle
                + ":14: relation [\"kv-client:kv\" \"kv-store:cluster\"]: no relations found",
            "  note: "
                + bundle
                + ":9: \"series\" in application \"kv-client\" ignored: units run in pods or on"
                + " this machine, not on a chosen series");
  }
}
