package io.caasoperator.secret;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.persistence.secret.SecretOwner;
import io.caasoperator.testing.H2JournalFile;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.apache.pekko.actor.testkit.typed.javadsl.TestProbe;
import org.apache.pekko.actor.typed.ActorRef;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A user secret's content ({@code juju add-secret}, {@code update-secret}) is encrypted at rest in
 * the model's journal ({@code secrets|model:<name>}), read where it rests: the H2 file's bytes. The
 * same scan finds its name, stored in clear, so a scan blind to the journal would fail there.
 */
class UserSecretsAtRestTest {
  private static final String ADDED = "user-plaintext-3e9a71";
  private static final String UPDATED = "user-plaintext-c05d22";
  private static final String NAME = "name-in-clear-9b1f";
  private static final SecretOwner MODEL = SecretOwner.model("m1");

  @TempDir Path dir;

  @Test
  void theModelsJournalHoldsTheSecretsNameButNeitherOfItsContents() throws Exception {
    String bytes =
        H2JournalFile.bytesAfter(
            dir.resolve("data"),
            kit -> {
              Secrets secrets = new Secrets(SecretCipher.withRandomKey(), () -> "unused");
              ActorRef<SecretStore.Command> store =
                  kit.spawn(
                      SecretStore.create(SecretStore.ofModel("m1"), secrets, Clock.systemUTC()));
              TestProbe<UserSecrets.Outcome> reply = kit.createTestProbe();
              store.tell(decide(add(), reply));
              UserSecrets.Changed added = reply.expectMessageClass(UserSecrets.Changed.class);
              store.tell(
                  decide(
                      new UserSecretRequest(
                          UserSecretRequest.Action.UPDATE,
                          added.id(),
                          null,
                          null,
                          Map.of("password", UPDATED),
                          null,
                          null,
                          null),
                      reply));
              reply.expectMessageClass(UserSecrets.Changed.class);
              store.tell(decide(add(), reply));
              assertThat(reply.receiveMessage())
                  .as("the store decides against what it journaled: the name is taken")
                  .isInstanceOf(UserSecrets.Refused.class);
              assertThat(secrets.book(List.of()).latestContent(added.id()))
                  .contains(Map.of("password", UPDATED));
            });

    assertThat(bytes).as("the name, stored in clear").contains(NAME);
    assertThat(bytes).as("the stream").contains("secrets|model:m1");
    assertThat(bytes).doesNotContain(ADDED).doesNotContain(UPDATED);
  }

  private static UserSecretRequest add() {
    return new UserSecretRequest(
        UserSecretRequest.Action.ADD,
        NAME,
        null,
        null,
        Map.of("password", ADDED),
        null,
        null,
        null);
  }

  private static SecretStore.Decide decide(
      UserSecretRequest request, TestProbe<UserSecrets.Outcome> reply) {
    return new SecretStore.Decide(
        state -> UserSecrets.decide(state, MODEL, request, new SecretIds(Clock.systemUTC())),
        "juju",
        reply.getRef());
  }
}
