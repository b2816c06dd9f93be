package io.caasoperator.charm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.caasoperator.domain.CharmInfo;
import io.caasoperator.domain.CharmRef;
import io.caasoperator.domain.CharmStorage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** metadata.yaml as Juju reads it (internal/charm/meta.go): relations, storage, resources. */
class CharmMetadataTest {

  private static CharmMetadata read(String yaml) throws Exception {
    return CharmMetadata.read(
        new CharmSection("c", "metadata.yaml", new YAMLMapper().readTree(yaml)));
  }

  @Test
  void peersAreReadInTheFullAndTheShorthandForm() throws Exception {
    var metadata =
        read(
            """
        name: db
        peers:
          cluster: {interface: db-cluster, limit: 1, scope: global}
          backup: db-backup
        """);

    assertThat(metadata.peers()).isEqualTo(Map.of("cluster", "db-cluster", "backup", "db-backup"));
  }

  @Test
  void providedAndRequiredRelationsAreKeptWithTheirInterfaces() throws Exception {
    var metadata =
        read(
            """
        name: web
        provides:
          website: {interface: http}
        requires:
          db: {interface: mysql, limit: 1}
          cache: redis
        """);

    assertThat(metadata.provides()).isEqualTo(Map.of("website", "http"));
    assertThat(metadata.requires()).isEqualTo(Map.of("db", "mysql", "cache", "redis"));
  }

  @Test
  void aDeployedCharmsRelationsAreReadFromItsDirectory(@TempDir Path dir) throws Exception {
    Files.writeString(
        dir.resolve("metadata.yaml"),
        "name: web\nprovides: {website: http}\nrequires: {db: mysql}\npeers: {sessions: p}\n");
    var charm =
        new DeployedCharm(
            dir,
            new CharmInfo(
                0,
                "web",
                new CharmRef(dir.toString(), null, 0, false),
                "0".repeat(64),
                List.of(),
                Set.of(),
                false,
                Map.of()));

    assertThat(CharmRelations.of(charm))
        .isEqualTo(
            new CharmRelations(
                Map.of("website", "http"), Map.of("db", "mysql"), Map.of("sessions", "p")));
  }

  @Test
  void storageKeepsItsTypeAndLocation() throws Exception {
    var metadata =
        read(
            """
        name: db
        storage:
          data: {type: filesystem, location: /var/lib/db, minimum-size: 1G}
          raw: {type: block, multiple: {range: 1-3}}
        """);

    assertThat(metadata.storage())
        .isEqualTo(
            Map.of(
                "data",
                new CharmStorage("filesystem", "/var/lib/db"),
                "raw",
                new CharmStorage("block", "")));
  }

  @Test
  void aCharmWithoutRelationsOrStorageHasNone() throws Exception {
    var metadata = read("name: db\n");

    assertThat(metadata.peers()).isEmpty();
    assertThat(metadata.storage()).isEmpty();
    assertThat(metadata.containers()).isEmpty();
  }

  /**
   * Each row: a metadata.yaml (in YAML's flow style, one line) and what the refusal says after
   * {@code charm c: metadata.yaml: }.
   */
  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          {name: db, peers: [cluster]}                 | field "peers" must be a map
          {name: db, requires: {database: {limit: 1}}} | requires: relation "database": missing field "interface"
          {name: db, provides: {website: [http]}}      | provides: relation "website": must be a map or a non-empty string
          {name: db, peers: {cluster: {interface: 3}}} | peers: relation "cluster": field "interface" must be a non-empty string
          {name: db, storage: {data: {location: /x}}}  | storage "data": missing field "type"
          {name: db, storage: {data: {type: tape}}}    | storage "data": field "type" must be filesystem or block, not "tape"
          {name: db, storage: {data: filesystem}}      | storage "data": must be a map
          {name: db, resources: {image: oci-image}}    | resource "image" must be a map
          """)
  void badRelationsStorageAndResourcesAreRefusedNamingWhatIsWrong(String yaml, String problem) {
    assertThatThrownBy(() -> read(yaml)).hasMessage("charm c: metadata.yaml: " + problem);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          {summary: x}                 | missing field "name"
          {name: ''}                   | field "name" must be a non-empty string
          {name: db, containers: [web]} | field "containers" must be a map
          [name]                       | expected a map at the top level
          """)
  void nameAndContainersKeepTheirEarlierRules(String yaml, String problem) {
    assertThatThrownBy(() -> read(yaml)).hasMessage("charm c: metadata.yaml: " + problem);
  }
}
