package io.caasoperator.persistence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.caasoperator.domain.CharmAction;
import io.caasoperator.domain.CharmInfo;
import io.caasoperator.domain.CharmRef;
import io.caasoperator.domain.CharmStorage;
import io.caasoperator.domain.ConfigOption;
import io.caasoperator.domain.UnitId;
import io.caasoperator.persistence.secret.SecretOwner;
import io.caasoperator.persistence.secret.SecretTrigger;
import java.io.NotSerializableException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class JournalSerializerTest {
  private final JournalSerializer serializer = new JournalSerializer();
  private static final Instant AT = Instant.parse("2026-11-22T10:15:30.123Z");
  private static final UnitId UNIT = UnitId.of("hello", 0);
  private static final CharmInfo CHARM =
      new CharmInfo(
          2,
          "hello",
          new CharmRef("/charms/hello", null, 3, false),
          "a".repeat(64),
          List.of("web"),
          Set.of("install", "start"),
          false,
          Map.of(
              "greeting",
              new ConfigOption(ConfigOption.Type.STRING, "hi", "what to say"),
              "port",
              new ConfigOption(ConfigOption.Type.INT, 8080, "")));

  private Object roundTrip(Object value) throws NotSerializableException {
    return serializer.fromBinary(serializer.toBinary(value), serializer.manifest(value));
  }

  @Test
  void everyEventTypeSurvivesARoundTripUnderItsStableName() throws Exception {
    List<JournalEvent> events = FixtureEvents.all();
    for (JournalEvent event : events) {
      assertThat(roundTrip(event)).as(serializer.manifest(event)).isEqualTo(event);
    }
    // RelationChange is a sealed group of four operator events, not an event itself
    assertThat(events)
        .hasSize(
            UnitEvent.class.getPermittedSubclasses().length
                + OperatorEvent.class.getPermittedSubclasses().length
                - 1
                + OperatorEvent.RelationChange.class.getPermittedSubclasses().length
                + WorkloadEvent.class.getPermittedSubclasses().length
                + io.caasoperator.persistence.secret.SecretEvent.class.getPermittedSubclasses()
                    .length
                + ModelEvent.class.getPermittedSubclasses().length);
    WorkloadState workload = FixtureEvents.workloadSnapshot();
    assertThat(roundTrip(workload)).isEqualTo(workload);
  }

  @Test
  void theJournalIsHumanReadableJson() {
    byte[] bytes =
        serializer.toBinary(new UnitEvent.HookFailed("install", 1, "exit status 1", 5, AT));
    assertThat(new String(bytes, StandardCharsets.UTF_8))
        .isEqualTo(
            "{\"hook\":\"install\",\"exitCode\":1,\"reason\":\"exit status 1\",\"durationMillis\":5,\"at\":\"2026-11-22T10:15:30.123Z\"}");
    assertThat(serializer.manifest(new UnitEvent.HookFailed("install", 1, "", 5, AT)))
        .isEqualTo("unit.HookFailed.v1");
  }

  @Test
  void snapshotsOfBothStatesSurviveARoundTrip() throws Exception {
    UnitState unit =
        UnitState.initial(UNIT)
            .apply(new UnitEvent.CharmAssigned(CHARM, AT))
            .apply(new UnitEvent.ContainerStartObserved("web", "s1", AT))
            .apply(new UnitEvent.HookStarted(PlannedHook.of(HookKind.INSTALL, 2, 0), 1, "ctx", AT))
            .apply(new UnitEvent.HookFailed("install", 1, "exit status 1", 3, AT))
            .apply(
                new UnitEvent.SecretTriggerObserved(
                    new SecretTrigger(
                        HookKind.SECRET_ROTATE,
                        "d0j7ha3q1c4s73d2fa9g",
                        SecretOwner.unit("hello/0"),
                        "",
                        1,
                        AT),
                    AT));
    assertThat(roundTrip(unit)).isEqualTo(unit);
    OperatorState operator =
        OperatorState.initial()
            .apply(new OperatorEvent.CharmDeployed(CHARM, AT))
            .apply(new OperatorEvent.ConfigChanged(Map.of("port", 9090), 1, AT))
            .apply(new OperatorEvent.UnitAdded(UNIT, AT))
            .apply(new OperatorEvent.UnitAdded(UnitId.of("hello", 10), AT))
            .apply(new OperatorEvent.LeaderElected(UNIT, AT));
    assertThat(roundTrip(operator)).isEqualTo(operator);
  }

  @Test
  void aCharmsActionsPeersAndStorageSurviveARoundTrip() throws Exception {
    CharmInfo charm =
        new CharmInfo(
            3,
            "db",
            new CharmRef("/charms/db", null, 1, false),
            "c".repeat(64),
            List.of("db"),
            Set.of(),
            true,
            Map.of(),
            Map.of(
                "snapshot",
                new CharmAction(
                    "Take a snapshot.",
                    "{\"type\":\"object\",\"properties\":{\"file\":{\"type\":\"string\"}},\"additionalProperties\":false}",
                    false,
                    false,
                    "")),
            Map.of("cluster", "db-peers"),
            Map.of("data", new CharmStorage("filesystem", "/var/lib/db")));

    var event = new OperatorEvent.CharmDeployed(charm, AT);

    assertThat(roundTrip(event)).isEqualTo(event);
    assertThat(roundTrip(UnitState.initial(UNIT).apply(new UnitEvent.CharmAssigned(charm, AT))))
        .isEqualTo(UnitState.initial(UNIT).apply(new UnitEvent.CharmAssigned(charm, AT)));
    // Every unit recovers its own copy of the record; the action schemas are held once.
    var first = (OperatorEvent.CharmDeployed) roundTrip(event);
    var second = (OperatorEvent.CharmDeployed) roundTrip(event);
    assertThat(second.charm().actions()).isSameAs(first.charm().actions());
  }

  @Test
  void aCharmRecordedBeforeActionsPeersAndStorageWereReadsWithNone() throws Exception {
    String v1 =
        """
        {"charm":{"generation":2,"name":"hello","ref":{"url":"/charms/hello","sha256":null,"modifiedVersion":3,
        "forceUpgrade":false},"sha256":"%s","containers":["web"],"hooks":["install"],"dispatch":false,
        "options":{}},"at":"2026-11-22T10:15:30.123Z"}"""
            .formatted("a".repeat(64));

    var event =
        (OperatorEvent.CharmDeployed)
            serializer.fromBinary(v1.getBytes(StandardCharsets.UTF_8), "operator.CharmDeployed.v1");

    assertThat(event.charm().actions()).isEmpty();
    assertThat(event.charm().peers()).isEmpty();
    assertThat(event.charm().storage()).isEmpty();
  }

  @Test
  void anUnknownTypeNameIsAClearError() {
    assertThatThrownBy(
            () -> serializer.fromBinary("{}".getBytes(StandardCharsets.UTF_8), "unit.Nonsense.v9"))
        .isInstanceOf(NotSerializableException.class)
        .hasMessageContaining("unit.Nonsense.v9");
  }
}
