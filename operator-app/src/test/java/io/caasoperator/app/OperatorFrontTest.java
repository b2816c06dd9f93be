package io.caasoperator.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.operator.ApplicationView;
import io.caasoperator.operator.OperatorActor;
import java.time.Duration;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.TestProbe;
import org.apache.pekko.actor.typed.ActorRef;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

class OperatorFrontTest {
  private static final ActorTestKit kit = ActorTestKit.create();

  @AfterAll
  static void stop() {
    kit.shutdownTestKit();
  }

  @Test
  void aRequestSentBeforeTheOperatorStartsReachesItOnceItDoes() {
    ActorRef<Object> front = kit.spawn(OperatorFront.create());
    TestProbe<OperatorActor.Command> operator = kit.createTestProbe();
    TestProbe<ApplicationView> caller = kit.createTestProbe();

    front.tell(new OperatorActor.GetStatus(caller.getRef()));
    front.tell(new OperatorFront.Target(operator.getRef()));

    OperatorActor.GetStatus asked = operator.expectMessageClass(OperatorActor.GetStatus.class);
    assertThat(asked.replyTo()).isEqualTo(caller.getRef());
  }

  @Test
  void aRequestBetweenTermsIsDroppedNotHandedToTheNextTerm() {
    ActorRef<Object> front = kit.spawn(OperatorFront.create());
    TestProbe<OperatorActor.Command> first = kit.createTestProbe();
    TestProbe<OperatorActor.Command> second = kit.createTestProbe();
    TestProbe<ApplicationView> caller = kit.createTestProbe();

    front.tell(new OperatorFront.Target(first.getRef()));
    front.tell(new OperatorActor.GetStatus(caller.getRef()));
    first.expectMessageClass(OperatorActor.GetStatus.class);

    front.tell(new OperatorFront.Target(null)); // the term ended
    front.tell(new OperatorActor.GetStatus(caller.getRef()));
    front.tell(new OperatorFront.Target(second.getRef()));
    front.tell(new OperatorActor.Drain(kit.<org.apache.pekko.Done>createTestProbe().getRef()));

    // only what was sent during the second term reaches it: the front forwards in the order it
    // receives, at once, so the status request between the terms, had it been passed on to either,
    // would be in that one's mailbox before the Drain reached the second
    second.expectMessageClass(OperatorActor.Drain.class);
    second.expectNoMessage(Duration.ZERO);
    first.expectNoMessage(Duration.ZERO);
  }
}
