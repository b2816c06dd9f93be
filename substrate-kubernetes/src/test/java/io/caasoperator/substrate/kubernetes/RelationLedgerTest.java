package io.caasoperator.substrate.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RelationLedgerTest {

  private static final RelationLedger.Wanted PEER =
      new RelationLedger.Wanted(RelationLedger.peerName("mysql", "cluster"), "mysql:cluster", "ha");
  private static final RelationLedger.Wanted DB =
      new RelationLedger.Wanted(
          RelationLedger.relationName("uid-1"), "wordpress:db mysql:db", "mysql");

  @Test
  void eachWantedRelationGetsTheNextIdOnceInTheOrderGiven() {
    RelationLedger ledger = RelationLedger.EMPTY.numbering(List.of(PEER, DB));
    assertThat(ledger.of(PEER.name())).hasValue(new RelationLedger.Entry(0, "mysql:cluster", "ha"));
    assertThat(ledger.of(DB.name()))
        .hasValue(new RelationLedger.Entry(1, "wordpress:db mysql:db", "mysql"));
    assertThat(ledger.next()).isEqualTo(2);
    assertThat(ledger.numbering(List.of(DB, PEER))).isEqualTo(ledger);
  }

  @Test
  void anIdIsNeverGivenAgainOnceItsEntryIsGone() {
    RelationLedger ledger = RelationLedger.EMPTY.numbering(List.of(DB));
    RelationLedger without = new RelationLedger(ledger.next(), Map.of());
    assertThat(without.numbering(List.of(DB)).of(DB.name()).orElseThrow().id()).isEqualTo(1);
  }

  @Test
  void itReadsBackWhatItWrites() {
    RelationLedger ledger = RelationLedger.EMPTY.numbering(List.of(PEER, DB));
    assertThat(RelationLedger.read(ledger.data())).isEqualTo(ledger);
    assertThat(ledger.data()).containsEntry("next", "2");
  }

  @Test
  void aHandEditedLedgerNeverGivesAnIdItHolds() {
    RelationLedger read =
        RelationLedger.read(
            Map.of(
                "next", "1",
                "relation.x", "{\"id\":7,\"key\":\"a:b c:d\",\"interfaceName\":\"i\"}",
                "relation.y", "not json"));
    assertThat(read.next()).isEqualTo(8);
    assertThat(read.entries()).containsOnlyKeys("relation.x");
    assertThat(RelationLedger.read(null)).isEqualTo(RelationLedger.EMPTY);
  }

  @Test
  void aMissingLedgerIsRebuiltAboveTheIdsStatusesShow() {
    RelationLedger rebuilt =
        RelationLedger.rebuilt(
            Map.of(DB.name(), new RelationLedger.Entry(4, "wordpress:db mysql:db", "mysql")));
    assertThat(rebuilt.next()).isEqualTo(5);
    assertThat(rebuilt.numbering(List.of(PEER)).of(PEER.name()).orElseThrow().id()).isEqualTo(5);
    assertThat(RelationLedger.rebuilt(Map.of()).next()).isZero();
  }
}
