package io.caasoperator.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code caas-operator validate --bundle}: a model of several applications, checked at once. */
class BundleValidationTest {
  /** The example model's charms (module directory: operator-app). */
  private static final Path CHARMS = Path.of("../examples/kv/charms").toAbsolutePath().normalize();

  @TempDir Path dir;

  @Test
  void theExampleBundleIsValidAndItsModelIsShown() {
    CliRun run = CliRun.of("validate", "--bundle", "../examples/kv/bundle.yaml");

    assertThat(run.code()).as(run.stdout() + run.stderr()).isZero();
    assertThat(run.stdout())
        .endsWith(
            """

            App        Charm      Scale  Trust
            kv-client  kv-client  2      no
            kv-store   kv-store   1      no

            Integration provider  Requirer          Interface   Type     Id
            kv-store:cluster      kv-store:cluster  kv-cluster  peer     0
            kv-store:kv           kv-client:kv      kv          regular  1
            """);
  }

  @Test
  void everyProblemOfTheFileTheCharmsAndTheRelationsIsListedAtOnce() throws Exception {
    Path bundle =
        Files.writeString(
            dir.resolve("bundle.yaml"),
            """
            applications:
              kv-store:
                charm: %s/kv-store
                scale: -1
                channel: latest/stable
                options: {port: six}
              kv-client:
                charm: %s/kv-client
            relations:
              - [kv-client, kv-store]
              - [kv-client, cache]
            """
                .formatted(CHARMS, CHARMS));

    CliRun run = CliRun.of("validate", "--bundle", bundle.toString());

    assertThat(run.code()).isEqualTo(ExitCodes.USAGE);
    assertThat(run.stdout())
        .isEqualTo(
            "4 problem(s): the bundle cannot be deployed\n"
                + "  - "
                + bundle
                + ":4: negative number of units specified on application \"kv-store\"\n"
                + "  - "
                + bundle
                + ":11: relation [\"kv-client\" \"cache\"] refers to application \"cache\" not"
                + " defined in this bundle\n"
                + "  - "
                + bundle
                + ":2: application \"kv-store\": config option \"port\": expected int, got string"
                + " \"six\"\n"
                + "  - "
                + bundle
                + ":10: relation [\"kv-client\" \"kv-store\"]: ambiguous relation: \"kv-client"
                + " kv-store\" could refer to \"kv-client:kv kv-store:admin\"; \"kv-client:kv"
                + " kv-store:kv\"\n"
                + "  note: "
                + bundle
                + ":5: \"channel\" in application \"kv-store\" ignored: charms come from local"
                + " paths here, not from Charmhub\n");
  }

  @Test
  void aMissingBundleIsAProblemToo() {
    CliRun run = CliRun.of("validate", "--bundle", dir.resolve("none.yaml").toString());

    assertThat(run.code()).isEqualTo(ExitCodes.USAGE);
    assertThat(run.stdout()).contains("none.yaml: no such file");
  }
}
