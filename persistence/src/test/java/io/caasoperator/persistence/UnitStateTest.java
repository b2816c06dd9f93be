package io.caasoperator.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.domain.CharmInfo;
import io.caasoperator.domain.CharmRef;
import io.caasoperator.domain.Life;
import io.caasoperator.domain.Status;
import io.caasoperator.domain.UnitId;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class UnitStateTest {
  private static final Instant AT = Instant.parse("2026-11-22T10:00:00Z");
  private static final CharmInfo CHARM = new CharmInfo(1, "c", new CharmRef("/c", null, 0, false), "b".repeat(64),
      List.of(), Set.of(), false, Map.of());

  private static UnitState run(UnitState s, HookKind kind) {
    return s.apply(new UnitEvent.HookStarted(PlannedHook.of(kind, 1, 1), 1, "ctx", AT))
        .apply(new UnitEvent.HookCompleted(kind.label(), 1, AT));
  }

  @Test
  void aFailedHookShowsErrorAndSuccessRestoresTheWorkloadStatusTheCharmHadSet() {
    UnitState s = UnitState.initial(UnitId.of("a", 0)).apply(new UnitEvent.CharmAssigned(CHARM, AT))
        .apply(new UnitEvent.WorkloadStatusSet(Status.of("active", "ready", AT), AT))
        .apply(new UnitEvent.HookStarted(PlannedHook.of(HookKind.INSTALL, 1, 1), 1, "ctx", AT))
        .apply(new UnitEvent.HookFailed("install", 2, "exit status 2", 1, AT));
    assertThat(s.statuses().workload().toString()).isEqualTo("error: hook failed: \"install\"");
    assertThat(s.statuses().agent().value()).isEqualTo("error");
    assertThat(s.failed().attempt()).isEqualTo(1);
    s = s.apply(new UnitEvent.HookStarted(PlannedHook.of(HookKind.INSTALL, 1, 1), 2, "ctx2", AT))
        .apply(new UnitEvent.HookCompleted("install", 1, AT));
    assertThat(s.statuses().workload().toString()).isEqualTo("active: ready");
    assertThat(s.statuses().agent().value()).isEqualTo("idle");
    assertThat(s.failed()).isNull();
    assertThat(s.progress().installed()).isTrue();
  }

  @Test
  void theStatusTheCharmSetDuringARetryIsWhatShowsOnceTheRetrySucceeds() {
    UnitState s = UnitState.initial(UnitId.of("a", 0)).apply(new UnitEvent.CharmAssigned(CHARM, AT))
        .apply(new UnitEvent.WorkloadStatusSet(Status.of("blocked", "needs config", AT), AT))
        .apply(new UnitEvent.HookStarted(PlannedHook.of(HookKind.INSTALL, 1, 1), 1, "ctx", AT))
        .apply(new UnitEvent.HookFailed("install", 1, "exit status 1", 1, AT))
        .apply(new UnitEvent.HookStarted(PlannedHook.of(HookKind.INSTALL, 1, 1), 2, "ctx2", AT))
        .apply(new UnitEvent.WorkloadStatusSet(Status.of("active", "", AT), AT));
    assertThat(s.statuses().workload().toString()).as("while the retry runs").isEqualTo("error: hook failed: \"install\"");
    s = s.apply(new UnitEvent.HookCompleted("install", 1, AT));
    assertThat(s.statuses().workload().value()).isEqualTo("active");
  }

  @Test
  void upgradeCharmForcesConfigChangedAndRemoveMakesTheUnitDead() {
    UnitState s = UnitState.initial(UnitId.of("a", 0)).apply(new UnitEvent.CharmAssigned(CHARM, AT))
        .apply(new UnitEvent.ConfigAssigned(1, AT));
    s = run(run(s, HookKind.INSTALL), HookKind.CONFIG_CHANGED);
    assertThat(s.progress().configSeen()).isEqualTo(1);
    s = run(s, HookKind.UPGRADE_CHARM);
    assertThat(s.progress().configSeen()).isEqualTo(-1);
    s = s.apply(new UnitEvent.LifeAssigned(Life.DYING, AT));
    s = run(run(s, HookKind.STOP), HookKind.REMOVE);
    assertThat(s.isDead()).isTrue();
    assertThat(s.apply(new UnitEvent.Revived(AT))).isEqualTo(UnitState.initial(UnitId.of("a", 0)));
  }
}
