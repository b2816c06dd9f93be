package io.caasoperator.substrate.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.domain.ApplicationName;
import io.caasoperator.model.CharmEndpoint;
import io.caasoperator.relation.DeclaredRelation;
import io.caasoperator.relation.RelationSide;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class RelationsPlanTest {

  private static final ApplicationName WORDPRESS = ApplicationName.of("wordpress");
  private static final ApplicationName MYSQL = ApplicationName.of("mysql");
  private static final RelationsPlan.RelationObject DB =
      new RelationsPlan.RelationObject(
          "wp-db", "uid-db", 1L, List.of("wordpress", "mysql:db"), null);
  private static final RelationSide MYSQL_SIDE =
      new RelationSide(
          1, "mysql", new TreeMap<>(Map.of("mysql/0", Map.of("host", "db"))), Map.of("u", "wp"));

  private static RelationsPlan.Seen seen(
      List<RelationsPlan.RelationObject> relations, Optional<RelationLedger> ledger) {
    return new RelationsPlan.Seen(
        relations, RelationJudgingTest.NAMESPACE, Map.of(MYSQL, Map.of(1L, MYSQL_SIDE)), ledger);
  }

  /** The ledger once mysql's operator numbered its peer and the relation. */
  private static RelationLedger numbered() {
    return new RelationsPlan(MYSQL)
        .next(seen(List.of(DB), Optional.of(RelationLedger.EMPTY)))
        .ledger()
        .orElseThrow();
  }

  @Test
  void anOperatorNumbersItsPeersThenTheRelationsNamingItAndDeclaresNothingUnnumbered() {
    RelationsPlan.Decided decided =
        new RelationsPlan(MYSQL).next(seen(List.of(DB), Optional.of(RelationLedger.EMPTY)));
    RelationLedger ledger = decided.ledger().orElseThrow();
    assertThat(ledger.of("peer.mysql.cluster").orElseThrow().id()).isZero();
    assertThat(ledger.of("relation.uid-db"))
        .hasValue(new RelationLedger.Entry(1, "wordpress:db mysql:db", "mysql"));
    assertThat(decided.declarations()).hasValue(List.of());
    assertThat(decided.statuses().get("wp-db").conditions())
        .singleElement()
        .satisfies(c -> assertThat(c.reason()).isEqualTo(RelationsPlan.NUMBERING));
  }

  @Test
  void bothEndsDeclareTheNumberedRelationWithOneIdAndTheOtherSide() {
    RelationLedger ledger = numbered();
    RelationsPlan.Decided wordpress =
        new RelationsPlan(WORDPRESS).next(seen(List.of(DB), Optional.of(ledger)));
    assertThat(wordpress.ledger()).isEmpty();
    assertThat(wordpress.declarations())
        .hasValue(List.of(new DeclaredRelation(1, "db", "mysql", "mysql", "db")));
    assertThat(wordpress.remoteSides()).containsExactly(MYSQL_SIDE);
    RelationResourceStatus status = wordpress.statuses().get("wp-db");
    assertThat(status.relationId()).isEqualTo(1);
    assertThat(status.key()).isEqualTo("wordpress:db mysql:db");
    assertThat(RelationConditions.only(status, "True", RelationsPlan.RELATED).observedGeneration())
        .isEqualTo(1L);

    RelationsPlan.Decided mysql =
        new RelationsPlan(MYSQL).next(seen(List.of(DB), Optional.of(ledger)));
    assertThat(mysql.declarations())
        .hasValue(
            List.of(
                new DeclaredRelation(0, "cluster", "mysql-ha", "mysql", "cluster"),
                new DeclaredRelation(1, "db", "mysql", "wordpress", "db")));
    assertThat(mysql.remoteSides()).isEmpty(); // wordpress published none yet
  }

  @Test
  void aStatusAlreadyShownIsNotWrittenAgain() {
    RelationLedger ledger = numbered();
    RelationResourceStatus shown =
        new RelationsPlan(WORDPRESS)
            .next(seen(List.of(DB), Optional.of(ledger)))
            .statuses()
            .get("wp-db");
    RelationsPlan.RelationObject written =
        new RelationsPlan.RelationObject(
            DB.name(), DB.uid(), DB.generation(), DB.endpoints(), stamped(shown));
    assertThat(
            new RelationsPlan(WORDPRESS)
                .next(seen(List.of(written), Optional.of(ledger)))
                .statuses())
        .isEmpty();
  }

  @Test
  void aDeletedRelationIsNoLongerDeclared() {
    RelationsPlan.Decided decided =
        new RelationsPlan(WORDPRESS).next(seen(List.of(), Optional.of(numbered())));
    assertThat(decided.declarations()).hasValue(List.of());
    assertThat(decided.remoteSides()).isEmpty();
  }

  @Test
  void nothingIsDeclaredBeforeTheApplicationsOwnEndpointsAreKnown() {
    Map<ApplicationName, List<CharmEndpoint>> withoutWordpress =
        new HashMap<>(RelationJudgingTest.NAMESPACE);
    withoutWordpress.remove(WORDPRESS);
    RelationsPlan.Decided decided =
        new RelationsPlan(WORDPRESS)
            .next(
                new RelationsPlan.Seen(
                    List.of(DB), withoutWordpress, Map.of(), Optional.of(numbered())));
    assertThat(decided.declarations()).isEmpty();
  }

  @Test
  void withoutALedgerItIsRebuiltFromStatusesAndNothingIsDeclared() {
    RelationsPlan.RelationObject shown =
        new RelationsPlan.RelationObject(
            "wp-db",
            "uid-db",
            1L,
            DB.endpoints(),
            new RelationResourceStatus(6L, "wordpress:db mysql:db", "mysql", 1L, List.of()));
    RelationsPlan.Decided decided =
        new RelationsPlan(MYSQL).next(seen(List.of(shown), Optional.empty()));
    RelationLedger rebuilt = decided.ledger().orElseThrow();
    assertThat(rebuilt.of("relation.uid-db").orElseThrow().id()).isEqualTo(6);
    assertThat(rebuilt.of("peer.mysql.cluster").orElseThrow().id()).isEqualTo(7);
    assertThat(decided.declarations()).isEmpty();
    assertThat(decided.statuses()).isEmpty();
  }

  @Test
  void aRefusedSpecIsExplainedByTheOperatorsOfTheApplicationsItNames() {
    RelationsPlan.RelationObject ambiguous =
        new RelationsPlan.RelationObject("wp", "uid-wp", 2L, List.of("wordpress", "mysql"), null);
    RelationsPlan.Decided decided =
        new RelationsPlan(WORDPRESS)
            .next(seen(List.of(ambiguous), Optional.of(RelationLedger.EMPTY)));
    assertThat(decided.ledger()).isEmpty(); // wordpress has no peers, and nothing to number
    assertThat(
            RelationConditions.only(
                    decided.statuses().get("wp"), "False", RelationJudging.AMBIGUOUS)
                .message())
        .startsWith("ambiguous relation: \"wordpress mysql\"");
    RelationsPlan.RelationObject elsewhere =
        new RelationsPlan.RelationObject("other", "uid-o", 1L, List.of("a", "b"), null);
    assertThat(
            new RelationsPlan(WORDPRESS)
                .next(seen(List.of(elsewhere), Optional.of(RelationLedger.EMPTY)))
                .statuses())
        .isEmpty();
    RelationsPlan.RelationObject malformed =
        new RelationsPlan.RelationObject("bad", "uid-b", 1L, List.of("a:b:c"), null);
    assertThat(
            new RelationsPlan(WORDPRESS)
                .next(seen(List.of(malformed), Optional.of(RelationLedger.EMPTY)))
                .statuses())
        .containsKey("bad");
  }

  @Test
  void anEditedSpecNeverMovesANumberedRelation() {
    RelationsPlan.RelationObject edited =
        new RelationsPlan.RelationObject(
            DB.name(), DB.uid(), 2L, List.of("wordpress", "mysql:db-admin"), null);
    RelationsPlan.Decided decided =
        new RelationsPlan(WORDPRESS).next(seen(List.of(edited), Optional.of(numbered())));
    assertThat(decided.declarations())
        .hasValue(List.of(new DeclaredRelation(1, "db", "mysql", "mysql", "db")));
    assertThat(
            RelationConditions.only(
                    decided.statuses().get("wp-db"), "True", RelationsPlan.ENDS_FIXED)
                .message())
        .contains("wordpress:db mysql:db-admin");
  }

  private static RelationResourceStatus stamped(RelationResourceStatus status) {
    return new RelationResourceStatus(
        status.relationId(),
        status.key(),
        status.interfaceName(),
        status.observedGeneration(),
        status.conditions().stream().map(c -> c.since("2026-11-27T23:00:00Z")).toList());
  }
}
