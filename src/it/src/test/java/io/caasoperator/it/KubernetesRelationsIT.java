package io.caasoperator.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.caasoperator.substrate.kubernetes.Application;
import io.caasoperator.substrate.kubernetes.ApplicationSpec;
import io.caasoperator.substrate.kubernetes.Relation;
import io.caasoperator.substrate.kubernetes.RelationSpec;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Two real operator processes ({@code run --substrate kubernetes --relations}), one per application
 * as one Deployment per application has them, against the fabric8 mock API server: a Relation
 * object relates them, each side's hooks read the other's databag, and deleting it breaks it on
 * both sides. Hooks run in the operators' processes ({@code deploymentMode: operator}).
 */
class KubernetesRelationsIT {

  private static final String NS = "demo";

  @RegisterExtension final Operators wordpressOperators = new Operators("wordpress");
  @RegisterExtension final Operators mysqlOperators = new Operators("mysql");
  @RegisterExtension final KubernetesApiServer apiServer = KubernetesApiServer.start();
  private final KubernetesClient kubectl = apiServer.client();

  @BeforeEach
  void setUp() {
    apiServer.applyCrd();
  }

  @Test
  void twoOperatorsMeetThroughARelationObjectAndBreakItWhenItIsDeleted() throws IOException {
    deploy(
        wordpressOperators,
        "wordpress",
        "requires:\n  db:\n    interface: mysql\n",
        Map.of(
            "db-relation-changed",
            "echo \"changed $JUJU_REMOTE_UNIT $(relation-get host \"$JUJU_REMOTE_UNIT\")\" >>"
                + " \"$HOME/relations.log\"\n"
                + "relation-set want=wp\n"));
    deploy(
        mysqlOperators,
        "mysql",
        "provides:\n  db:\n    interface: mysql\n",
        Map.of(
            "db-relation-joined",
            "relation-set host=mysql-0.demo\n",
            "db-relation-changed",
            "echo \"changed $JUJU_REMOTE_UNIT $(relation-get want \"$JUJU_REMOTE_UNIT\")\" >>"
                + " \"$HOME/relations.log\"\n"));
    startWithRelations(wordpressOperators, "wordpress");
    startWithRelations(mysqlOperators, "mysql");

    Relation relation = new Relation();
    relation.setMetadata(
        new ObjectMetaBuilder().withName("wordpress-db").withNamespace(NS).build());
    relation.setSpec(new RelationSpec(List.of("wordpress", "mysql")));
    kubectl.resources(Relation.class).inNamespace(NS).resource(relation).create();

    Path wordpressLog = unitDir(wordpressOperators, "wordpress").resolve("relations.log");
    Path mysqlLog = unitDir(mysqlOperators, "mysql").resolve("relations.log");
    await("wordpress/0 reads mysql/0's databag")
        .atMost(OperatorProcess.PATIENCE)
        .until(() -> lines(wordpressLog).contains("changed mysql/0 mysql-0.demo"));
    await("mysql/0 reads wordpress/0's databag")
        .atMost(OperatorProcess.PATIENCE)
        .until(() -> lines(mysqlLog).contains("changed wordpress/0 wp"));
    Relation related =
        kubectl.resources(Relation.class).inNamespace(NS).withName("wordpress-db").get();
    assertThat(related.getStatus().key()).isEqualTo("wordpress:db mysql:db");
    assertThat(related.getStatus().conditions().getFirst().reason()).isEqualTo("Related");

    kubectl.resources(Relation.class).inNamespace(NS).withName("wordpress-db").delete();
    for (Operators operators : List.of(wordpressOperators, mysqlOperators)) {
      String app = operators == wordpressOperators ? "wordpress" : "mysql";
      Path hooks = unitDir(operators, app).resolve("hooks.log");
      await(app + "/0 breaks the relation")
          .atMost(OperatorProcess.PATIENCE)
          .until(() -> lines(hooks).contains("db-relation-broken"));
      assertThat(lines(hooks))
          .containsSubsequence(
              "db-relation-created",
              "db-relation-joined",
              "db-relation-changed",
              "db-relation-departed",
              "db-relation-broken");
    }
  }

  /** The Application {@code app} of a charm with {@code metadata}, its one pod. */
  private void deploy(
      Operators operators, String app, String metadata, Map<String, String> relationHooks) {
    Map<String, String> hooks = new LinkedHashMap<>();
    List<String> all = new java.util.ArrayList<>(TestCharm.HOOKS);
    for (String event : List.of("created", "joined", "changed", "departed", "broken"))
      all.add("db-relation-" + event);
    for (String hook : all)
      hooks.put(
          "hooks/" + hook,
          "#!/bin/sh\necho \"$JUJU_HOOK_NAME\" >> \"$HOME/hooks.log\"\n"
              + relationHooks.getOrDefault(hook, ""));
    Path charm = ScriptCharm.write(operators.tmp().resolve("charm"), app, metadata, hooks);
    Application application = new Application();
    application.setMetadata(new ObjectMetaBuilder().withName(app).withNamespace(NS).build());
    application.setSpec(
        new ApplicationSpec(
            new ApplicationSpec.CharmSpec(charm.toString(), null, null, null),
            Map.of(),
            null,
            "operator",
            "5m"));
    kubectl.resources(Application.class).inNamespace(NS).resource(application).create();
    new TestKubelet(kubectl, NS, app).createPod(0);
  }

  private OperatorProcess startWithRelations(Operators operators, String app) {
    Path kubeconfig = apiServer.writeKubeconfig(operators.tmp().resolve("kubeconfig"), NS);
    OperatorProcess operator =
        operators.start(
            List.of(
                "--substrate",
                "kubernetes",
                "--application",
                app,
                "--namespace",
                NS,
                "--kubeconfig",
                kubeconfig.toString(),
                "--relations"));
    operator.awaitListening();
    return operator;
  }

  private static Path unitDir(Operators operators, String app) {
    return operators.dataDir().resolve("agents/unit-" + app + "-0");
  }

  private static List<String> lines(Path file) throws IOException {
    return Files.exists(file) ? Files.readAllLines(file) : List.of();
  }
}
