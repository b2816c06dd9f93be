package io.caasoperator.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** The status table says when the journal is down, and says nothing about it otherwise. */
class StatusTableTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static String render(String journal) throws Exception {
    return StatusTable.render(
        JSON.readTree(
            """
        {"application": "hello", "status": {"value": "active", "message": ""}, "units": [],
         "journal": %s}"""
                .formatted(journal)));
  }

  @Test
  void anUnavailableJournalGetsALine() throws Exception {
    assertThat(
            render(
                """
        {"available": false, "detail": "unit|hello/0 cannot write: Connection refused", "since": "2026-11-22T10:15:30Z"}"""))
        .contains(
            "Journal  unavailable since 2026-11-22T10:15:30Z: unit|hello/0 cannot write: Connection refused");
  }

  @Test
  void anAvailableJournalGetsNone() throws Exception {
    assertThat(
            render(
                """
        {"available": true, "detail": "ok", "since": "2026-11-22T10:15:30Z"}"""))
        .doesNotContain("Journal");
  }

  @Test
  void peerRelationsGetATableOfTheirUnits() throws Exception {
    String table =
        StatusTable.render(
            JSON.readTree(
                """
        {"application": "db", "status": {"value": "active", "message": ""}, "units": [],
         "relations": [{"id": "cluster:0", "endpoint": "cluster", "interfaceName": "db-peers", "type": "peer",
                        "remoteApplication": "db", "units": ["db/0", "db/1"], "applicationData": {}, "unitData": {}}]}"""));
    assertThat(table)
        .contains("Relation   Interface  Type  Units\ncluster:0  db-peers   peer  db/0,db/1\n");
    assertThat(render("{}")).doesNotContain("Relation");
  }
}
