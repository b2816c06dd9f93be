package io.caasoperator.pebble.exec;

import java.nio.ByteBuffer;
import org.eclipse.jetty.websocket.api.Callback;
import org.eclipse.jetty.websocket.api.Session;
import org.slf4j.LoggerFactory;

/**
 * One of an execution's websockets ({@code control}, {@code stdio}, {@code stderr}) as Jetty sees
 * it; hands what arrives to the {@link Execution}.
 */
public final class ExecSocket implements Session.Listener.AutoDemanding {
  private final Execution execution;
  private final String id;

  ExecSocket(Execution execution, String id) {
    this.execution = execution;
    this.id = id;
  }

  @Override
  public void onWebSocketOpen(Session session) {
    execution.opened(id, session);
  }

  @Override
  public void onWebSocketText(String message) {
    execution.text(id, message);
  }

  @Override
  public void onWebSocketBinary(ByteBuffer payload, Callback callback) {
    byte[] bytes = new byte[payload.remaining()];
    payload.get(bytes);
    callback.succeed();
    execution.binary(id, bytes);
  }

  @Override
  public void onWebSocketError(Throwable cause) {
    // clients close their websockets without a close frame (ops calls shutdown()): nothing to
    // report
    LoggerFactory.getLogger(ExecSocket.class).debug("exec websocket {}: {}", id, cause.toString());
  }

  @Override
  public void onWebSocketClose(int statusCode, String reason) {
    execution.closed(id);
  }
}
