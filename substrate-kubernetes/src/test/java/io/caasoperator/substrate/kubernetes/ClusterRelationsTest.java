package io.caasoperator.substrate.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.caasoperator.domain.ApplicationName;
import io.caasoperator.relation.DeclaredRelation;
import io.caasoperator.relation.RelationSide;
import io.caasoperator.testing.TestClock;
import io.fabric8.kubernetes.api.model.ConfigMap;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Two applications' operators, each with its own {@link ClusterRelations} as one operator
 * Deployment per application has, against one API server (fabric8's mock, CRUD mode): they meet
 * only through the Relation objects and the relation ConfigMaps.
 */
class ClusterRelationsTest {

  private static final String NAMESPACE = "demo";
  private static final Duration BOUND = Duration.ofSeconds(10);
  private static final ApplicationName WORDPRESS = ApplicationName.of("wordpress");
  private static final ApplicationName MYSQL = ApplicationName.of("mysql");

  @RegisterExtension final CrudApiServer api = CrudApiServer.withCrd();
  private final TestClock clock = new TestClock(Instant.parse("2026-11-27T23:00:00Z"));
  private final List<ClusterRelations> running = new ArrayList<>();

  /** What one operator was told, in order; written by its relations thread, read by the test. */
  static final class Told implements ClusterRelations.Listener {
    final List<List<DeclaredRelation>> declarations = new CopyOnWriteArrayList<>();
    final List<RelationSide> sides = new CopyOnWriteArrayList<>();

    @Override
    public void declared(List<DeclaredRelation> relations) {
      declarations.add(relations);
    }

    @Override
    public void remoteSideObserved(RelationSide side) {
      sides.add(side);
    }

    Optional<List<DeclaredRelation>> last() {
      return declarations.isEmpty() ? Optional.empty() : Optional.of(declarations.getLast());
    }

    Optional<RelationSide> lastSide() {
      return sides.isEmpty() ? Optional.empty() : Optional.of(sides.getLast());
    }
  }

  private ClusterRelations operate(ApplicationName application, Told told) {
    ClusterRelations relations =
        new ClusterRelations(api.client, NAMESPACE, application, clock, told).start();
    relations.endpointsKnown(RelationJudgingTest.NAMESPACE.get(application));
    running.add(relations);
    return relations;
  }

  @AfterEach
  void stopOperators() {
    running.forEach(ClusterRelations::close);
  }

  private Relation relate(String name, String... endpoints) {
    Relation relation = new Relation();
    relation.getMetadata().setName(name);
    relation.getMetadata().setNamespace(NAMESPACE);
    relation.setSpec(new RelationSpec(List.of(endpoints)));
    return api.client.resources(Relation.class).inNamespace(NAMESPACE).resource(relation).create();
  }

  private Relation read(String name) {
    return api.client.resources(Relation.class).inNamespace(NAMESPACE).withName(name).get();
  }

  private static Optional<DeclaredRelation> withRemote(Told told, String remote) {
    return told.last()
        .flatMap(l -> l.stream().filter(r -> r.remoteApplication().equals(remote)).findFirst());
  }

  /** The relation with {@code remote} that {@code told} was last told of, once it was. */
  private static DeclaredRelation awaitRelationWith(Told told, String remote) {
    await().atMost(BOUND).until(() -> withRemote(told, remote).isPresent());
    return withRemote(told, remote).orElseThrow();
  }

  /** {@code from} publishes {@code side}; returns once {@code other}'s operator was told of it. */
  private static void publishTo(Told other, ClusterRelations from, RelationSide side) {
    from.published(side.application(), List.of(side));
    await().atMost(BOUND).until(() -> other.lastSide().equals(Optional.of(side)));
  }

  private static RelationSide side(
      long id, String application, String unit, String key, String value) {
    return new RelationSide(
        id, application, new TreeMap<>(Map.of(unit, Map.of(key, value))), Map.of("app", value));
  }

  @Test
  void aRelationIsNumberedOnceAndEachOperatorGetsTheOthersDatabags() {
    Told wordpressTold = new Told();
    Told mysqlTold = new Told();
    ClusterRelations wordpress = operate(WORDPRESS, wordpressTold);
    ClusterRelations mysql = operate(MYSQL, mysqlTold);
    // before any Relation, mysql has its peer relation alone
    await()
        .atMost(BOUND)
        .until(
            () ->
                mysqlTold
                    .last()
                    .equals(
                        Optional.of(
                            List.of(
                                new DeclaredRelation(
                                    0, "cluster", "mysql-ha", "mysql", "cluster")))));

    relate("wordpress-db", "wordpress", "mysql:db");

    DeclaredRelation seenByWordpress = awaitRelationWith(wordpressTold, "mysql");
    DeclaredRelation seenByMysql = awaitRelationWith(mysqlTold, "wordpress");
    long id = seenByWordpress.id();
    assertThat(seenByWordpress).isEqualTo(new DeclaredRelation(id, "db", "mysql", "mysql", "db"));
    assertThat(seenByMysql).isEqualTo(new DeclaredRelation(id, "db", "mysql", "wordpress", "db"));
    assertThat(id).isEqualTo(1); // the namespace's one sequence: mysql's peer took 0
    await()
        .atMost(BOUND)
        .untilAsserted(
            () -> {
              RelationResourceStatus status = read("wordpress-db").getStatus();
              assertThat(status.relationId()).isEqualTo(id);
              assertThat(status.key()).isEqualTo("wordpress:db mysql:db");
              assertThat(status.interfaceName()).isEqualTo("mysql");
              assertThat(RelationConditions.only(status, "True", "Related").lastTransitionTime())
                  .isEqualTo("2026-11-27T23:00:00Z");
            });

    publishTo(wordpressTold, mysql, side(id, "mysql", "mysql/0", "host", "mysql-0.demo"));
    publishTo(mysqlTold, wordpress, side(id, "wordpress", "wordpress/0", "want", "db1"));

    // a databag change reaches the other side; its own side is never handed back to it
    publishTo(wordpressTold, mysql, side(id, "mysql", "mysql/0", "host", "mysql-0.demo:3306"));
    assertThat(mysqlTold.sides).allSatisfy(s -> assertThat(s.application()).isEqualTo("wordpress"));
    assertThat(wordpressTold.sides).allSatisfy(s -> assertThat(s.application()).isEqualTo("mysql"));

    // numbered once: one entry, and the ids never moved
    RelationLedger ledger = RelationLedger.read(configMap(RelationLedger.NAME).getData());
    assertThat(ledger.entries().keySet())
        .containsExactlyInAnyOrder(
            "peer.mysql.cluster",
            RelationLedger.relationName(read("wordpress-db").getMetadata().getUid()));
    assertThat(ledger.next()).isEqualTo(2);
    assertThat(wordpressTold.declarations)
        .allSatisfy(l -> assertThat(l).allSatisfy(r -> assertThat(r.id()).isEqualTo(id)));
  }

  @Test
  void aRestartedOperatorKeepsTheIdAndGetsTheOtherSideAgain() {
    Told wordpressTold = new Told();
    ClusterRelations wordpress = operate(WORDPRESS, wordpressTold);
    ClusterRelations mysql = operate(MYSQL, new Told());
    relate("wordpress-db", "wordpress:db", "mysql:db");
    long id = awaitRelationWith(wordpressTold, "mysql").id();
    RelationSide wordpressSide = side(id, "wordpress", "wordpress/0", "want", "db1");
    wordpress.published("wordpress", List.of(wordpressSide));
    await()
        .atMost(BOUND)
        .until(
            () ->
                configMap(RelationRecords.nameOf("wordpress")).getData().containsKey("side." + id));

    // a new replica takes over mysql: it starts from nothing but what the cluster holds
    mysql.close();
    Told again = new Told();
    operate(MYSQL, again);
    await().atMost(BOUND).until(() -> again.lastSide().equals(Optional.of(wordpressSide)));
    // its first declaration already has the relation, with its id (never an empty one first)
    assertThat(again.declarations.getFirst())
        .contains(new DeclaredRelation(id, "db", "mysql", "wordpress", "db"))
        .anySatisfy(r -> assertThat(r.endpoint()).isEqualTo("cluster"))
        .hasSize(2);
  }

  @Test
  void aNewTermKeepsItsSidesUntilItsOperatorPublishesThemAgain() {
    Told mysqlTold = new Told();
    ClusterRelations wordpress = operate(WORDPRESS, new Told());
    operate(MYSQL, mysqlTold);
    relate("wordpress-db", "wordpress", "mysql:db");
    long id = awaitRelationWith(mysqlTold, "wordpress").id();
    RelationSide side = side(id, "wordpress", "wordpress/0", "want", "db1");
    publishTo(mysqlTold, wordpress, side);

    // wordpress's next term: its endpoints are written at once, its side stays as it was
    wordpress.close();
    Told next = new Told();
    ClusterRelations again = operate(WORDPRESS, next);
    again.endpointsKnown(List.of()); // its charm announced anew, say with fewer endpoints
    await()
        .atMost(BOUND)
        .until(
            () ->
                RelationRecords.endpoints(configMap(RelationRecords.nameOf("wordpress")).getData())
                    .equals(Optional.of(List.of())));
    assertThat(
            RelationRecords.sides(
                "wordpress", configMap(RelationRecords.nameOf("wordpress")).getData()))
        .containsEntry(id, side);
    assertThat(mysqlTold.lastSide()).hasValue(side);
  }

  @Test
  void aDeletedRelationIsUndeclaredOnBothSides() {
    Told wordpressTold = new Told();
    Told mysqlTold = new Told();
    operate(WORDPRESS, wordpressTold);
    operate(MYSQL, mysqlTold);
    relate("wordpress-db", "wordpress", "mysql:db");
    awaitRelationWith(mysqlTold, "wordpress");
    awaitRelationWith(wordpressTold, "mysql");

    api.client.resources(Relation.class).inNamespace(NAMESPACE).withName("wordpress-db").delete();

    await().atMost(BOUND).until(() -> wordpressTold.last().equals(Optional.of(List.of())));
    // mysql keeps its peer relation alone
    await()
        .atMost(BOUND)
        .until(
            () ->
                mysqlTold.last().orElseThrow().stream()
                    .map(DeclaredRelation::endpoint)
                    .toList()
                    .equals(List.of("cluster")));
  }

  @Test
  void badSpecsGetAConditionSayingWhyAndBreakNothing() {
    Told wordpressTold = new Told();
    ClusterRelations mysql = operate(MYSQL, new Told());
    operate(WORDPRESS, wordpressTold);
    relate("unknown", "wordpress:db", "postgresql");
    relate("ambiguous", "wordpress", "mysql");
    relate("malformed", "wordpress:db:x", "mysql");
    relate("one-end", "wordpress");

    await().atMost(BOUND).until(() -> reason("unknown").isPresent());
    assertThat(ready("unknown"))
        .isEqualTo(List.of("False", "ApplicationNotFound", "application \"postgresql\" not found"));
    await().atMost(BOUND).until(() -> reason("ambiguous").isPresent());
    assertThat(ready("ambiguous"))
        .isEqualTo(
            List.of(
                "False",
                "Ambiguous",
                "ambiguous relation: \"wordpress mysql\" could refer to"
                    + " \"wordpress:db mysql:db\"; \"wordpress:db mysql:db-admin\""));
    await().atMost(BOUND).until(() -> reason("malformed").isPresent());
    assertThat(ready("malformed"))
        .isEqualTo(List.of("False", "Malformed", "invalid endpoint \"wordpress:db:x\""));
    await().atMost(BOUND).until(() -> reason("one-end").isPresent());
    assertThat(reason("one-end")).hasValue("Malformed");
    assertThat(read("ambiguous").getStatus().relationId()).isNull();

    // and a good one still works beside them
    relate("good", "wordpress", "mysql:db-admin");
    long id = awaitRelationWith(wordpressTold, "mysql").id();
    publishTo(wordpressTold, mysql, side(id, "mysql", "mysql/0", "host", "h"));
    assertThat(wordpressTold.last().orElseThrow()).hasSize(1);
  }

  private Optional<String> reason(String relation) {
    RelationResourceStatus status = read(relation).getStatus();
    if (status == null || status.conditions() == null || status.conditions().isEmpty())
      return Optional.empty();
    return Optional.of(status.conditions().getFirst().reason());
  }

  private List<String> ready(String relation) {
    ApplicationCondition c = read(relation).getStatus().conditions().getFirst();
    return List.of(c.status(), c.reason(), c.message());
  }

  private ConfigMap configMap(String name) {
    return api.client.configMaps().inNamespace(NAMESPACE).withName(name).get();
  }
}
