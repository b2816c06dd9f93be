package io.caasoperator.http;

import static org.apache.pekko.http.javadsl.server.Directives.withSizeLimit;

import java.util.concurrent.CompletionStage;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.http.javadsl.ConnectionContext;
import org.apache.pekko.http.javadsl.Http;
import org.apache.pekko.http.javadsl.ServerBinding;
import org.apache.pekko.http.javadsl.ServerBuilder;
import org.apache.pekko.http.javadsl.server.Route;

/**
 * Binds the operator's routes: HTTPS with the listener certificate (or plain HTTP on loopback
 * when asked), every request body limited, every error answered as JSON.
 *
 * <p>Routes only ask actors; nothing here holds state, so the binding is the only thing to
 * unbind ({@link ServerBinding#unbind()} / {@code terminate}) on shutdown.
 */
public final class HttpListener {

    private HttpListener() {
    }

    /**
     * Starts listening. The stage completes with the binding once the socket is bound (its
     * {@code localAddress()} has the real port when {@code settings.port()} is 0) or fails when
     * the address is taken or not local.
     */
    public static CompletionStage<ServerBinding> start(ActorSystem<?> system, ListenerSettings settings, Route route) {
        Route sealed = JsonErrors.handleErrors(() -> withSizeLimit(settings.maxRequestBytes(), () -> route));
        ServerBuilder builder = Http.get(system).newServerAt(settings.host(), settings.port());
        if (settings.tls().isPresent()) {
            builder = builder.enableHttps(ConnectionContext.httpsServer(settings.tls().get().serverContext()));
        }
        return builder.bind(sealed);
    }
}
