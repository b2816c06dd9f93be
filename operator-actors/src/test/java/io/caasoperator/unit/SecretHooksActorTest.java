package io.caasoperator.unit;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.domain.Life;
import io.caasoperator.domain.UnitId;
import io.caasoperator.persistence.HookKind;
import io.caasoperator.persistence.HookOutcome;
import io.caasoperator.persistence.UnitState;
import io.caasoperator.persistence.secret.SecretOwner;
import io.caasoperator.persistence.secret.SecretTrigger;
import io.caasoperator.persistence.secret.SecretsState;
import io.caasoperator.secret.SecretChange;
import io.caasoperator.secret.SecretCipher;
import io.caasoperator.secret.SecretSchedule;
import io.caasoperator.secret.SecretSettings;
import io.caasoperator.secret.SecretStore;
import io.caasoperator.secret.Secrets;
import io.caasoperator.testing.InMemoryJournal;
import io.caasoperator.testing.ScriptedExecutor;
import io.caasoperator.testing.Settled;
import io.caasoperator.testing.TestUnits;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.FishingOutcomes;
import org.apache.pekko.actor.testkit.typed.javadsl.TestProbe;
import org.apache.pekko.actor.typed.ActorRef;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A unit and the secret store together: the store hands the leader an expired revision's hook,
 * which runs once with the secret in its environment, and its completion is recorded with the
 * secret, so it is not due again until Juju's retry delay; a follower never runs it.
 */
class SecretHooksActorTest {
  @AutoClose("shutdownTestKit")
  private static final ActorTestKit testKit = ActorTestKit.create(InMemoryJournal.config());

  private static final AtomicInteger ids = new AtomicInteger();
  private static final Instant T0 = Instant.parse("2026-11-23T10:00:00Z");
  private static final String ID = "d0j7ha3q1c4s73d2fa9g";
  private static final Set<String> HOOKS =
      TestUnits.lifecycleHooksAnd("secret-expired", "secret-rotate", "secret-remove");

  private final Path data = Path.of("target", "secret-hooks-actor-test");
  private ScriptedExecutor executor;
  private Secrets secrets;
  private UnitDependencies deps;
  private String app;

  @BeforeEach
  void setUp() {
    executor = new ScriptedExecutor();
    app = "app" + ids.incrementAndGet();
    secrets = new Secrets(SecretCipher.withRandomKey(), () -> ID);
    UnitDependencies d = TestUnits.dependencies(executor, data);
    deps = d.withSecrets(secrets);
  }

  /** What the unit reports to its operator. */
  private TestProbe<UnitActor.Report> operator;

  private ActorRef<UnitActor.Command> unit(int n, boolean leader) {
    operator = testKit.createTestProbe();
    ActorRef<UnitActor.Command> actor =
        testKit.spawn(UnitActor.create(UnitId.of(app, n), deps, operator.ref()));
    actor.tell(
        new UnitActor.Assign(
            new Desired(
                Life.ALIVE, TestUnits.charm(1, HOOKS), 1, leader, 0, Duration.ofMinutes(5))));
    return actor;
  }

  /** Unit {@code n}, through its start-up hooks (a follower's with leader-settings-changed). */
  private ActorRef<UnitActor.Command> started(int n, boolean leader) {
    ActorRef<UnitActor.Command> actor = unit(n, leader);
    String leadership = leader ? "leader-elected" : "leader-settings-changed";
    for (String hook : List.of("install", leadership, "config-changed", "start"))
      executor.complete(hook);
    return actor;
  }

  /** A store whose clock says the secret's revision 1 expired a minute ago. */
  private ActorRef<SecretStore.Command> storeWithExpiredSecret() {
    Clock clock = Clock.fixed(T0, ZoneOffset.UTC);
    ActorRef<SecretStore.Command> store = testKit.spawn(SecretStore.create(app, secrets, clock));
    TestProbe<SecretStore.Committed> committed = testKit.createTestProbe();
    store.tell(
        new SecretStore.Commit(
            app + "/0",
            List.of(
                new SecretChange.Added(
                    ID,
                    SecretOwner.application(app),
                    new SecretSettings(
                        "db",
                        null,
                        T0.minusSeconds(60),
                        null,
                        null,
                        Map.of("password", "s3cret")))),
            committed.getRef()));
    committed.receiveMessage();
    return store;
  }

