package io.caasoperator.pebble.exec;

import java.util.Optional;

/**
 * What the API needs to connect an execution's websockets, without exposing the execution's
 * internals.
 */
public final class ExecSockets {
  private ExecSockets() {}

  /** Why {@code wsId} cannot connect ("cannot find ..." for an unknown one), empty when it may. */
  public static Optional<String> refusal(Execution execution, String wsId, String taskId) {
    return execution
        .mayConnect(wsId)
        .map(
            r ->
                switch (r) {
                  case UNKNOWN -> "cannot find " + wsId + " websocket for task \"" + taskId + "\"";
                  case ALREADY_CONNECTED -> wsId + " websocket already connected";
                });
  }

  /** The Jetty endpoint of one websocket. */
  public static Object socket(Execution execution, String wsId) {
    return execution.socket(wsId);
  }
}
