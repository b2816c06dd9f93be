package io.caasoperator.testing;

import io.caasoperator.persistence.UnitState;
import io.caasoperator.unit.UnitActor;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.TestProbe;
import org.apache.pekko.actor.typed.ActorRef;

/**
 * The positive signal a "nothing happens" assertion waits for, instead of a quiet window: the unit
 * actor has taken in everything sent to it so far and looked for its next step without finding one.
 *
 * <p>Why two equal replies prove it: a unit decides its next step either in the handler that
 * persisted (a hook's start is journaled, its process handed to the executor, before any command
 * that arrived meanwhile is answered) or in the {@code Advance} it sends itself after every
 * persisted change. A {@code GetState} is answered after all that came before it; if the state did
 * not change between two such answers, nothing was persisted in between, so no {@code Advance} is
 * left that could start anything, and a hook that was going to start has already reached the
 * executor. (What the test itself sends, or a timer it moves, is the test's doing.)
 *
 * <p>Not proof while the unit waits for another actor's answer: a hook whose process ended with
 * secret changes is journaled completed only once the secret store has committed them, and the unit
 * persists nothing meanwhile. Wait for that completion first (the unit's report).
 */
public final class Settled {
  private Settled() {}

  /** The unit's state once it has settled, as above; fails if it never does. */
  public static UnitState unit(ActorTestKit kit, ActorRef<UnitActor.Command> unit) {
    TestProbe<UnitState> probe = kit.createTestProbe();
    unit.tell(new UnitActor.GetState(probe.ref()));
    UnitState before = probe.receiveMessage();
    for (int asked = 1; asked < 100; asked++) {
      unit.tell(new UnitActor.GetState(probe.ref()));
      UnitState now = probe.receiveMessage();
      if (now.equals(before)) return now;
      before = now;
    }
    throw new AssertionError("the unit never settled; last state " + before);
  }
}
