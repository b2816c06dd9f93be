package io.caasoperator.http.routes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.caasoperator.http.ListenerSettings;
import io.caasoperator.http.RunningListener;
import io.caasoperator.http.client.OperatorClient;
import io.caasoperator.persistence.JournalJson;
import io.caasoperator.persistence.secret.SecretOwner;
import io.caasoperator.secret.SecretCipher;
import io.caasoperator.secret.SecretStore;
import io.caasoperator.secret.Secrets;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.http.javadsl.server.Directives;
import org.apache.pekko.persistence.testkit.PersistenceTestKitPlugin;
import org.apache.pekko.persistence.testkit.PersistenceTestKitSnapshotPlugin;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code GET} of one secret, the application's ({@code /v1/secrets/<id|label>}) and the model's
 * ({@code /v1/model/secrets/<id|name>}), through a real listener in front of a real secret store:
 * found by id or name, its content only with {@code reveal=true}, a revision chosen by number.
 */
class SecretRoutesTest {
  private static final String ID = "d0j7ha3q1c4s73d2fa9g";
  private static final ObjectMapper JSON = JournalJson.mapper();

  static RunningListener listener;
  static OperatorClient client;

  @BeforeAll
  static void start() throws Exception {
    ActorTestKit testKit =
        ActorTestKit.create(
            PersistenceTestKitPlugin.getInstance()
                .config()
                .withFallback(PersistenceTestKitSnapshotPlugin.config())
                .withFallback(com.typesafe.config.ConfigFactory.load()));
    Secrets secrets = new Secrets(SecretCipher.withRandomKey(), () -> ID);
    testKit.spawn(SecretStore.create(SecretStore.ofModel("m"), secrets, Clock.systemUTC()));
    await().atMost(Duration.ofSeconds(10)).until(() -> secrets.store().isPresent());
    Duration ask = Duration.ofSeconds(5);
    listener =
        RunningListener.start(
            testKit,
            new ListenerSettings("127.0.0.1", 0, true, Optional.empty()),
            Directives.concat(
                new SecretRoutes(secrets, testKit.system(), JSON, ask).route(),
                new UserSecretRoutes(
                        secrets, SecretOwner.model("m"), () -> ID, testKit.system(), JSON, ask)
                    .route()));
    client = new OperatorClient(listener.url(), Optional.empty(), Optional.empty());
    assertThat(
            client
                .post(
                    "/v1/model/secrets",
                    "{\"action\": \"ADD\", \"key\": \"db-password\","
                        + " \"content\": {\"password\": \"first-4e1a\"}}")
                .statusCode())
        .isEqualTo(200);
    assertThat(
            client
                .post(
                    "/v1/model/secrets",
                    "{\"action\": \"UPDATE\", \"key\": \"db-password\","
                        + " \"content\": {\"password\": \"second-9c2b\"}}")
                .statusCode())
        .isEqualTo(200);
  }

  @AfterAll
  static void stop() throws Exception {
    client.close();
    listener.stop();
  }

  @Test
  void aModelSecretIsShownByNameItsContentOnlyWhenRevealedAndAtTheRevisionAsked() throws Exception {
    HttpResponse<String> hidden = client.get("/v1/model/secrets/db-password");
    assertThat(hidden.statusCode()).isEqualTo(200);
    assertThat(hidden.body()).contains(ID).doesNotContain("first-4e1a", "second-9c2b");

    HttpResponse<String> latest = client.get("/v1/model/secrets/db-password?reveal=true");
    assertThat(latest.statusCode()).isEqualTo(200);
    assertThat(latest.body()).contains("second-9c2b").doesNotContain("first-4e1a");

    HttpResponse<String> first = client.get("/v1/model/secrets/" + ID + "?reveal=true&revision=1");
    assertThat(first.statusCode()).isEqualTo(200);
    assertThat(first.body()).contains("first-4e1a").doesNotContain("second-9c2b");
  }

  @Test
  void aModelSecretsUnknownNameOrRevisionIsNotFoundAndABadRevisionABadRequest() throws Exception {
    assertThat(client.get("/v1/model/secrets/nope").statusCode()).isEqualTo(404);
    assertThat(client.get("/v1/model/secrets/db-password?revision=9").statusCode()).isEqualTo(404);
    HttpResponse<String> bad = client.get("/v1/model/secrets/db-password?revision=x");
    assertThat(bad.statusCode()).isEqualTo(400);
    assertThat(JSON.readTree(bad.body()).path("detail").asText())
        .isEqualTo("revision must be a positive integer");
  }

  @Test
  void aSecretIsShownByIdItsContentOnlyWhenRevealed() throws Exception {
    HttpResponse<String> hidden = client.get("/v1/secrets/" + ID);
    assertThat(hidden.statusCode()).isEqualTo(200);
    assertThat(hidden.body()).contains(ID).doesNotContain("second-9c2b");

    HttpResponse<String> revealed = client.get("/v1/secrets/" + ID + "?reveal=true");
    assertThat(revealed.statusCode()).isEqualTo(200);
    assertThat(revealed.body()).contains("second-9c2b");

    HttpResponse<String> unknown = client.get("/v1/secrets/nope");
    assertThat(unknown.statusCode()).isEqualTo(404);
    assertThat(JSON.readTree(unknown.body()).path("detail").asText())
        .isEqualTo("secret \"nope\" not found");
  }
}
