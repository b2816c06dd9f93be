package io.caasoperator.secret;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.persistence.secret.SecretOwner;
import io.caasoperator.persistence.secret.SecretsState;
import io.caasoperator.testing.InMemoryJournal;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.TestProbe;
import org.apache.pekko.actor.typed.ActorRef;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

class SecretStoreTest {
  @AutoClose("shutdownTestKit")
  private static final ActorTestKit testKit = ActorTestKit.create(InMemoryJournal.config());

  private static final AtomicInteger apps = new AtomicInteger();
  private static final Clock CLOCK =
      Clock.fixed(Instant.parse("2026-11-23T10:00:00Z"), ZoneOffset.UTC);
  private static final SecretCipher CIPHER = SecretCipher.withRandomKey();
  private static final String ID = "d0j7ha3q1c4s73d2fa9g";

  private static SecretChange.Added added() {
    return new SecretChange.Added(
        ID,
        SecretOwner.application("app"),
        new SecretSettings("db", null, null, null, null, Map.of("password", "hunter22")));
  }

  @Test
  void aCommitIsPublishedBeforeItIsAnsweredAndARestartedStoreRecoversIt() {
    String app = "app" + apps.incrementAndGet();
    Secrets secrets = new Secrets(CIPHER, () -> ID);
    ActorRef<SecretStore.Command> store = testKit.spawn(SecretStore.create(app, secrets, CLOCK));
    TestProbe<SecretStore.Committed> committed = testKit.createTestProbe();

    store.tell(
        new SecretStore.Commit(
            "app/0",
            List.of(
                added(),
                new SecretChange.Updated(
                    ID,
                    new SecretSettings(
                        null, null, null, null, null, Map.of("password", "second")))),
            committed.getRef()));

    assertThat(committed.receiveMessage().events())
        .as("an add then a set in one hook is one new secret")
        .isEqualTo(1);
    assertThat(secrets.book(List.of()).latestContent(ID)).contains(Map.of("password", "second"));
    assertThat(secrets.book(List.of()).find(ID).orElseThrow().latestRevision()).isEqualTo(1);

    testKit.stop(store);
    Secrets recovered = new Secrets(CIPHER, () -> ID);
    ActorRef<SecretStore.Command> again = testKit.spawn(SecretStore.create(app, recovered, CLOCK));
    TestProbe<SecretsState> state = testKit.createTestProbe();
    again.tell(new SecretStore.GetState(state.getRef()));
    assertThat(state.receiveMessage().find(ID)).isPresent();
    assertThat(recovered.book(List.of()).latestContent(ID)).contains(Map.of("password", "second"));
  }

  @Test
  void changesToSecretsThatAreGoneCommitNothing() {
    Secrets secrets = new Secrets(CIPHER, () -> ID);
    ActorRef<SecretStore.Command> store =
        testKit.spawn(SecretStore.create("app" + apps.incrementAndGet(), secrets, CLOCK));
    TestProbe<SecretStore.Committed> committed = testKit.createTestProbe();

    store.tell(
        new SecretStore.Commit(
            "app/0",
            List.of(
                new SecretChange.Removed(ID, null),
                new SecretChange.Updated(
                    ID, new SecretSettings("x", null, null, null, null, null))),
            committed.getRef()));

    assertThat(committed.receiveMessage().events()).isZero();
  }

  @Test
  void withoutAStoreThereAreNoSecretTools() {
    assertThat(Secrets.NONE.book(List.of()).available()).isFalse();
  }
}
