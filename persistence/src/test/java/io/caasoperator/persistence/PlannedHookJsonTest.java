package io.caasoperator.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.caasoperator.persistence.secret.SecretOwner;
import io.caasoperator.persistence.secret.SecretTrigger;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A planned hook is journaled inside events, so each kind keeps the one flat JSON shape every
 * journal so far was written in, and reads back to the same hook.
 */
class PlannedHookJsonTest {
  private static final Instant AT = Instant.parse("2026-01-02T03:04:05Z");
  private final ObjectMapper mapper = JournalJson.mapper();

  /** Each hook's JSON as journals hold it (captured before the hook became one record per kind). */
  private static final Map<String, String> WIRE =
      Map.ofEntries(
          Map.entry(
              "lifecycle",
              "{\"kind\":\"install\",\"workload\":null,\"containerStart\":null,\"charmGeneration\":2,\"configGeneration\":5,\"storage\":null,\"relation\":null,\"leaderSettingsGeneration\":null,\"pebbleNotice\":null,\"secret\":null}"),
          Map.entry(
              "pebble-ready",
              "{\"kind\":\"pebble-ready\",\"workload\":\"web\",\"containerStart\":\"start-1\",\"charmGeneration\":2,\"configGeneration\":5,\"storage\":null,\"relation\":null,\"leaderSettingsGeneration\":null,\"pebbleNotice\":null,\"secret\":null}"),
          Map.entry(
              "storage",
              "{\"kind\":\"storage-attached\",\"workload\":null,\"containerStart\":null,\"charmGeneration\":2,\"configGeneration\":5,\"storage\":{\"id\":\"data/0\",\"kind\":\"filesystem\",\"location\":\"/srv/data\"},\"relation\":null,\"leaderSettingsGeneration\":null,\"pebbleNotice\":null,\"secret\":null}"),
          Map.entry(
              "relation",
              "{\"kind\":\"relation-changed\",\"workload\":null,\"containerStart\":null,\"charmGeneration\":2,\"configGeneration\":5,\"storage\":null,\"relation\":{\"relationId\":3,\"endpoint\":\"db\",\"remoteUnit\":\"pg/0\",\"remoteApplication\":\"pg\",\"departingUnit\":\"\",\"version\":7},\"leaderSettingsGeneration\":null,\"pebbleNotice\":null,\"secret\":null}"),
          Map.entry(
              "leader-settings",
              "{\"kind\":\"leader-settings-changed\",\"workload\":null,\"containerStart\":null,\"charmGeneration\":2,\"configGeneration\":5,\"storage\":null,\"relation\":null,\"leaderSettingsGeneration\":4,\"pebbleNotice\":null,\"secret\":null}"),
          Map.entry(
              "pebble-notice",
              "{\"kind\":\"pebble-custom-notice\",\"workload\":\"web\",\"containerStart\":null,\"charmGeneration\":2,\"configGeneration\":5,\"storage\":null,\"relation\":null,\"leaderSettingsGeneration\":null,\"pebbleNotice\":{\"kind\":\"pebble-custom-notice\",\"container\":\"web\",\"noticeId\":\"12\",\"noticeType\":\"custom\",\"noticeKey\":\"example.com/x\",\"checkName\":\"\",\"occurred\":\"2026-01-02T03:04:05Z\"},\"secret\":null}"),
          Map.entry(
              "secret",
              "{\"kind\":\"secret-rotate\",\"workload\":null,\"containerStart\":null,\"charmGeneration\":2,\"configGeneration\":5,\"storage\":null,\"relation\":null,\"leaderSettingsGeneration\":null,\"pebbleNotice\":null,\"secret\":{\"kind\":\"secret-rotate\",\"id\":\"secret:abc\",\"owner\":{\"kind\":\"APPLICATION\",\"name\":\"hello\"},\"label\":\"tls\",\"revision\":2,\"due\":\"2026-01-02T03:04:05Z\"}}"));

  private static Map<String, PlannedHook> hooks() {
    Map<String, PlannedHook> hooks = new LinkedHashMap<>();
    hooks.put("lifecycle", PlannedHook.of(HookKind.INSTALL, 2, 5));
    hooks.put("pebble-ready", PlannedHook.pebbleReady("web", "start-1", 2, 5));
    hooks.put(
        "storage",
        PlannedHook.storage(
            HookKind.STORAGE_ATTACHED,
            new UnitState.StorageInstance("data/0", "filesystem", "/srv/data"),
            2,
            5));
    hooks.put(
        "relation",
        PlannedHook.relation(
            HookKind.RELATION_CHANGED, new RelationHook(3, "db", "pg/0", "pg", "", 7), 2, 5));
    hooks.put("leader-settings", PlannedHook.leaderSettingsChanged(4, 2, 5));
    hooks.put(
        "pebble-notice",
        PlannedHook.pebble(
            new PebbleNotice(
                HookKind.PEBBLE_CUSTOM_NOTICE, "web", "12", "custom", "example.com/x", null, AT),
            2,
            5));
    hooks.put(
        "secret",
        PlannedHook.secret(
            new SecretTrigger(
                HookKind.SECRET_ROTATE,
                "secret:abc",
                new SecretOwner(SecretOwner.Kind.APPLICATION, "hello"),
                "tls",
                2,
                AT),
            2,
            5));
    return hooks;
  }

  @Test
  void eachKindOfHookWritesTheShapeJournalsAlwaysHeld() throws Exception {
    for (var e : hooks().entrySet()) {
      assertThat(mapper.writeValueAsString(e.getValue()))
          .as(e.getKey())
          .isEqualTo(WIRE.get(e.getKey()));
    }
  }

  @Test
  void eachKindOfHookReadsBackToTheHookItWasWrittenFrom() throws Exception {
    for (var e : hooks().entrySet()) {
      assertThat(mapper.readValue(WIRE.get(e.getKey()), PlannedHook.class))
          .as(e.getKey())
          .isEqualTo(e.getValue());
    }
  }

  @Test
  void aHookWrittenBeforeLaterFieldsExistedReads() throws Exception {
    assertThat(
            mapper.readValue(
                "{\"kind\":\"pebble-ready\",\"workload\":\"web\",\"containerStart\":\"start-1\","
                    + "\"charmGeneration\":2,\"configGeneration\":5}",
                PlannedHook.class))
        .isEqualTo(hooks().get("pebble-ready"));
    assertThat(
            mapper.readValue(
                "{\"kind\":\"leader-settings-changed\",\"workload\":null,\"containerStart\":null,"
                    + "\"charmGeneration\":2,\"configGeneration\":5}",
                PlannedHook.class))
        .as("leader-settings-changed journaled before it carried its settings' generation")
        .isEqualTo(PlannedHook.of(HookKind.LEADER_SETTINGS_CHANGED, 2, 5));
  }
}
