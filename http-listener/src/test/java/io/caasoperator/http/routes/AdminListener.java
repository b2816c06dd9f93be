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
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.http.javadsl.server.Directives;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The admin routes over a real loopback listener in front of a stand-in operator, for route tests.
 * A test class registers it as a static {@code @RegisterExtension} field: before its tests it
 * starts a test kit, spawns the stand-in there and binds the listener; after them it stops both.
 */
final class AdminListener implements BeforeAllCallback, AfterAllCallback {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final AdminToken token;
  private final Function<ActorTestKit, ActorRef<OperatorActor.Command>> operator;
  private final Duration ask;
  private RunningListener listener;

  /**
   * @param token the admin token the routes require
   * @param operator spawns the stand-in operator in the listener's test kit
   * @param ask how long the routes wait for the operator's answer
   */
  AdminListener(
      AdminToken token,
      Function<ActorTestKit, ActorRef<OperatorActor.Command>> operator,
      Duration ask) {
    this.token = token;
    this.operator = operator;
    this.ask = ask;
  }

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    ActorTestKit testKit = ActorTestKit.create();
    var stand = operator.apply(testKit);
    var json = JournalJson.mapper();
    var route =
        ApiRoutes.of(
            token,
            new StatusRoutes(stand, testKit.system(), json, ask),
            new UnitRoutes(stand, testKit.system(), json, ask, Duration.ofMinutes(5)),
            Directives.reject());
    listener =
        RunningListener.start(
            testKit, new ListenerSettings("127.0.0.1", 0, true, Optional.empty()), route);
  }

  /** Stops the listener, then the test kit it was started in. */
  @Override
  public void afterAll(ExtensionContext context) throws Exception {
    listener.stop();
  }

  /** The test kit the stand-in operator and the listener run in. */
  ActorTestKit testKit() {
    return listener.testKit();
  }

  URI url() {
    return listener.url();
  }

  /** A client with the admin token. */
  OperatorClient admin() {
    return new OperatorClient(url(), Optional.empty(), Optional.of(token.value()));
  }

  /** A client without a token, as Kubernetes probes and Prometheus scrapers call. */
  OperatorClient anonymous() {
    return new OperatorClient(url(), Optional.empty(), Optional.empty());
  }

  /**
   * A stand-in operator that records each command in {@code received}, then answers it as {@code
   * answer} says (a command it does not answer times the route's ask out).
   */
  static ActorRef<OperatorActor.Command> recording(
      ActorTestKit testKit,
      List<OperatorActor.Command> received,
      Consumer<OperatorActor.Command> answer) {
    return testKit.spawn(
        Behaviors.receive(OperatorActor.Command.class)
            .onMessage(
                OperatorActor.Command.class,
                command -> {
                  received.add(command);
                  answer.accept(command);
                  return Behaviors.same();
                })
            .build());
  }

  static JsonNode json(HttpResponse<String> response) throws IOException {
    return JSON.readTree(response.body());
  }
}
