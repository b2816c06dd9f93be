package io.caasoperator.http.routes;

import static io.caasoperator.http.routes.AdminListener.json;
import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.http.ListenerSettings;
import io.caasoperator.http.RunningListener;
import io.caasoperator.http.client.OperatorClient;
import io.caasoperator.persistence.JournalJson;
import io.caasoperator.workload.Pebbles;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The containers' routes under {@code /v1/units/{app}/{n}}, with Pebbles that know none. */
class ContainerRoutesTest {
  private static RunningListener listener;

  @BeforeAll
  static void start() throws Exception {
    ActorTestKit testKit = ActorTestKit.create();
    var pebbles =
        testKit.spawn(
            Behaviors.receive(Pebbles.Command.class)
                .onMessage(
                    Pebbles.FindContainers.class,
                    find -> {
                      find.replyTo().tell(Map.of());
                      return Behaviors.same();
                    })
                .build());
    listener =
        RunningListener.start(
            testKit,
            new ListenerSettings("127.0.0.1", 0, true, Optional.empty()),
            new ContainerRoutes(
                    pebbles, testKit.system(), JournalJson.mapper(), Duration.ofSeconds(5))
                .route());
  }

  @AfterAll
  static void stop() throws Exception {
    listener.stop();
  }

  @Test
  void aUnitsContainersAreListedAndAPathThatNamesNoUnitIs400() throws Exception {
    try (var client = new OperatorClient(listener.url(), Optional.empty(), Optional.empty())) {
      var listed = client.get("/v1/units/hello/0/containers");
      assertThat(listed.statusCode()).isEqualTo(200);
      assertThat(json(listed).path("unit").asText()).isEqualTo("hello/0");
      assertThat(json(listed).path("containers").isEmpty()).isTrue();

      var notAUnit = client.get("/v1/units/hello/zero/containers");
      assertThat(notAUnit.statusCode()).isEqualTo(400);
      assertThat(json(notAUnit).path("error").asText()).isEqualTo("bad_request");

      assertThat(client.get("/v1/units/hello/0/elsewhere").statusCode()).isEqualTo(404);
    }
  }
}
