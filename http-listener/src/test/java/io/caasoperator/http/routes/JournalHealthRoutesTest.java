package io.caasoperator.http.routes;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.caasoperator.domain.Status;
import io.caasoperator.http.auth.AdminToken;
import io.caasoperator.operator.ApplicationView;
import io.caasoperator.operator.OperatorActor;
import io.caasoperator.persistence.JournalHealth;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * How the probes and {@code GET /v1/status} show a journal that cannot be written, with a stand-in
 * operator that answers or (as one restarting for its journal) does not.
 */
class JournalHealthRoutesTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final AdminToken TOKEN =
      new AdminToken("s3cret-admin-token-for-tests-only-0123456789");
  private static final AtomicBoolean answering = new AtomicBoolean(true);

  @RegisterExtension
  static final AdminListener listener =
      new AdminListener(TOKEN, JournalHealthRoutesTest::answeringWhenAsked, Duration.ofSeconds(1));

  /** A stand-in operator that answers the status while {@link #answering} says so. */
  private static ActorRef<OperatorActor.Command> answeringWhenAsked(ActorTestKit testKit) {
    return testKit.spawn(
        Behaviors.receive(OperatorActor.Command.class)
            .onMessage(
                OperatorActor.GetStatus.class,
                s -> {
                  if (answering.get()) {
                    s.replyTo()
                        .tell(
                            new ApplicationView(
                                "hello",
                                Status.of("active", "", Instant.EPOCH),
                                new ApplicationView.CharmView("hello", "/charms/hello", "ab", 1, 0),
                                1,
                                null,
                                "",
                                List.of(),
                                List.of()));
                  }
                  return Behaviors.same();
                })
            .build());
  }

  @AfterEach
  void journalBack() {
    answering.set(true);
    JournalHealth.get(listener.testKit().system()).recovered("unit|hello/0");
  }

  private static void journalDown() {
    JournalHealth.get(listener.testKit().system())
        .writeFailed(
            "unit|hello/0",
            new IllegalStateException(
                "pool timed out", new java.net.ConnectException("Connection refused")));
  }

  @Test
  void aWorkingJournalIsReadyAndShownInTheStatus() throws Exception {
    try (var client = listener.admin()) {
      assertThat(client.get("/readyz").statusCode()).isEqualTo(200);
      JsonNode journal = JSON.readTree(client.get("/v1/status").body()).path("journal");
      assertThat(journal.path("available").asBoolean()).isTrue();
      assertThat(journal.path("detail").asText()).isEqualTo("ok");
    }
  }

  @Test
  void anUnavailableJournalMakesTheOperatorNotReadyAndTheStatusSaysWhy() throws Exception {
    journalDown();
    try (var client = listener.admin()) {
      var ready = client.get("/readyz");
      assertThat(ready.statusCode()).isEqualTo(503);
      assertThat(JSON.readTree(ready.body()).path("status").asText()).isEqualTo("not ready");
      assertThat(JSON.readTree(ready.body()).path("journal").asText())
          .isEqualTo("unavailable: unit|hello/0 cannot write: Connection refused");
      var status = client.get("/v1/status");
      assertThat(status.statusCode()).isEqualTo(200);
      JsonNode journal = JSON.readTree(status.body()).path("journal");
      assertThat(journal.path("available").asBoolean()).isFalse();
      assertThat(journal.path("detail").asText())
          .isEqualTo("unit|hello/0 cannot write: Connection refused");
      assertThat(journal.path("since").asText()).isNotEmpty();
    }
  }

  @Test
  void anOperatorThatCannotAnswerForItsJournalGets503WithTheReasonOtherwise408() throws Exception {
    answering.set(false);
    try (var client = listener.admin()) {
      assertThat(client.get("/v1/status").statusCode())
          .as("journal fine, operator slow")
          .isEqualTo(408);
      journalDown();
      var status = client.get("/v1/status");
      assertThat(status.statusCode()).isEqualTo(503);
      JsonNode body = JSON.readTree(status.body());
      assertThat(body.path("error").asText()).isEqualTo("journal_unavailable");
      assertThat(body.path("detail").asText()).contains("Connection refused");
      assertThat(body.path("journal").path("available").asBoolean()).isFalse();
    }
  }
}
