package io.caasoperator.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.caasoperator.substrate.kubernetes.KubernetesCluster;
import io.caasoperator.substrate.kubernetes.Relation;
import io.caasoperator.substrate.kubernetes.RelationSpec;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code run --substrate kubernetes --relations}, the whole operator against the mock API server:
 * the application {@code hello} (a charm that requires {@code db}) is related by a Relation object
 * to {@code mysql}, whose operator is played by writing its relation record (the ConfigMap its
 * operator would write). hello's hooks see mysql's unit and databag, hello's side reaches the
 * cluster, and deleting the Relation departs and breaks it.
 */
class KubernetesRelationsRuntimeTest {

  private static final String NS = MockCluster.NS;
  private static final Duration WAIT = Duration.ofSeconds(60);

  /** Each relation hook records its name, remote unit, relation id and what mysql/0 says. */
  private static final String RELATION_HOOK =
      """
      #!/bin/sh
      . "$JUJU_CHARM_DIR/lib/hook.sh"
      host=""
      if [ -n "${JUJU_REMOTE_UNIT:-}" ]; then host=$(relation-get host "$JUJU_REMOTE_UNIT"); fi
      echo "$JUJU_HOOK_NAME ${JUJU_REMOTE_UNIT:-} $JUJU_RELATION_ID host=$host" >> "$HOME/relations.log"
      """;

  @TempDir Path dir;
  @AutoClose private final MockCluster cluster = MockCluster.withCrd();
  private final KubernetesClient client = cluster.client;

  @Test
  void aRelationObjectRelatesTheApplicationToAnotherOperatorsApplication() throws Exception {
    cluster.deployHello(helloRequiringDb());
    mysqlPublishes(Map.of());

    OperatorRuntime runtime =
        new OperatorRuntime(
            MockCluster.helloConfig(dir),
            new SubstrateFactory.Choice.Kubernetes(
                new KubernetesCluster.Connection(null, null, cluster.kubeconfig(dir), null, false),
                true));
    runtime.start();
    Path log = dir.resolve("data/agents/unit-hello-0/relations.log");
    try {
      Relation relation = new Relation();
      relation.getMetadata().setName("hello-db");
      relation.getMetadata().setNamespace(NS);
      relation.setSpec(new RelationSpec(List.of("hello", "mysql:db")));
      client.resources(Relation.class).inNamespace(NS).resource(relation).create();

      await().atMost(WAIT).until(() -> relationId() != null);
      long id = relationId();
      await()
          .atMost(WAIT)
          .until(() -> lines(log).anyMatch(l -> l.startsWith("db-relation-created")));

      // mysql/0 enters the relation with its databag: hello/0 joins it and reads it
      mysqlPublishes(
          Map.of(
              "side." + id,
              "{\"units\":{\"mysql/0\":{\"host\":\"mysql-0.demo\"}},\"application\":{}}"));
      await()
          .atMost(WAIT)
          .until(
              () ->
                  lines(log)
                      .anyMatch(
                          l ->
                              l.equals(
                                  "db-relation-changed mysql/0 db:" + id + " host=mysql-0.demo")));
      assertThat(lines(log).toList())
          .containsSubsequence(
              "db-relation-created  db:" + id + " host=",
              "db-relation-joined mysql/0 db:" + id + " host=mysql-0.demo",
              "db-relation-changed mysql/0 db:" + id + " host=mysql-0.demo");
      // hello's side, for mysql's operator: hello/0 in the relation's scope
      await()
          .atMost(WAIT)
          .until(
              () -> {
                ConfigMap hello =
                    client.configMaps().inNamespace(NS).withName("caas-relations-hello").get();
                return hello != null
                    && hello.getData().getOrDefault("side." + id, "").contains("hello/0");
              });

      client.resources(Relation.class).inNamespace(NS).withName("hello-db").delete();
      await()
          .atMost(WAIT)
          .until(() -> lines(log).anyMatch(l -> l.startsWith("db-relation-broken")));
      assertThat(lines(log).toList())
          .containsSubsequence(
              "db-relation-departed mysql/0 db:" + id + " host=mysql-0.demo",
              "db-relation-broken  db:" + id + " host=");
    } finally {
      runtime.stop(OperatorRuntime.StopReason.SIGNAL, "test over");
    }
  }

  private Long relationId() {
    Relation relation = client.resources(Relation.class).inNamespace(NS).withName("hello-db").get();
    return relation == null || relation.getStatus() == null
        ? null
        : relation.getStatus().relationId();
  }

  /** The relation record mysql's operator would write: its endpoints and {@code sides}. */
  private void mysqlPublishes(Map<String, String> sides) {
    Map<String, String> data = new java.util.TreeMap<>(sides);
    data.put(
        "endpoints",
        "[{\"name\":\"db\",\"role\":\"provider\",\"interfaceName\":\"mysql\"},"
            + "{\"name\":\"juju-info\",\"role\":\"provider\",\"interfaceName\":\"juju-info\"}]");
    client
        .configMaps()
        .inNamespace(NS)
        .resource(
            new ConfigMapBuilder()
                .withNewMetadata()
                .withName("caas-relations-mysql")
                .withNamespace(NS)
                .addToLabels("caasoperator.org/relations", "mysql")
                .endMetadata()
                .withData(data)
                .build())
        .createOr(existing -> existing.update());
  }

  /** The hello charm with {@code requires: db} and a hook for each relation event. */
  private Path helloRequiringDb() throws IOException {
    Path charm = dir.resolve("charm");
    Path source = Path.of("../examples/charms/hello");
    try (Stream<Path> files = Files.walk(source)) {
      for (Path file : files.toList()) {
        Path target = charm.resolve(source.relativize(file).toString());
        if (Files.isDirectory(file)) Files.createDirectories(target);
        else Files.copy(file, target, StandardCopyOption.COPY_ATTRIBUTES);
      }
    }
    Files.writeString(
        charm.resolve("metadata.yaml"),
        Files.readString(charm.resolve("metadata.yaml"))
            + "requires:\n  db:\n    interface: mysql\n");
    for (String event : List.of("created", "joined", "changed", "departed", "broken")) {
      Path hook = charm.resolve("hooks/db-relation-" + event);
      Files.writeString(hook, RELATION_HOOK);
      Files.setPosixFilePermissions(hook, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
    return charm;
  }

  private static Stream<String> lines(Path log) throws IOException {
    return Files.exists(log) ? Files.readAllLines(log).stream() : Stream.empty();
  }
}
