package io.caasoperator.http.routes;

import static io.caasoperator.http.routes.AdminListener.json;
import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.domain.UnitId;
import io.caasoperator.http.ListenerSettings;
import io.caasoperator.http.RunningListener;
import io.caasoperator.http.client.OperatorClient;
import io.caasoperator.pebble.services.LogEntry;
import io.caasoperator.persistence.JournalJson;
import io.caasoperator.workload.ContainerView;
import io.caasoperator.workload.UnitContainers;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The containers' routes under {@code /v1/units/{app}/{n}}, for a process whose Pebbles know no
 * container.
 */
class ContainerRoutesTest {
  private static RunningListener listener;

  @BeforeAll
  static void start() throws Exception {
    ActorTestKit testKit = ActorTestKit.create();
    UnitContainers none =
        new UnitContainers() {
          @Override
          public CompletionStage<List<ContainerView>> views(UnitId unit) {
            return CompletableFuture.completedFuture(List.of());
          }

          @Override
          public CompletionStage<Optional<List<LogEntry>>> logs(
              UnitId unit, String container, Optional<String> service, int lines) {
            return CompletableFuture.completedFuture(Optional.empty());
          }
        };
    listener =
        RunningListener.start(
            testKit,
            new ListenerSettings("127.0.0.1", 0, true, Optional.empty()),
            new ContainerRoutes(none, JournalJson.mapper()).route());
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
