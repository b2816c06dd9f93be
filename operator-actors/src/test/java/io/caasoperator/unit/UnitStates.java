package io.caasoperator.unit;

import io.caasoperator.domain.CharmAction;
import io.caasoperator.domain.CharmInfo;
import io.caasoperator.domain.CharmRef;
import io.caasoperator.domain.UnitId;
import io.caasoperator.persistence.PlannedHook;
import io.caasoperator.persistence.UnitEvent.CharmAssigned;
import io.caasoperator.persistence.UnitEvent.ConfigAssigned;
import io.caasoperator.persistence.UnitEvent.HookCompleted;
import io.caasoperator.persistence.UnitEvent.HookStarted;
import io.caasoperator.persistence.UnitEvent.LeadershipAssigned;
import io.caasoperator.persistence.UnitState;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Unit states for the hook-source tests, built through the unit's own events as its actor builds
 * them, so a source sees what it sees in a running operator.
 */
public final class UnitStates {
  private UnitStates() {}

  public static final Instant AT = Instant.EPOCH;

  /** The unit every source test looks at. */
  public static final UnitId UNIT = UnitId.of("a", 0);

  /** A charm of {@code generation} declaring the containers web and db, in that order. */
  public static CharmInfo charm(long generation) {
    return charm(generation, Map.of());
  }

  /** A charm of {@code generation} declaring the containers web and db and {@code actions}. */
  public static CharmInfo charm(long generation, Map<String, CharmAction> actions) {
    return new CharmInfo(
        generation,
        "c",
        new CharmRef("/c", null, generation, false),
        "c".repeat(64),
        List.of("web", "db"),
        Set.of(),
        true,
        Map.of(),
        actions,
        Map.of(),
        Map.of());
  }

  /** A new unit: charm 1, config 1, leading or not; nothing ran yet. */
  public static UnitState assigned(boolean leader) {
    return UnitState.initial(UNIT)
        .apply(new CharmAssigned(charm(1), AT))
        .apply(new ConfigAssigned(1, AT))
        .apply(new LeadershipAssigned(leader, AT));
  }

  /** A new unit that ran its start-up hooks and has nothing left to do. */
  public static UnitState started(boolean leader) {
    return settled(assigned(leader));
  }

  /** {@code s} after {@code hook} started and completed. */
  public static UnitState completed(UnitState s, PlannedHook hook) {
    return s.apply(new HookStarted(hook, 1, "ctx", AT))
        .apply(new HookCompleted(hook.name(), 1, AT));
  }

  /** {@code s} after every hook the unit's resolver plans ran to completion, until it waits. */
  public static UnitState settled(UnitState s) {
    for (int i = 0; i < 100; i++) {
      switch (UnitResolver.next(s, UnitResolver.Activity.IDLE)) {
        case UnitResolver.Next.Run run -> s = completed(s, run.hook());
        case UnitResolver.Next.Wait w -> {
          return s;
        }
        case UnitResolver.Next next -> throw new AssertionError("not a hook: " + next);
      }
    }
    throw new AssertionError("the unit never settles");
  }
}
