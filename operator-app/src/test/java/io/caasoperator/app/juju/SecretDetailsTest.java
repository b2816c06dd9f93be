package io.caasoperator.app.juju;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A user secret in Juju 3.6's shape ({@code cmd/juju/secrets/list.go}), read back by jubilant's own
 * {@code Secret._from_dict} and {@code RevealedSecret._from_dict} where python3 is there.
 */
class SecretDetailsTest {
  private static final String UUID = "5a4e0b8e-2b5f-4a43-9f0b-1c2d3e4f5a6b";

  @TempDir Path dir;

  /** What the operator answers for a secret with two revisions, granted to kv-client. */
  private static JsonNode view(boolean revealed) throws Exception {
    return Output.JSON.readTree(
        """
        {"id": "d0j7ha3q1c4s73d2fa9g", "name": "db-password", "description": "the db's",
         "revision": 2, "created": "2026-11-27T10:00:00Z", "updated": "2026-11-27T10:05:00Z",
         "revisions": [{"revision": 1, "created": "2026-11-27T10:00:00Z", "expires": null},
                       {"revision": 2, "created": "2026-11-27T10:05:00Z", "expires": null}],
         "grantedTo": ["kv-client"], "content": %s}
        """
            .formatted(revealed ? "{\"password\": \"s3cret\"}" : "null"));
  }

  @Test
  void jsonHasJujusKeysTheModelAsOwnerAndContentUnderDataOnlyWhenRevealed() throws Exception {
    ObjectNode hidden = SecretDetails.of(view(false), UUID, false, true, "json");
    ObjectNode shown = SecretDetails.of(view(true), UUID, true, true, "json");

    assertThat(hidden.fieldNames())
        .toIterable()
        .containsExactly(
            "revision", "owner", "description", "name", "created", "updated", "access");
    assertThat(hidden.path("owner").asText()).isEqualTo("<model>");
    assertThat(hidden.path("name").asText()).isEqualTo("db-password");
    assertThat(hidden.path("access").get(0).toString())
        .isEqualTo(
            "{\"target\":\"application-kv-client\",\"scope\":\"model-"
                + UUID
                + "\",\"role\":\"view\"}");
    assertThat(shown.path("content").path("Data").path("password").asText()).isEqualTo("s3cret");
    assertThat(shown.path("revisions").findValuesAsText("created")).hasSize(2);
  }

  @Test
  void yamlHasTheContentInline() throws Exception {
    String yaml = Output.render(SecretDetails.of(view(true), UUID, false, false, "yaml"), "yaml");

    assertThat(yaml).contains("content:\n  password: s3cret\n").doesNotContain("Data");
    assertThat(yaml).doesNotContain("access");
  }

  @Test
  void theTableListsIdNameOwnerAndRevisionAsJujuDoes() throws Exception {
    JsonNode list = Output.JSON.createArrayNode().add(view(false));

    assertThat(SecretDetails.table(list, Instant.parse("2026-11-27T10:07:00Z")))
        .isEqualTo(
            "ID                    Name         Owner    Rotation  Revision  Last updated\n"
                + "d0j7ha3q1c4s73d2fa9g  db-password  <model>            2         2 minutes ago\n");
  }

  @Test
  void jubilantReadsTheSecretAndItsRevealedContent() throws Exception {
    ObjectNode shown = Output.JSON.createObjectNode();
    shown.set("d0j7ha3q1c4s73d2fa9g", SecretDetails.of(view(true), UUID, true, true, "json"));
    Path file = dir.resolve("secret.json");
    Files.writeString(file, Output.render(shown, "json"));
    String script =
        """
        import json, sys
        from jubilant.secrettypes import Secret, RevealedSecret
        uri, obj = next(iter(json.load(open(sys.argv[1])).items()))
        s = Secret._from_dict({'uri': uri, **obj})
        print(s.uri, s.uri.unique_identifier, s.owner, s.name, s.revision)
        r = RevealedSecret._from_dict({'uri': uri, **obj})
        print(r.content, s.access[0].target, len(s.revisions), s.updated.isoformat())
        """;
    String output = Jubilant.run(script, file);

    assertThat(output.lines().toList())
        .containsExactly(
            "secret:d0j7ha3q1c4s73d2fa9g d0j7ha3q1c4s73d2fa9g <model> db-password 2",
            "{'password': 's3cret'} application-kv-client 2 2026-11-27T10:05:00+00:00");
  }
}
