package io.caasoperator.app.juju;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.caasoperator.domain.ApplicationName;
import io.caasoperator.model.BundleApplication;
import io.caasoperator.model.BundleFile;
import io.caasoperator.model.BundleReading;
import io.caasoperator.model.ModelName;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each command's edit of a model's bundle, read back as the operator reads a bundle. */
class BundleEditsTest {
  private static final Path CHARMS = Path.of("../examples/kv/charms").toAbsolutePath().normalize();
  private static final ApplicationName STORE = new ApplicationName("kv-store");
  private static final ApplicationName CLIENT = new ApplicationName("kv-client");

  @TempDir Path dir;

  private static String twoApplications() {
    String bundle = BundleText.empty(new ModelName("kv"));
    bundle =
        BundleEdits.deploy(
            bundle,
            new BundleEdits.Deploy(
                STORE,
                CHARMS.resolve("kv-store").toString(),
                1,
                Map.of("port", 7000L),
                Map.of(),
                true));
    return BundleEdits.deploy(
        bundle,
        new BundleEdits.Deploy(
            CLIENT, CHARMS.resolve("kv-client").toString(), 2, Map.of(), Map.of(), false));
  }

  private BundleReading read(String bundle) throws Exception {
    return BundleFile.read(Files.writeString(dir.resolve("bundle.yaml"), bundle));
  }

  @Test
  void deployedApplicationsAreWhatTheOperatorReads() throws Exception {
    BundleReading reading =
        read(BundleEdits.integrate(twoApplications(), "kv-client", "kv-store:kv"));

    assertThat(reading.problems()).isEmpty();
    assertThat(Files.readString(dir.resolve("bundle.yaml")))
        .endsWith("relations:\n  - [kv-client, kv-store:kv]\n");
    BundleApplication store = reading.bundle().application(STORE).orElseThrow();
    assertThat(store.charm()).contains(CHARMS.resolve("kv-store"));
    assertThat(store.scale()).isEqualTo(1);
    assertThat(store.options()).containsEntry("port", 7000);
    assertThat(store.trust()).isTrue();
    assertThat(reading.bundle().application(CLIENT).orElseThrow().scale()).isEqualTo(2);
    assertThat(reading.bundle().relations()).hasSize(1);
    assertThat(reading.bundle().relations().getFirst().endpoints())
        .containsExactly("kv-client", "kv-store:kv");
  }

  @Test
  void anEmptyModelsBundleHasNoApplicationAndNoRelation() {
    String bundle = BundleText.empty(new ModelName("foo"));

    assertThat(bundle).contains("bundle: kubernetes", "name: foo", "applications: {}");
    assertThat(BundleEdits.entries(bundle)).isEmpty();
  }

  @Test
  void deployingANameTwiceIsRefused() {
    assertThatThrownBy(
            () ->
                BundleEdits.deploy(
                    twoApplications(),
                    new BundleEdits.Deploy(STORE, "/x", 1, Map.of(), Map.of(), false)))
        .isInstanceOf(JujuFailure.class)
        .hasMessage("cannot add application \"kv-store\": application already exists");
  }

  @Test
  void integratingAnUnknownApplicationTheSamePairTwiceOrAnApplicationWithItselfIsRefused() {
    String related = BundleEdits.integrate(twoApplications(), "kv-client", "kv-store:kv");

    assertThatThrownBy(() -> BundleEdits.integrate(related, "kv-client", "db"))
        .hasMessage("application \"db\" not found");
    assertThatThrownBy(() -> BundleEdits.integrate(related, "kv-store:kv", "kv-client"))
        .hasMessage("cannot add relation \"kv-store:kv kv-client\": relation already exists");
    assertThatThrownBy(() -> BundleEdits.integrate(related, "kv-store", "kv-store:kv"))
        .hasMessageContaining("relates an application to itself");
  }

  @Test
  void removeRelationFindsTheRelationWrittenOrTheOnlyOneThatFits() {
    String related = BundleEdits.integrate(twoApplications(), "kv-client", "kv-store:kv");

    assertThat(BundleEdits.removeRelation(related, "kv-store:kv", "kv-client"))
        .doesNotContain("- [");
    assertThat(BundleEdits.removeRelation(related, "kv-client:kv", "kv-store"))
        .doesNotContain("- [");
    assertThatThrownBy(() -> BundleEdits.removeRelation(related, "kv-client", "kv-store:admin"))
        .hasMessage("relation \"kv-client kv-store:admin\" not found");
  }

  @Test
  void removingAnApplicationTakesItsRelationsWithIt() throws Exception {
    String related = BundleEdits.integrate(twoApplications(), "kv-client", "kv-store:kv");

    BundleReading reading = read(BundleEdits.removeApplication(related, CLIENT));

    assertThat(reading.bundle().applications())
        .extracting(a -> a.name().value())
        .containsExactly("kv-store");
    assertThat(reading.bundle().relations()).isEmpty();
    assertThatThrownBy(() -> BundleEdits.removeApplication(related, new ApplicationName("db")))
        .hasMessage("application \"db\" not found");
  }

  @Test
  void scaleAddUnitAndRemoveUnitChangeTheScale() {
    String bundle = BundleEdits.scale(twoApplications(), CLIENT, 5);
    assertThat(entry(bundle, CLIENT).scale()).isEqualTo(5);
    bundle = BundleEdits.addUnits(bundle, CLIENT, 2);
    assertThat(entry(bundle, CLIENT).scale()).isEqualTo(7);
    bundle = BundleEdits.removeUnits(bundle, CLIENT, 7);
    assertThat(entry(bundle, CLIENT).scale()).isZero();
    String empty = bundle;
    assertThatThrownBy(() -> BundleEdits.removeUnits(empty, CLIENT, 1))
        .hasMessage("cannot remove 1 unit(s) of application \"kv-client\": it has 0");
    assertThatThrownBy(() -> BundleEdits.scale(empty, CLIENT, -1)).isInstanceOf(JujuFailure.class);
  }

  @Test
  void numUnitsWrittenByHandIsReplacedByScale() {
    String bundle = "applications:\n  a:\n    charm: /c\n    num_units: 3\n";

    String scaled = BundleEdits.addUnits(bundle, new ApplicationName("a"), 1);

    assertThat(scaled).doesNotContain("num_units").contains("scale: 4");
  }

  @Test
  void configSetsAndResetsOptionsAndTrustIsTheApplicationsOwn() {
    String bundle = BundleEdits.config(twoApplications(), STORE, Map.of("port", 9000L), Set.of());
    assertThat(entry(bundle, STORE).options()).containsEntry("port", 9000);

    bundle = BundleEdits.config(bundle, STORE, Map.of(), List.of("port"));
    assertThat(entry(bundle, STORE).options()).isEmpty();
    assertThat(bundle).doesNotContain("options");

    bundle = BundleEdits.trust(bundle, STORE, false);
    assertThat(entry(bundle, STORE).trust()).isFalse();
  }

  @Test
  void aBundleThatIsNotAMappingIsRefusedNotOverwritten() {
    assertThatThrownBy(() -> BundleEdits.scale("- a\n- b\n", STORE, 1))
        .hasMessage("the model's bundle is not a YAML mapping");
  }

  private static BundleEdits.Entry entry(String bundle, ApplicationName name) {
    return BundleEdits.entry(bundle, name);
  }
}
