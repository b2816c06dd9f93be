package io.caasoperator.app;

import static io.caasoperator.app.juju.JujuCalls.assertRefused;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.caasoperator.app.juju.JujuCalls;
import io.caasoperator.app.juju.JujuCalls.Call;
import io.caasoperator.model.BundleFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code juju} as a charm author's test drives it, in this JVM: a private juju home, the example
 * model's charms, bundles checked as {@code validate --bundle} checks them. This build has no
 * {@code run --bundle}, so no operator is started: what is checked is what each command does to the
 * model's files, its output and its exit code.
 */
class JujuCommandsTest {
  @TempDir Path home;
  @TempDir Path state;

  private Call answering(String stdin, String... args) {
    return new JujuCalls(home)
        .examples(state)
        .withCheck(bundle -> BundleValidation.of(bundle).problems())
        .answering(stdin, args);
  }

  private Call juju(String... args) {
    return answering("", args);
  }

  private Path bundle(String model) {
    return home.resolve("models").resolve(model).resolve("bundle.yaml");
  }

  @BeforeEach
  void aModel() {
    Call added = juju("add-model", "foo");
    assertThat(added.code()).as(added.stderr()).isZero();
  }

  @Test
  void addModelMakesTheModelCurrentAndSaysNothingRunsItYet() throws Exception {
    Call added =
        juju("add-model", "--no-switch", "bar", "--config", "update-status-hook-interval=10s");

    assertThat(added.code()).as(added.stderr()).isZero();
    assertThat(added.stderr())
        .contains("Added 'bar' model on local/localhost for user 'admin'")
        .contains("note: this build's caas-operator cannot run a model yet");
    assertThat(Files.readString(bundle("bar"))).contains("applications: {}");
    assertThat(BundleFile.read(bundle("bar")).bundle().updateStatusInterval())
        .as("the running model reads the interval from its bundle")
        .isEqualTo(Duration.ofSeconds(10));
    assertThat(juju("switch").stdout()).isEqualTo("local:admin/foo\n");
    JsonNode models = juju("models", "--format", "json").json();
    assertThat(models.path("current-model").asText()).isEqualTo("foo");
    assertThat(models.path("models").findValuesAsText("short-name")).containsExactly("bar", "foo");
    JsonNode shown = juju("show-model", "bar", "--format", "json").json().path("bar");
    assertThat(shown.path("name").asText()).isEqualTo("admin/bar");
    assertThat(shown.path("model-type").asText()).isEqualTo("caas");
    assertThat(shown.path("is-controller").asBoolean(true)).isFalse();
  }

  @Test
  void addingAModelThatExistsOrWithABadNameFails() {
    Call again = juju("add-model", "foo");
    Call bad = juju("add-model", "Foo");

    assertRefused(
        again, 1, "ERROR failed to create new model: model \"foo\" for admin already exists\n");
    assertThat(bad.code()).isEqualTo(1);
    assertThat(bad.stderr()).startsWith("ERROR \"Foo\" is not a valid name");
  }

  @Test
  void deployAndIntegrateWriteTheModelsBundleAsJujuWouldRelateTheCharms() throws Exception {
    Call store =
        juju("deploy", "./kv-store", "--model", "local:admin/foo", "--config", "port=7000");
    Call client =
        juju("deploy", "./kv-client", "-m", "foo", "--num-units", "2", "--base", "ubuntu@22.04");
    Call ambiguous = juju("integrate", "kv-client", "kv-store", "-m", "foo");
    String before = Files.readString(bundle("foo"));
    Call related = juju("integrate", "kv-client", "kv-store:kv", "-m", "foo");

    assertThat(store.code()).as(store.stderr()).isZero();
    assertThat(store.stderr()).contains("Deploying \"kv-store\" from local charm \"kv-store\"");
    assertThat(client.code()).as(client.stderr()).isZero();
    assertThat(client.stderr())
        .contains(
            "note: --base ubuntu@22.04 ignored: units run on this machine, not on a chosen base");
    assertThat(ambiguous.code()).isEqualTo(1);
    assertThat(ambiguous.stderr()).startsWith("ERROR ambiguous relation: \"kv-client kv-store\"");
    assertThat(related.code()).as(related.stderr()).isZero();
    assertThat(before).doesNotContain("kv-store:kv");
    String after = Files.readString(bundle("foo"));
    assertThat(after)
        .contains("charm: " + JujuCalls.EXAMPLE_CHARMS.resolve("kv-store"))
        .contains("port: 7000")
        .contains("scale: 2")
        .contains("relations:\n  - [kv-client, kv-store:kv]\n");
    assertThat(BundleValidation.of(bundle("foo")).problems()).isEmpty();
  }

