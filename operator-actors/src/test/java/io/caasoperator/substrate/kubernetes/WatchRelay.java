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
 * closes. Messages from the store that arrive before the client's side is open wait for it.
 */
final class WatchRelay {

  private final Object lock = new Object();
  private final List<Object> early = new ArrayList<>();
  private Session client;
  private Session store;
  private boolean closed;

  /** The client's side, to be returned from the upgrade. */
  final ClientSide clientSide = new ClientSide();

  /** The store's side, to connect to the mock API server. */
  final StoreSide storeSide = new StoreSide();

  /** Public, as Jetty calls a listener's methods through method handles. */
  public final class ClientSide implements Session.Listener.AutoDemanding {
    @Override
    public void onWebSocketOpen(Session session) {
      synchronized (lock) {
        client = session;
        early.forEach(message -> send(session, message));
        early.clear();
        if (closed) session.close(1000, "", Callback.NOOP);
      }
    }

    @Override
    public void onWebSocketText(String message) {
      toStore(message);
    }

    @Override
    public void onWebSocketBinary(ByteBuffer payload, Callback callback) {
      toStore(copy(payload));
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
  }

  /** Public, as Jetty calls a listener's methods through method handles. */
  public final class StoreSide implements Session.Listener.AutoDemanding {
    @Override
    public void onWebSocketOpen(Session session) {
      synchronized (lock) {
        store = session;
      }
    }

    @Override
    public void onWebSocketText(String message) {
      toClient(message);
    }

    @Override
    public void onWebSocketBinary(ByteBuffer payload, Callback callback) {
      toClient(copy(payload));
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
  }

  private void toClient(Object message) {
    synchronized (lock) {
      if (client == null) early.add(message);
      else send(client, message);
    }
  }

  private void toStore(Object message) {
    synchronized (lock) {
      if (store != null) send(store, message);
    }
  }

  private void closeBoth() {
    synchronized (lock) {
      closed = true;
      if (client != null && client.isOpen()) client.close(1000, "", Callback.NOOP);
      if (store != null && store.isOpen()) store.close(1000, "", Callback.NOOP);
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
      // the side went away; its close ends the relay
    }
  }

  private static byte[] copy(ByteBuffer payload) {
    byte[] bytes = new byte[payload.remaining()];
    payload.get(bytes);
    return bytes;
  }
}
