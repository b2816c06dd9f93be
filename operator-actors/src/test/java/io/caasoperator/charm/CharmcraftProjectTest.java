package io.caasoperator.charm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.caasoperator.domain.CharmRef;
import io.caasoperator.domain.CharmStorage;
import io.caasoperator.domain.ConfigOption;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Charm sources in charmcraft's unified format: everything in {@code charmcraft.yaml}, as {@code
 * charmcraft init} has made them since charmcraft 2.5 (the keys as in charmcraft's own {@code
 * tests/unit/models/valid_charms_yaml/full-platforms.yaml}).
 */
class CharmcraftProjectTest {
  @TempDir Path tmp;

  private static final String UNIFIED =
      """
      type: charm
      name: wiki
      title: The Wiki
      summary: A wiki.
      description: A wiki, in charmcraft's unified format.
      base: ubuntu@24.04
      platforms:
        amd64:
      parts:
        charm:
          plugin: charm
          source: .
      links:
        documentation: https://example.com/docs
        contact: Wiki Team <wiki@example.com>
        issues:
        - https://example.com/issues
      containers:
        wiki:
          resource: wiki-image
          mounts:
          - storage: pages
            location: /pages
      resources:
        wiki-image:
          type: oci-image
          description: OCI image for the wiki
      peers:
        replicas:
          interface: wiki-replicas
      requires:
        database: postgresql_client
      provides:
        website:
          interface: http
      storage:
        pages:
          type: filesystem
          location: /srv/pages
        scratch:
          type: block
      config:
        options:
          name:
            default: Wiki
            description: The name, or Title of the Wiki
            type: string
          debug:
            default: false
            type: boolean
      actions:
        backup:
          description: Back the pages up.
          params:
            target:
              type: string
          required: [target]
      """;

  private CharmStore store() {
    return new CharmStore(tmp.resolve("data/charms"), UnpackLimits.DEFAULT);
  }

  private DeployedCharm deploy(Path dir) throws CharmException {
    return store().deploy(new CharmRef(dir.toString(), null, 0, false));
  }

  private static JsonNode yaml(Path file) throws Exception {
    return new YAMLMapper().readTree(file.toFile());
  }

  @Test
  void aSourceWithOnlyCharmcraftYamlIsACharm() throws Exception {
    Path dir =
        CharmFiles.empty()
            .file("charmcraft.yaml", UNIFIED)
            .file("src/charm.py", "#!/bin/sh\n")
            .writeDirectory(tmp.resolve("wiki"));

    var info = deploy(dir).info();

    assertThat(info.name()).isEqualTo("wiki");
    assertThat(info.containers()).containsExactly("wiki");
    assertThat(info.options())
        .containsEntry(
            "name",
            new ConfigOption(ConfigOption.Type.STRING, "Wiki", "The name, or Title of the Wiki"))
        .containsEntry("debug", new ConfigOption(ConfigOption.Type.BOOLEAN, false, ""));
    assertThat(info.peers()).isEqualTo(Map.of("replicas", "wiki-replicas"));
    assertThat(info.storage())
        .isEqualTo(
            Map.of(
                "pages",
                new CharmStorage("filesystem", "/srv/pages"),
                "scratch",
                new CharmStorage("block", "")));
    assertThat(info.actions()).containsOnlyKeys("backup");
    assertThat(info.actions().get("backup").description()).isEqualTo("Back the pages up.");
  }

  @Test
  void theStoredCopyGetsTheFilesCharmcraftPackWouldHaveWritten() throws Exception {
    Path dir =
        CharmFiles.empty().file("charmcraft.yaml", UNIFIED).writeDirectory(tmp.resolve("wiki"));

    Path stored = deploy(dir).dir();

    JsonNode metadata = yaml(stored.resolve("metadata.yaml"));
    assertThat(metadata.path("name").asText()).isEqualTo("wiki");
    assertThat(metadata.path("display-name").asText()).isEqualTo("The Wiki");
    assertThat(metadata.path("docs").asText()).isEqualTo("https://example.com/docs");
    assertThat(metadata.path("maintainers").get(0).asText())
        .isEqualTo("Wiki Team <wiki@example.com>");
    assertThat(metadata.path("issues").get(0).asText()).isEqualTo("https://example.com/issues");
    assertThat(metadata.path("containers").path("wiki").path("resource").asText())
        .isEqualTo("wiki-image");
    assertThat(metadata.path("requires").path("database").asText()).isEqualTo("postgresql_client");
    assertThat(metadata.has("parts")).as("build settings stay out of metadata.yaml").isFalse();
    assertThat(metadata.has("config")).isFalse();
    assertThat(
            yaml(stored.resolve("config.yaml"))
                .path("options")
                .path("name")
                .path("default")
                .asText())
        .isEqualTo("Wiki");
    assertThat(yaml(stored.resolve("actions.yaml")).path("backup").path("required").get(0).asText())
        .isEqualTo("target");
    assertThat(dir.resolve("metadata.yaml")).as("the source is left alone").doesNotExist();
  }

