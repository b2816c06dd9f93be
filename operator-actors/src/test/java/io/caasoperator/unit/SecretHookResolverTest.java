package io.caasoperator.unit;

import static io.caasoperator.unit.UnitStates.AT;
import static io.caasoperator.unit.UnitStates.completed;
import static io.caasoperator.unit.UnitStates.started;
import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.persistence.HookKind;
import io.caasoperator.persistence.PlannedHook;
import io.caasoperator.persistence.UnitEvent.LeadershipAssigned;
import io.caasoperator.persistence.UnitEvent.SecretTriggerObserved;
import io.caasoperator.persistence.UnitState;
import io.caasoperator.persistence.secret.SecretOwner;
import io.caasoperator.persistence.secret.SecretTrigger;
import org.junit.jupiter.api.Test;

/** Secret hooks on their owner, oldest trigger first; an application's only on its leader. */
class SecretHookResolverTest {
  private static final SecretTrigger APP_EXPIRED =
      new SecretTrigger(HookKind.SECRET_EXPIRED, "s1", SecretOwner.application("a"), "", 1, AT);
  private static final SecretTrigger OWN_ROTATE =
      new SecretTrigger(HookKind.SECRET_ROTATE, "s2", SecretOwner.unit("a/0"), "mine", 3, AT);

  @Test
  void theOldestTriggerRunsFirstAndEachOnceCarryingItsTrigger() {
    UnitState s =
        started(true)
            .apply(new SecretTriggerObserved(APP_EXPIRED, AT))
            .apply(new SecretTriggerObserved(OWN_ROTATE, AT));
    PlannedHook expired = SecretHookResolver.next(s).orElseThrow();
    assertThat(expired.name()).isEqualTo("secret-expired");
    assertThat(expired.secret()).isEqualTo(APP_EXPIRED);
    s = completed(s, expired);
    PlannedHook rotate = SecretHookResolver.next(s).orElseThrow();
    assertThat(rotate.secret()).isEqualTo(OWN_ROTATE);
    assertThat(SecretHookResolver.next(completed(s, rotate))).isEmpty();
  }

  @Test
  void anApplicationsTriggerWaitsWhileTheUnitDoesNotLeadAndItsOwnDoNot() {
    UnitState s =
        started(false)
            .apply(new SecretTriggerObserved(APP_EXPIRED, AT))
            .apply(new SecretTriggerObserved(OWN_ROTATE, AT));
    assertThat(SecretHookResolver.next(s).map(PlannedHook::secret)).contains(OWN_ROTATE);
    UnitState leading = s.apply(new LeadershipAssigned(true, AT));
    assertThat(SecretHookResolver.next(leading).map(PlannedHook::secret)).contains(APP_EXPIRED);
  }
}
