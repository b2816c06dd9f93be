package io.caasoperator.http.routes;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.caasoperator.http.ListenerSettings;
import io.caasoperator.http.RunningListener;
import io.caasoperator.http.auth.AdminToken;
import io.caasoperator.http.client.OperatorClient;
import io.caasoperator.operator.OperatorActor;
import io.caasoperator.persistence.JournalJson;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.http.javadsl.server.Directives;

/**
 * The admin routes over a real loopback listener in front of a stand-in operator, for route tests.
 */
record AdminListener(RunningListener listener, AdminToken token) {
  private static final ObjectMapper JSON = new ObjectMapper();

  static AdminListener start(
      ActorTestKit testKit,
      AdminToken token,
      ActorRef<OperatorActor.Command> operator,
      Duration ask)
      throws Exception {
    var json = JournalJson.mapper();
    var route =
        ApiRoutes.of(
            token,
            new StatusRoutes(operator, testKit.system(), json, ask),
            new UnitRoutes(operator, testKit.system(), json, ask, Duration.ofMinutes(5)),
            Directives.reject());
    return new AdminListener(
        RunningListener.start(
            testKit, new ListenerSettings("127.0.0.1", 0, true, Optional.empty()), route),
        token);
  }

  URI url() {
    return listener.url();
  }

  /** A client with the admin token. */
  OperatorClient admin() {
    return new OperatorClient(url(), Optional.empty(), Optional.of(token.value()));
  }

  static JsonNode json(HttpResponse<String> response) throws IOException {
    return JSON.readTree(response.body());
  }

  /** Stops the listener, then the test kit it was started in. */
  void stop() throws Exception {
    listener.stop();
  }
}
