package io.caasoperator.secret;

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
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Secret hooks on their owner, oldest trigger first; an application's only on its leader. */
class SecretHookResolverTest {
  private static final SecretTrigger APP_EXPIRED =
      new SecretTrigger(HookKind.SECRET_EXPIRED, "s1", SecretOwner.application("a"), "", 1, AT);
  private static final SecretTrigger OWN_ROTATE =
      new SecretTrigger(HookKind.SECRET_ROTATE, "s2", SecretOwner.unit("a/0"), "mine", 3, AT);

  /** A started unit, leading or not, to which the application's trigger came before its own. */
  private static UnitState bothDue(boolean leader) {
    return started(leader)
        .apply(new SecretTriggerObserved(APP_EXPIRED, AT))
        .apply(new SecretTriggerObserved(OWN_ROTATE, AT));
  }

  @Test
  void theOldestTriggerRunsFirstAndEachOnceCarryingItsTrigger() {
    UnitState s = bothDue(true);
    List<PlannedHook> ran = new ArrayList<>();
    for (var hook = SecretHookResolver.next(s); hook.isPresent() && ran.size() < 5; ) {
      ran.add(hook.get());
      s = completed(s, hook.get());
      hook = SecretHookResolver.next(s);
    }
    assertThat(ran)
        .extracting(PlannedHook::name)
        .containsExactly("secret-expired", "secret-rotate");
    assertThat(ran.stream().map(h -> ((PlannedHook.Secret) h).trigger()))
        .containsExactly(APP_EXPIRED, OWN_ROTATE);
  }

  @Test
  void anApplicationsTriggerWaitsWhileTheUnitDoesNotLeadAndItsOwnDoNot() {
    UnitState s = bothDue(false);
    assertThat(SecretHookResolver.next(s).map(h -> ((PlannedHook.Secret) h).trigger()))
        .contains(OWN_ROTATE);
    UnitState leading = s.apply(new LeadershipAssigned(true, AT));
    assertThat(SecretHookResolver.next(leading).map(h -> ((PlannedHook.Secret) h).trigger()))
        .contains(APP_EXPIRED);
  }
}
