package io.caasoperator.model.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.domain.ApplicationName;
import io.caasoperator.persistence.secret.SecretOwner;
import io.caasoperator.persistence.secret.SecretsState;
import io.caasoperator.secret.SecretChange;
import io.caasoperator.secret.SecretCipher;
import io.caasoperator.secret.SecretSettings;
import io.caasoperator.secret.SecretStore;
import io.caasoperator.secret.Secrets;
import io.caasoperator.testing.InMemoryJournal;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.TestProbe;
import org.apache.pekko.actor.typed.ActorRef;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

/**
 * Secrets across a model's applications, with real stores on the in-memory journal: an application
 * removed from the model takes its secrets with it (Juju's {@code deleteSecrets} on removal).
 */
class SecretRelayTest {
  @AutoClose("shutdownTestKit")
  private static final ActorTestKit testKit = ActorTestKit.create(InMemoryJournal.config());

  private static final AtomicInteger apps = new AtomicInteger();

  /** A journal write's bound, loose for a loaded machine. */
  private static final Duration TIMEOUT = Duration.ofSeconds(10);

  private static final String DB_SECRET = "d0j7ha3q1c4s73d2fa9g";
  private static final String WP_SECRET = "d0j7ha3q1c4s73d2fb00";

  private final SecretRelay relay = new SecretRelay();

  /** An application of the model: its secrets joined to the relay, its store running. */
  private record App(ApplicationName name, Secrets secrets, ActorRef<SecretStore.Command> store) {
    /** Commits {@code changes} as a completed hook of its unit 0 would. */
    void commit(SecretChange... changes) {
      TestProbe<SecretStore.Committed> committed = testKit.createTestProbe();
      store.tell(new SecretStore.Commit(name + "/0", List.of(changes), committed.getRef()));
      committed.receiveMessage(TIMEOUT);
    }

    SecretsState state() {
      TestProbe<SecretsState> reply = testKit.createTestProbe();
      store.tell(new SecretStore.GetState(reply.getRef()));
      return reply.receiveMessage(TIMEOUT);
    }
  }

  private App deploy(ApplicationName name) {
    return deploy(relay, name);
  }

  /**
   * {@code name} deployed in the model of {@code relay} (a process started again has a new one).
   */
  private static App deploy(SecretRelay relay, ApplicationName name) {
    Secrets secrets = new Secrets(SecretCipher.withRandomKey(), () -> "unused");
    relay.join(name, secrets);
    return new App(
        name, secrets, testKit.spawn(SecretStore.create(name.value(), secrets, Clock.systemUTC())));
  }

  private static SecretChange.Added added(String id, ApplicationName owner) {
    return new SecretChange.Added(
        id,
        SecretOwner.application(owner.value()),
        new SecretSettings("creds", null, null, null, null, Map.of("password", "one")));
  }

  @Test
  void aRemovedApplicationsSecretsLeaveWithItAndOneDeployedUnderItsNameStartsWithNone()
      throws Exception {
    ApplicationName dbName = ApplicationName.of("db" + apps.incrementAndGet());
    App db = deploy(dbName);
    App wp = deploy(ApplicationName.of("wp" + apps.incrementAndGet()));
    wp.commit(added(WP_SECRET, wp.name()));
    // db owns a secret, and its unit reads wp's
    db.commit(
        added(DB_SECRET, dbName), new SecretChange.Consumed(WP_SECRET, dbName + "/0", 1, "wp"));
    assertThat(relay.find(DB_SECRET)).isPresent();

    relay
        .leave(dbName, TIMEOUT, testKit.scheduler())
        .toCompletableFuture()
        .get(10, TimeUnit.SECONDS);

    TestProbe<Void> watcher = testKit.createTestProbe();
    watcher.expectTerminated(db.store(), TIMEOUT);
    assertThat(relay.find(DB_SECRET)).as("its consumers find it gone").isEmpty();
    assertThat(relay.find(WP_SECRET)).as("the other application's is kept").isPresent();
    assertThat(wp.state().find(WP_SECRET)).isPresent();

    App again = deploy(dbName);
    assertThat(again.state())
        .as("the removal was journaled: neither its secrets nor what its units read come back")
        .isEqualTo(SecretsState.EMPTY);
    assertThat(relay.find(DB_SECRET)).isEmpty();
  }

  @Test
  void aRemovalRedoneAfterAKillRemovesTheSecretsAndLeavingAgainIsHarmless() throws Exception {
    ApplicationName dbName = ApplicationName.of("db" + apps.incrementAndGet());
    App db = deploy(dbName);
    db.commit(added(DB_SECRET, dbName));
    // killed before its secrets' removal was journaled
    testKit.stop(db.store());

    // started again, the model still has it dying and removes it again: its store recovers the
    // secret and journals its removal
    SecretRelay restarted = new SecretRelay();
    App recovered = deploy(restarted, dbName);
    assertThat(recovered.state().find(DB_SECRET)).isPresent();
    leave(restarted, dbName);
    TestProbe<Void> watcher = testKit.createTestProbe();
    watcher.expectTerminated(recovered.store(), TIMEOUT);
    leave(restarted, dbName);

    // killed again before the model journaled the application's removal: removed once more
    SecretRelay again = new SecretRelay();
    App empty = deploy(again, dbName);
    assertThat(empty.state()).isEqualTo(SecretsState.EMPTY);
    leave(again, dbName);
    watcher.expectTerminated(empty.store(), TIMEOUT);
    assertThat(deploy(new SecretRelay(), dbName).state())
        .as("a later application of the name starts with none")
        .isEqualTo(SecretsState.EMPTY);
  }

  private static void leave(SecretRelay relay, ApplicationName application) throws Exception {
    relay
        .leave(application, TIMEOUT, testKit.scheduler())
        .toCompletableFuture()
        .get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
  }

  @Test
  void anApplicationThatNeverJoinedLeavesAtOnce() throws Exception {
    assertThat(
            relay
                .leave(ApplicationName.of("gone"), TIMEOUT, testKit.scheduler())
                .toCompletableFuture()
                .get(10, TimeUnit.SECONDS))
        .isNotNull();
  }
}