  @Test
  void separateFilesWinOverCharmcraftYamlAsInAPackedCharm() throws Exception {
    Path dir =
        CharmFiles.empty()
            .file("charmcraft.yaml", UNIFIED)
            .file("metadata.yaml", "name: packed\n")
            .file("config.yaml", "options:\n  colour: {type: string, default: red}\n")
            .writeDirectory(tmp.resolve("packed"));

    DeployedCharm deployed = deploy(dir);

    assertThat(deployed.info().name()).isEqualTo("packed");
    assertThat(deployed.info().peers()).isEmpty();
    assertThat(deployed.info().options()).containsOnlyKeys("colour");
    assertThat(deployed.info().actions())
        .as("no actions.yaml: charmcraft.yaml's")
        .containsOnlyKeys("backup");
    assertThat(deployed.dir().resolve("metadata.yaml")).hasContent("name: packed");
  }

  @Test
  void aCharmcraftYamlWithBuildSettingsOnlyBesideMetadataYamlIsIgnored() throws Exception {
    Path dir =
        CharmFiles.named("classic")
            .file(
                "charmcraft.yaml",
                "type: charm\nbases:\n- name: ubuntu\n  channel: '22.04'\nparts: {charm: {}}\n")
            .writeDirectory(tmp.resolve("classic"));

    var info = deploy(dir).info();

    assertThat(info.name()).isEqualTo("classic");
    assertThat(info.options()).isEmpty();
    assertThat(info.actions()).isEmpty();
  }

  /**
   * Each row: what is wrong, a charmcraft.yaml alone in the charm (in YAML's flow style, one line),
   * and the refusal after {@code charm <dir>: }.
   */
  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          no name and no metadata.yaml | {type: charm, parts: {charm: {}}}                        | not a charm: no metadata.yaml, and charmcraft.yaml has no "name"
          a bundle                     | {type: bundle, name: stack}                              | charmcraft.yaml: this is a bundle, not a charm
          a bad option                 | {name: x, config: {options: {port: {type: int, default: abc}}}} | charmcraft.yaml: config: option "port": default "abc" is not an int
          a peer without interface     | {name: x, peers: {replicas: {limit: 1}}}                 | charmcraft.yaml: peers: relation "replicas": missing field "interface"
          """)
  void aCharmcraftYamlThatIsNoValidCharmIsRefusedNamingTheFileAndTheKey(
      String what, String charmcraftYaml, String problem) {
    Path dir =
        CharmFiles.empty()
            .file("charmcraft.yaml", charmcraftYaml)
            .writeDirectory(tmp.resolve("charm"));

    assertThatThrownBy(() -> deploy(dir)).hasMessage("charm " + dir + ": " + problem);
  }

  @Test
  void aBadActionNameOrDuplicateKeyNamesTheFile() {
    Path badAction =
        CharmFiles.empty()
            .file("charmcraft.yaml", "name: x\nactions:\n  Backup: {}\n")
            .writeDirectory(tmp.resolve("bad-action"));
    Path badYaml =
        CharmFiles.empty()
            .file("charmcraft.yaml", "name: x\nname: y\n")
            .writeDirectory(tmp.resolve("bad-yaml"));

    assertThatThrownBy(() -> deploy(badAction))
        .hasMessageContaining(": charmcraft.yaml: actions: bad action name \"Backup\"");
    assertThatThrownBy(() -> deploy(badYaml))
        .hasMessageContaining(": charmcraft.yaml: ")
        .hasMessageContaining("Duplicate field 'name'");
  }
}
