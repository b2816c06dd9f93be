package io.caasoperator.model.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.domain.ApplicationName;
import io.caasoperator.persistence.secret.SecretOwner;
import io.caasoperator.persistence.secret.SecretsState;
import io.caasoperator.secret.ConsumerAccess;
import io.caasoperator.secret.SecretChange;
import io.caasoperator.secret.SecretCipher;
import io.caasoperator.secret.SecretSettings;
import io.caasoperator.secret.SecretStore;
import io.caasoperator.secret.Secrets;
import io.caasoperator.secret.UserSecretRequest;
import io.caasoperator.secret.UserSecrets;
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
 * removed from the model takes its secrets with it (Juju's {@code deleteSecrets} on removal), and
 * the user secrets' grants to it.
 */
class SecretRelayTest {
  @AutoClose("shutdownTestKit")
  private static final ActorTestKit testKit = ActorTestKit.create(InMemoryJournal.config());

  private static final AtomicInteger apps = new AtomicInteger();

  /** A journal write's bound, loose for a loaded machine. */
  private static final Duration TIMEOUT = Duration.ofSeconds(10);

  private static final String DB_SECRET = "d0j7ha3q1c4s73d2fa9g";
  private static final String WP_SECRET = "d0j7ha3q1c4s73d2fb00";
  private static final String USER_SECRET = "d0j7ha3q1c4s73d2fb10";

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

    leave(dbName);

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

  /** The model's user secrets' store, joined to the relay as the operator joins it. */
  private ActorRef<SecretStore.Command> userSecrets(SecretOwner model, Secrets secrets) {
    secrets.joinModel(relay, relay, () -> relay.sourcePublished("user-secrets"));
    relay.add("user-secrets", secrets::offered);
    relay.grantsOf(model, secrets);
    return testKit.spawn(
        SecretStore.create(SecretStore.ofModel(model.name()), secrets, Clock.systemUTC()));
  }

  /**
   * Applies {@code juju add-secret} ({@code content}) or {@code juju grant-secret} ({@code
   * applications}) of {@code db-password} to the user secrets' store, as its route does.
   */
  private static void juju(
      ActorRef<SecretStore.Command> store,
      SecretOwner model,
      UserSecretRequest.Action action,
      Map<String, String> content,
      List<String> applications) {
    UserSecretRequest request =
        new UserSecretRequest(action, "db-password", null, null, content, null, applications, null);
    TestProbe<UserSecrets.Outcome> reply = testKit.createTestProbe();
    store.tell(
        new SecretStore.Decide(
            state -> UserSecrets.decide(state, model, request, () -> USER_SECRET),
            "juju",
            reply.getRef()));
    assertThat(reply.receiveMessage(TIMEOUT)).isInstanceOf(UserSecrets.Changed.class);
  }

  /** The relay's {@link SecretRelay#leave} of {@code application}, done. */
  private void leave(ApplicationName application) throws Exception {
    relay
        .leave(application, TIMEOUT, testKit.scheduler())
        .toCompletableFuture()
        .get(10, TimeUnit.SECONDS);
  }

  private static SecretsState stateOf(ActorRef<SecretStore.Command> store) {
    TestProbe<SecretsState> reply = testKit.createTestProbe();
    store.tell(new SecretStore.GetState(reply.getRef()));
    return reply.receiveMessage(TIMEOUT);
  }

  @Test
  void aRemovedApplicationsUserSecretGrantsAreRevokedAndOneDeployedUnderItsNameCannotRead()
      throws Exception {
    SecretOwner model = SecretOwner.model("m" + apps.incrementAndGet());
    SecretCipher cipher = SecretCipher.withRandomKey();
    ActorRef<SecretStore.Command> store = userSecrets(model, new Secrets(cipher, () -> "unused"));
    ApplicationName kvName = ApplicationName.of("kv" + apps.incrementAndGet());
    App kv = deploy(kvName);
    App web = deploy(ApplicationName.of("web" + apps.incrementAndGet()));
    juju(store, model, UserSecretRequest.Action.ADD, Map.of("password", "s3cret"), null);
    juju(
        store,
        model,
        UserSecretRequest.Action.GRANT,
        null,
        List.of(kvName.value(), web.name().value()));
    assertThat(
            ConsumerAccess.allowed(relay.find(USER_SECRET).orElseThrow(), kvName + "/0", Map.of()))
        .isTrue();

    leave(kvName);

    TestProbe<Void> watcher = testKit.createTestProbe();
    watcher.expectTerminated(kv.store(), TIMEOUT);
    SecretsState.Secret secret = stateOf(store).find(USER_SECRET).orElseThrow();
    assertThat(secret.grantedTo(kvName.value())).as("show-secret lists it no more").isFalse();
    assertThat(secret.grantedTo(web.name().value())).as("the others' grants stay").isTrue();

    deploy(kvName);
    assertThat(
            ConsumerAccess.allowed(relay.find(USER_SECRET).orElseThrow(), kvName + "/0", Map.of()))
        .as("an application deployed again under the name reads it not")
        .isFalse();
    assertThat(
            ConsumerAccess.allowed(
                relay.find(USER_SECRET).orElseThrow(), web.name() + "/0", Map.of()))
        .isTrue();

    testKit.stop(store, TIMEOUT);
    Secrets again = new Secrets(cipher, () -> "unused");
    again.joinModel(relay, relay, () -> {});
    ActorRef<SecretStore.Command> restarted =
        testKit.spawn(
            SecretStore.create(SecretStore.ofModel(model.name()), again, Clock.systemUTC()));
    assertThat(stateOf(restarted).find(USER_SECRET).orElseThrow().grantedTo(kvName.value()))
        .as("the revocation was journaled: a restart keeps it")
        .isFalse();
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
