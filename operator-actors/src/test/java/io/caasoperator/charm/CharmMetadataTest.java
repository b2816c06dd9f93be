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

  @Test
  void badRelationsStorageAndResourcesAreRefusedNamingWhatIsWrong() {
    assertThatThrownBy(() -> read("name: db\npeers: [cluster]\n"))
        .hasMessage("charm c: metadata.yaml: field \"peers\" must be a map");
    assertThatThrownBy(() -> read("name: db\nrequires:\n  database: {limit: 1}\n"))
        .hasMessage(
            "charm c: metadata.yaml: requires: relation \"database\": missing field \"interface\"");
    assertThatThrownBy(() -> read("name: db\nprovides:\n  website: [http]\n"))
        .hasMessage(
            "charm c: metadata.yaml: provides: relation \"website\": must be a map or a non-empty string");
    assertThatThrownBy(() -> read("name: db\npeers:\n  cluster: {interface: 3}\n"))
        .hasMessage(
            "charm c: metadata.yaml: peers: relation \"cluster\": field \"interface\" must be a non-empty string");
    assertThatThrownBy(() -> read("name: db\nstorage:\n  data: {location: /x}\n"))
        .hasMessage("charm c: metadata.yaml: storage \"data\": missing field \"type\"");
    assertThatThrownBy(() -> read("name: db\nstorage:\n  data: {type: tape}\n"))
        .hasMessage(
            "charm c: metadata.yaml: storage \"data\": field \"type\" must be filesystem or block, not \"tape\"");
    assertThatThrownBy(() -> read("name: db\nstorage:\n  data: filesystem\n"))
        .hasMessage("charm c: metadata.yaml: storage \"data\": must be a map");
    assertThatThrownBy(() -> read("name: db\nresources:\n  image: oci-image\n"))
        .hasMessage("charm c: metadata.yaml: resource \"image\" must be a map");
  }

  @Test
  void nameAndContainersKeepTheirEarlierRules() {
    assertThatThrownBy(() -> read("summary: x\n"))
        .hasMessage("charm c: metadata.yaml: missing field \"name\"");
    assertThatThrownBy(() -> read("name: ''\n"))
        .hasMessage("charm c: metadata.yaml: field \"name\" must be a non-empty string");
    assertThatThrownBy(() -> read("name: db\ncontainers: [web]\n"))
        .hasMessage("charm c: metadata.yaml: field \"containers\" must be a map");
    assertThatThrownBy(() -> read("[name]\n"))
        .hasMessage("charm c: metadata.yaml: expected a map at the top level");
  }
}
