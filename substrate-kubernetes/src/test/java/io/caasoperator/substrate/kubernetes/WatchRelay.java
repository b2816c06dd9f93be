package io.caasoperator.substrate.kubernetes;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.eclipse.jetty.websocket.api.Callback;
import org.eclipse.jetty.websocket.api.Session;

/**
 * Relays one WebSocket (a watch: fabric8 watches over WebSocket) between a client of the front and
 * the mock API server behind it, message by message, in order, and closes each side when the other
 * closes. A message for a side that is not open yet (the store answers a watch at once, before the
 * client's upgrade completes) waits for it.
 */
final class WatchRelay {

  /** The client's side, to be returned from the upgrade. */
  final End client = new End();

  /** The store's side, to connect to the mock API server. */
  final End store = new End();

  private final Object lock = new Object();
  private boolean closed;

  /** One end of the relay. Public, as Jetty calls a listener's methods through method handles. */
  public final class End implements Session.Listener.AutoDemanding {
    private Session session;
    private final List<Object> waiting = new ArrayList<>();

    private End other() {
      return this == client ? store : client;
    }

    @Override
    public void onWebSocketOpen(Session opened) {
      synchronized (lock) {
        session = opened;
        waiting.forEach(message -> send(opened, message));
        waiting.clear();
        if (closed) opened.close(1000, "", Callback.NOOP);
      }
    }

    @Override
    public void onWebSocketText(String message) {
      other().deliver(message);
    }

    @Override
    public void onWebSocketBinary(ByteBuffer payload, Callback callback) {
      byte[] bytes = new byte[payload.remaining()];
      payload.get(bytes);
      other().deliver(bytes);
      callback.succeed();
    }

    @Override
    public void onWebSocketClose(int statusCode, String reason) {
      closeBoth();
    }

    @Override
    public void onWebSocketError(Throwable cause) {
      closeBoth();
    }

    private void deliver(Object message) {
      synchronized (lock) {
        if (session == null) waiting.add(message);
        else send(session, message);
      }
    }

    private void close() {
      if (session != null && session.isOpen()) session.close(1000, "", Callback.NOOP);
    }
  }

  private void closeBoth() {
    synchronized (lock) {
      closed = true;
      client.close();
      store.close();
    }
  }

  /** Sends and waits until written, so that messages keep their order. */
  private static void send(Session session, Object message) {
    CompletableFuture<Void> written = new CompletableFuture<>();
    Callback callback = Callback.from(() -> written.complete(null), written::completeExceptionally);
    if (message instanceof String text) session.sendText(text, callback);
    else session.sendBinary(ByteBuffer.wrap((byte[]) message), callback);
    try {
      written.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (ExecutionException e) {
      // that side went away; its close ends the relay
    }
  }
}
