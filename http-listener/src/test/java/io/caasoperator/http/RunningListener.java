package io.caasoperator.http;

import java.net.URI;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.http.javadsl.ServerBinding;
import org.apache.pekko.http.javadsl.server.Route;

/**
 * A listener serving routes under test, bound in a test kit's actor system; {@link #stop} ends the
 * listener, then the test kit.
 */
public record RunningListener(ActorTestKit testKit, ServerBinding binding, URI url) {

  /** How long a bind may take on a loaded machine. */
  public static final Duration BIND_TIMEOUT = Duration.ofSeconds(10);

  /** Binds {@code route} as {@code settings} say, in {@code testKit}'s system. */
  public static RunningListener start(ActorTestKit testKit, ListenerSettings settings, Route route)
      throws Exception {
    ServerBinding binding = bind(testKit, settings, route);
    return new RunningListener(testKit, binding, settings.localUrl(binding.localAddress()));
  }

  /** A further binding in the same system, for tests that need a second listener. */
  public static ServerBinding bind(ActorTestKit testKit, ListenerSettings settings, Route route)
      throws Exception {
    return HttpListener.start(testKit.system(), settings, route)
        .toCompletableFuture()
        .get(BIND_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
  }

  public void stop() throws Exception {
    binding.terminate(Duration.ofSeconds(5)).toCompletableFuture().get();
    testKit.shutdownTestKit();
  }
}