  @Test
  void statusShowsTheBundlesApplicationsWaitingForAnOperator() throws Exception {
    juju("deploy", "./kv-store");

    JsonNode status = juju("status", "--format", "json").json();

    JsonNode app = status.path("applications").path("kv-store");
    assertThat(status.path("model").path("name").asText()).isEqualTo("foo");
    assertThat(app.path("charm-name").asText()).isEqualTo("kv-store");
    assertThat(app.path("scale").asInt()).isEqualTo(1);
    assertThat(app.path("application-status").path("message").asText())
        .isEqualTo("the model's operator is not running");
    assertThat(juju("status").stdout()).contains("kv-store", "waiting");
  }

  @Test
  void configShowsSetsAndResetsOptionsTypedByTheCharm() throws Exception {
    juju("deploy", "./kv-store");

    assertThat(juju("config", "kv-store", "port").stdout()).isEqualTo("6379\n");
    Call set = juju("config", "kv-store", "port=7001", "trust=true");
    assertThat(set.code()).as(set.stderr()).isZero();
    JsonNode shown = juju("config", "kv-store", "--format", "json").json();
    assertThat(shown.path("settings").path("port").path("value").asInt()).isEqualTo(7001);
    assertThat(shown.path("settings").path("port").path("source").asText()).isEqualTo("user");
    assertThat(shown.path("application-config").path("trust").path("value").asBoolean()).isTrue();

    Call bad = juju("config", "kv-store", "port=abc");
    assertRefused(bad, 1, "ERROR option \"port\" expected int, got \"abc\"\n");
    assertThat(juju("config", "kv-store", "port").stdout()).isEqualTo("7001\n");

    assertThat(juju("config", "kv-store", "--reset", "port,trust").code()).isZero();
    assertThat(juju("config", "kv-store", "port").stdout()).isEqualTo("6379\n");
    assertThat(juju("config", "kv-store", "trust").stdout()).isEqualTo("false\n");
  }

  @Test
  void scaleAddRemoveUnitsAndRemoveApplicationEditTheBundle() throws Exception {
    juju("deploy", "./kv-store");
    juju("deploy", "./kv-client");
    juju("integrate", "kv-client", "kv-store:kv");

    assertThat(juju("scale-application", "kv-store", "3").stdout())
        .isEqualTo("kv-store scaled to 3 units\n");
    assertThat(juju("add-unit", "kv-store", "-n", "2").code()).isZero();
    assertThat(juju("remove-unit", "--no-prompt", "kv-store", "--num-units", "4").code()).isZero();
    assertThat(Files.readString(bundle("foo"))).contains("scale: 1");
    Call removed = juju("remove-application", "--no-prompt", "kv-client");
    assertThat(removed.stderr()).isEqualTo("will remove application kv-client\n");
    assertThat(Files.readString(bundle("foo"))).doesNotContain("kv-client");
    Call missing = juju("remove-application", "--no-prompt", "kv-client");
    assertRefused(missing, 1, "ERROR application \"kv-client\" not found\n");
  }

  @Test
  void badInputIsAClearErrorAndChangesNothing() throws Exception {
    String before = Files.readString(bundle("foo"));

    Call notACharm = juju("deploy", "./nothing-here");
    Call charmhub = juju("deploy", "postgresql-k8s");
    Call badConfig = juju("deploy", "./kv-store", "--config", "colour=red");
    Call unknownModel = juju("status", "-m", "nope");
    Call noScale = juju("scale-application", "kv-store", "many");

    assertThat(notACharm.code()).isEqualTo(1);
    assertThat(notACharm.stderr()).startsWith("ERROR invalid charm or bundle provided at");
    assertThat(charmhub.stderr()).contains("there is no Charmhub");
    assertThat(badConfig.stderr()).isEqualTo("ERROR unknown option \"colour\"\n");
    assertRefused(unknownModel, 1, "ERROR model admin/nope not found\n");
    assertThat(noScale.code()).isEqualTo(2);
    assertThat(Files.readString(bundle("foo"))).isEqualTo(before);
  }

  @Test
  void unknownCommandsAndFlagsAreUsageErrors() {
    Call command = juju("frobnicate");
    Call flag = juju("status", "--frob");
    Call format = juju("status", "--format", "xml");

    assertRefused(
        command, 2, "ERROR juju: \"frobnicate\" is not a juju command. See \"juju --help\".\n");
    assertRefused(flag, 2, "ERROR option provided but not defined: --frob\n");
    assertRefused(
        format, 2, "ERROR invalid value \"xml\" for option --format: unknown format \"xml\"\n");
  }

