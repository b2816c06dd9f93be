package io.caasoperator.app.juju;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The secret commands' refusals, each before anything changes: usage errors exit 2, a model whose
 * operator is not running (it keeps the secrets) or an unknown application exit 1. What they do on
 * a running model is {@code JujuSecretsIT}'s.
 */
class JujuSecretCommandsTest extends ModelWithoutOperator {

  @Test
  void addingNeedsContentAndKeysAsJujusBeforeAnythingIsAsked() {
    assertRefused(juju("add-secret", "db"), 2, "ERROR missing secret value or filename\n");
    assertRefused(
        juju("add-secret", "db", "novalue"), 2, "ERROR key value \"novalue\" not valid\n");
    assertRefused(juju("add-secret"), 2, "ERROR Missing required parameter: 'NAME'\n");
  }

  @Test
  void everySecretCommandSaysTheModelsOperatorKeepsItsSecrets() {
    for (String[] args :
        List.of(
            new String[] {"add-secret", "db", "password=x"},
            new String[] {"update-secret", "db", "password=y"},
            new String[] {"remove-secret", "db"},
            new String[] {"secrets", "--format", "json"},
            new String[] {"show-secret", "db", "--reveal"})) {
      JujuCalls.Call call = juju(args);
      assertThat(call.code()).as(String.join(" ", args)).isEqualTo(1);
      assertThat(call.stderr())
          .startsWith("ERROR the model's operator is not running")
          .endsWith("its secrets are kept by it\n");
    }
  }

  @Test
  void showSecretRefusesFlagsJujuRefusesTogether() {
    assertRefused(
        juju("show-secret", "db", "--revisions", "--reveal"),
        2,
        "ERROR specify either --revisions or --reveal but not both\n");
    assertRefused(
        juju("show-secret", "db", "--revisions", "--revision", "2"),
        2,
        "ERROR specify either --revisions or --revision but not both\n");
    assertRefused(
        juju("show-secret", "db", "-r", "-1"), 2, "ERROR revision must be a positive integer\n");
    assertRefused(
        juju("show-secret", "db", "--format", "tabular"),
        2,
        "ERROR invalid value \"tabular\" for option --format: unknown format \"tabular\"\n");
    assertRefused(
        juju("secrets", "--format", "xml"),
        2,
        "ERROR invalid value \"xml\" for option --format: unknown format \"xml\"\n");
  }

  @Test
  void grantingToAnApplicationTheModelHasNotIsRefusedWhole() throws Exception {
    Path bundle = home.resolve("models/foo/bundle.yaml");
    String before = Files.readString(bundle);

    assertRefused(
        juju("grant-secret", "db", "kv-client,web"),
        1,
        "ERROR failed to grant/revoke secret: application \"kv-client\" not found,"
            + " application \"web\" not found\n");
    assertRefused(
        juju("revoke-secret", "db", "web"),
        1,
        "ERROR failed to grant/revoke secret: application \"web\" not found\n");
    assertThat(juju("grant-secret", "db").code()).isEqualTo(2);
    assertThat(Files.readString(bundle)).isEqualTo(before);
  }

  @Test
  void anUnknownModelIsNamed() {
    JujuCalls.Call call = juju("secrets", "-m", "nope");

    assertThat(call.code()).isEqualTo(1);
    assertThat(call.stderr()).contains("nope").contains("not found");
  }

  @Test
  void secretsOfAnotherOwnerAreNoneWithoutAskingTheOperator() {
    JujuCalls.Call call = juju("secrets", "--owner", "application-kv-client", "--format", "json");

    assertThat(call.code()).as(call.stderr()).isZero();
    assertThat(call.stdout()).isEqualTo("{}\n");
  }

  private static void assertRefused(JujuCalls.Call call, int code, String stderr) {
    assertThat(call.code()).as(call.stderr()).isEqualTo(code);
    assertThat(call.stderr()).isEqualTo(stderr);
    assertThat(call.stdout()).isEmpty();
  }
}