  @Test
  void theLeaderRunsAnExpiredRevisionsHookOnceAfterStartAndTheStoreRecordsIt() {
    ActorRef<SecretStore.Command> store = storeWithExpiredSecret();
    ActorRef<UnitActor.Command> leader = started(0, true);
    var expired = executor.complete("secret-expired");
    assertThat(expired.invocation().environment())
        .containsEntry("JUJU_SECRET_ID", "secret:" + ID)
        .containsEntry("JUJU_SECRET_LABEL", "db")
        .containsEntry("JUJU_SECRET_REVISION", "1");
    // The unit journals the hook's completion only once the store has committed its outcome.
    awaitCompleted("secret-expired");

    TestProbe<SecretsState> state = testKit.createTestProbe();
    store.tell(new SecretStore.GetState(state.getRef()));
    SecretsState recorded = state.receiveMessage();
    assertThat(recorded.find(ID).orElseThrow().revision(1).orElseThrow().expiryRetry())
        .as("reported: again after Juju's ExpireRetryDelay unless the charm removes it")
        .isEqualTo(T0.plus(Duration.ofMinutes(5)));
    // Once: by the store's own schedule nothing is due any more at the store's time, and the
    // unit, having taken in whatever the store sent it before answering, starts nothing.
    assertThat(SecretSchedule.due(recorded, T0)).isEmpty();
    UnitState settled = Settled.unit(testKit, leader);
    assertThat(settled.observed().secretTriggers()).isEmpty();
    executor.expectNoHookStarted(settled.hooks());
  }

  /** Waits for the unit's report that {@code hook} completed and nothing runs. */
  private void awaitCompleted(String hook) {
    operator.fishForMessage(
        Duration.ofSeconds(5),
        report ->
            report instanceof UnitActor.Report.Changed changed
                    && hook.equals(changed.view().lastHook())
                    && HookOutcome.COMPLETED.label().equals(changed.view().lastHookOutcome())
                    && changed.view().runningHook() == null
                ? FishingOutcomes.complete()
                : FishingOutcomes.continueAndIgnore());
  }

  @Test
  void aFollowerNeverQueuesTheApplicationsSecretHooks() {
    storeWithExpiredSecret();
    ActorRef<UnitActor.Command> follower = started(1, false);
    follower.tell(
        new UnitActor.ObserveSecretTrigger(
            new SecretTrigger(
                HookKind.SECRET_EXPIRED, ID, SecretOwner.application(app), "db", 1, T0)));
    UnitState settled = Settled.unit(testKit, follower);
    assertThat(settled.observed().secretTriggers()).isEmpty();
    executor.expectNoHookStarted(settled.hooks());
  }

  @Test
  void aQueuedSecretHookWhoseSecretIsGoneIsSkipped() {
    storeWithExpiredSecret();
    ActorRef<UnitActor.Command> leader = started(0, true);
    executor.complete("secret-expired");
    awaitCompleted("secret-expired");
    leader.tell(
        new UnitActor.ObserveSecretTrigger(
            new SecretTrigger(
                HookKind.SECRET_ROTATE, "gone", SecretOwner.application(app), "old", 2, T0)));
    UnitState state = Settled.unit(testKit, leader);
    executor.expectNoHookStarted(state.hooks());
    assertThat(state.observed().secretTriggers()).as("dequeued").isEmpty();
    assertThat(state.hooks().last().name()).isEqualTo("secret-rotate");
    assertThat(state.hooks().last().outcome()).isEqualTo(HookOutcome.SKIPPED);
  }
}
