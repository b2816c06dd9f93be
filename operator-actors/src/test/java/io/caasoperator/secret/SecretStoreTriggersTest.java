package io.caasoperator.secret;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.persistence.HookKind;
import io.caasoperator.persistence.secret.SecretOwner;
import io.caasoperator.persistence.secret.SecretTrigger;
import io.caasoperator.persistence.secret.SecretsState;
import io.caasoperator.testing.InMemoryJournal;
import io.caasoperator.testing.TestClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.ManualTime;
import org.apache.pekko.actor.testkit.typed.javadsl.TestProbe;
import org.apache.pekko.actor.typed.ActorRef;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

/**
 * The store hands due secret hooks to their owners on its timer (time from {@link ManualTime} and a
 * clock moved with it), records a completed hook so it is not due again, and after a restart hands
 * out what is still due, nothing that completed.
 */
class SecretStoreTriggersTest {
  @AutoClose("shutdownTestKit")
  private static final ActorTestKit testKit = ActorTestKit.create(InMemoryJournal.withManualTime());

  private static final ManualTime time = ManualTime.get(testKit.system());
  private static final AtomicInteger apps = new AtomicInteger();
  private static final SecretCipher CIPHER = SecretCipher.withRandomKey();
  private static final String ID = "d0j7ha3q1c4s73d2fa9g";
  private static final Instant T0 = Instant.parse("2026-11-23T10:00:00Z");

  /** Moves the clock the store reads along with the scheduler's manual time. */
  private static void pass(TestClock clock, Duration d) {
    clock.advance(d);
    time.timePasses(d);
  }

  private static SecretChange.Added hourly(String owner) {
    return new SecretChange.Added(
        ID,
        owner.contains("/") ? SecretOwner.unit(owner) : SecretOwner.application(owner),
        new SecretSettings(
            "token", null, null, "hourly", T0.plus(Duration.ofHours(1)), Map.of("token", "t0k3n")));
  }

  /**
   * Returns once the store has taken in all that came before (a recovery, a timer that moved time
   * fired) and handed out what it found due: it hands triggers to their owners while it handles a
   * message, and a state request is answered after everything before it.
   */
  private static void looked(ActorRef<SecretStore.Command> store) {
    TestProbe<SecretsState> state = testKit.createTestProbe();
    store.tell(new SecretStore.GetState(state.ref()));
    state.receiveMessage();
  }

  private static Consumer<SecretTrigger> to(TestProbe<SecretTrigger> probe) {
    ActorRef<SecretTrigger> ref = probe.getRef();
    return ref::tell;
  }

  @Test
  void theLeaderGetsARotationAtItsTimeAndAgainFiveMinutesAfterOneThatMadeNoRevision() {
    String app = "app" + apps.incrementAndGet();
    TestClock clock = new TestClock(T0);
    Secrets secrets = new Secrets(CIPHER, () -> ID);
    TestProbe<SecretTrigger> leader = testKit.createTestProbe();
    TestProbe<SecretTrigger> follower = testKit.createTestProbe();
    secrets.owner(app + "/0", true, to(leader));
    secrets.owner(app + "/1", false, to(follower));
    ActorRef<SecretStore.Command> store = testKit.spawn(SecretStore.create(app, secrets, clock));
    TestProbe<SecretStore.Committed> committed = testKit.createTestProbe();
    store.tell(new SecretStore.Commit(app + "/0", List.of(hourly(app)), committed.getRef()));
    committed.receiveMessage();

    pass(clock, Duration.ofMinutes(59));
    looked(store);
    leader.expectNoMessage(Duration.ZERO);
    pass(clock, Duration.ofMinutes(1));
    SecretTrigger rotate = leader.receiveMessage();
    assertThat(rotate)
        .isEqualTo(
            new SecretTrigger(
                HookKind.SECRET_ROTATE,
                ID,
                SecretOwner.application(app),
                "token",
                1,
                T0.plus(Duration.ofHours(1))));
    looked(store);
    follower.expectNoMessage(Duration.ZERO);

    // the leader's secret-rotate hook completed without a new revision
    store.tell(new SecretStore.Commit(app + "/0", List.of(), List.of(rotate), committed.getRef()));
    assertThat(committed.receiveMessage().events()).isOne();
    pass(clock, Duration.ofMinutes(4));
    looked(store);
    leader.expectNoMessage(Duration.ZERO);
    pass(clock, Duration.ofMinutes(1));
    assertThat(leader.receiveMessage().due()).isEqualTo(T0.plus(Duration.ofMinutes(65)));

    // leadership moves: the new leader hears of what is due now
    secrets.owner(app + "/1", true, to(follower));
    assertThat(follower.receiveMessage().kind()).isEqualTo(HookKind.SECRET_ROTATE);
  }

  @Test
  void aRestartedStoreHandsOutWhatIsStillDueAndNothingThatCompleted() {
    String app = "app" + apps.incrementAndGet();
    String unit = app + "/0";
    TestClock clock = new TestClock(T0);
    Secrets secrets = new Secrets(CIPHER, () -> ID);
    TestProbe<SecretTrigger> owner = testKit.createTestProbe();
    secrets.owner(unit, false, to(owner));
    ActorRef<SecretStore.Command> store = testKit.spawn(SecretStore.create(app, secrets, clock));
    TestProbe<SecretStore.Committed> committed = testKit.createTestProbe();
    store.tell(
        new SecretStore.Commit(
            unit,
            List.of(
                hourly(unit),
                new SecretChange.Updated(
                    ID, new SecretSettings(null, null, null, null, null, Map.of("token", "2")))),
            committed.getRef()));
    committed.receiveMessage();
    pass(clock, Duration.ofHours(1));
    SecretTrigger rotate = owner.receiveMessage();
    assertThat(rotate.owner())
        .as("a unit's own secret goes to it")
        .isEqualTo(SecretOwner.unit(unit));

    testKit.stop(store);
    Secrets after = new Secrets(CIPHER, () -> ID);
    TestProbe<SecretTrigger> again = testKit.createTestProbe();
    after.owner(unit, false, to(again));
    ActorRef<SecretStore.Command> restarted = testKit.spawn(SecretStore.create(app, after, clock));
    assertThat(again.receiveMessage())
        .as("the same occurrence: the unit queues it once")
        .isEqualTo(rotate);

    restarted.tell(new SecretStore.Commit(unit, List.of(), List.of(rotate), committed.getRef()));
    committed.receiveMessage();
    testKit.stop(restarted);
    Secrets third = new Secrets(CIPHER, () -> ID);
    TestProbe<SecretTrigger> none = testKit.createTestProbe();
    third.owner(unit, false, to(none));
    looked(testKit.spawn(SecretStore.create(app, third, clock)));
    none.expectNoMessage(Duration.ZERO);
  }
}
