package io.caasoperator.http.routes;

import io.caasoperator.http.HttpListener;
import io.caasoperator.http.ListenerSettings;
import io.caasoperator.http.auth.AdminToken;
import io.caasoperator.operator.OperatorActor;
import io.caasoperator.persistence.JournalJson;
import java.net.URI;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.http.javadsl.ServerBinding;
import org.apache.pekko.http.javadsl.server.Directives;

/**
 * The admin routes over a real loopback listener in front of a stand-in operator, for route tests.
 */
record AdminListener(ServerBinding binding, URI url) {

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
    ListenerSettings settings = new ListenerSettings("127.0.0.1", 0, true, Optional.empty());
    ServerBinding binding =
        HttpListener.start(testKit.system(), settings, route)
            .toCompletableFuture()
            .get(10, TimeUnit.SECONDS);
    return new AdminListener(binding, settings.localUrl(binding.localAddress()));
  }

  void stop() throws Exception {
    binding.terminate(Duration.ofSeconds(5)).toCompletableFuture().get();
  }
}