  @Test
  void modelConfigIsKeptWithTheModelAndShownAsJujuShowsIt() throws Exception {
    assertThat(juju("model-config", "update-status-hook-interval").stdout()).isEqualTo("5m\n");

    assertThat(juju("model-config", "update-status-hook-interval=10s", "custom=x").code()).isZero();
    JsonNode shown = juju("model-config", "--format", "json").json();
    assertThat(shown.path("update-status-hook-interval").path("Value").asText()).isEqualTo("10s");
    assertThat(shown.path("update-status-hook-interval").path("Source").asText())
        .isEqualTo("model");
    assertThat(shown.path("name").path("Value").asText()).isEqualTo("foo");

    assertThat(BundleFile.read(bundle("foo")).bundle().updateStatusInterval())
        .as("the running model follows its bundle")
        .isEqualTo(Duration.ofSeconds(10));

    String bundleBefore = Files.readString(bundle("foo"));
    Call bad = juju("model-config", "update-status-hook-interval=often", "other=y");
    assertRefused(
        bad,
        1,
        "ERROR invalid update status hook interval in model configuration: time: invalid"
            + " duration \"often\"\n");
    assertThat(Files.readString(bundle("foo"))).as("nothing changed").isEqualTo(bundleBefore);
    assertThat(juju("model-config", "other").code()).as("nothing changed").isEqualTo(1);

    assertThat(juju("model-config", "--reset", "update-status-hook-interval,custom").code())
        .isZero();
    assertThat(juju("model-config", "update-status-hook-interval").stdout()).isEqualTo("5m\n");
    assertThat(Files.readString(bundle("foo"))).doesNotContain("model-config");
    assertThat(BundleFile.read(bundle("foo")).bundle().updateStatusInterval())
        .isEqualTo(Duration.ofMinutes(5));
    assertThat(juju("model-config", "custom").code()).isEqualTo(1);
  }

  @Test
  void addModelWithABadIntervalIsRefusedAndNoModelIsAdded() {
    Call bad = juju("add-model", "--no-switch", "bar", "--config", "update-status-hook-interval=5");

    assertRefused(
        bad,
        1,
        "ERROR invalid update status hook interval in model configuration: time: missing unit"
            + " in duration \"5\"\n");
    assertThat(home.resolve("models").resolve("bar")).doesNotExist();
  }

  @Test
  void versionIsJujusInJujusForm() throws Exception {
    assertThat(juju("version").stdout()).matches("3\\.6\\.\\d+-genericlinux-[a-z0-9]+\n");
    assertThat(juju("version", "--all", "--format", "json").json().path("version").asText())
        .startsWith("3.6.");
  }

  @Test
  void destroyModelRemovesEverythingAndForgetsTheCurrentModel() {
    juju("deploy", "./kv-store");

    Call destroyed = juju("destroy-model", "foo", "--no-prompt", "--destroy-storage", "--force");

    assertThat(destroyed.code()).as(destroyed.stderr()).isZero();
    assertThat(destroyed.stderr()).contains("Model destroyed.");
    assertThat(Files.exists(home.resolve("models/foo"))).isFalse();
    assertThat(juju("switch").code()).isEqualTo(1);
    Call again = juju("destroy-model", "foo", "--no-prompt");
    assertRefused(again, 1, "ERROR model admin/foo not found\n");
  }

  @Test
  void destroyModelWithoutNoPromptAsksAndKeepsTheModelUnlessToldYes() {
    Call refused = answering("n\n", "destroy-model", "foo");

    assertThat(refused.code()).isEqualTo(1);
    assertThat(refused.stderr())
        .contains("Continue [y/N]? ")
        .endsWith("ERROR model destruction: aborted\n");
    assertThat(Files.exists(bundle("foo"))).isTrue();
    assertThat(answering("y\n", "destroy-model", "foo").code()).isZero();
    assertThat(Files.exists(bundle("foo"))).isFalse();
  }

  @Test
  void aBadTimeoutIsAUsageErrorAndDestroysNothing() {
    Call bad = juju("destroy-model", "foo", "--no-prompt", "--timeout", "soon");

    assertThat(bad.code()).isEqualTo(2);
    assertThat(bad.stderr()).contains("invalid value \"soon\" for option -t, --timeout");
    assertThat(Files.exists(bundle("foo"))).isTrue();
  }
}
