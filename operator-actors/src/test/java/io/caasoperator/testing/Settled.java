package io.caasoperator.testing;

import io.caasoperator.domain.UnitId;
import io.caasoperator.operator.ApplicationView;
import io.caasoperator.operator.OperatorActor;
import io.caasoperator.persistence.UnitState;
import io.caasoperator.unit.ResolveReply;
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

  /**
   * The operator's status once it and its units {@code units} have settled: a round trip through
   * the operator to each unit (a resolve of nothing, answered by the unit after all it had), then
   * the operator's status, until two statuses in a row are the same. A unit reports every change to
   * the operator before it answers a later request, so an unchanged status means that no unit
   * changed in between, and, as for {@link #unit}, none has a step left to take.
   */
  public static ApplicationView operator(
      ActorTestKit kit, ActorRef<OperatorActor.Command> operator, UnitId... units) {
    TestProbe<ResolveReply> resolved = kit.createTestProbe();
    TestProbe<ApplicationView> status = kit.createTestProbe();
    operator.tell(new OperatorActor.GetStatus(status.ref()));
    ApplicationView before = status.receiveMessage();
    for (int asked = 1; asked < 100; asked++) {
      for (UnitId unit : units) {
        operator.tell(new OperatorActor.ResolveUnit(unit, false, resolved.ref()));
        resolved.receiveMessage();
      }
      operator.tell(new OperatorActor.GetStatus(status.ref()));
      ApplicationView now = status.receiveMessage();
      if (now.equals(before)) return now;
      before = now;
    }
    throw new AssertionError("the operator never settled; last status " + before);
  }
}
