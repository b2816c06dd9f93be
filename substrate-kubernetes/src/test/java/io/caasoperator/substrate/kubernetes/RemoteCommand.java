package io.caasoperator.substrate.kubernetes;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

/**
 * Kubernetes' remote command protocol over WebSocket, as the API server speaks it for {@code
 * pods/exec}: every binary message starts with a channel byte (0 stdin, 1 stdout, 2 stderr, 3 the
 * error channel, which in v4 and later carries one {@code Status} as JSON when the command ends).
 * v5 adds a close signal: channel 255 with the number of the channel to close, so a client can end
 * the command's stdin without closing the connection; in v4 stdin ends only with the connection
 * (apimachinery {@code util/httpstream/wsstream/conn.go}; the status shape is the kubelet's, {@code
 * pkg/kubelet/cri/streaming/remotecommand/exec.go} {@code ServeExec}). Pure: framing only.
 */
public final class RemoteCommand {

  public static final String V4 = "v4.channel.k8s.io";
  public static final String V5 = "v5.channel.k8s.io";

  public static final byte STDIN = 0;
  public static final byte STDOUT = 1;
  public static final byte STDERR = 2;
  public static final byte ERROR = 3;
  public static final byte CLOSE = (byte) 255;

  private RemoteCommand() {}

  /**
   * The subprotocol the server picks from those the client offers, newest first; empty when it
   * offers none of v4 and v5 (this endpoint speaks no older version: they carry no exit code).
   */
  public static Optional<String> negotiate(List<String> offered) {
    if (offered.contains(V5)) return Optional.of(V5);
    if (offered.contains(V4)) return Optional.of(V4);
    return Optional.empty();
  }

  /** {@code data} as a message on {@code channel}. */
  public static byte[] frame(byte channel, byte[] data, int length) {
    byte[] frame = new byte[length + 1];
    frame[0] = channel;
    System.arraycopy(data, 0, frame, 1, length);
    return frame;
  }

  /** What a message from the client asks. */
  public sealed interface Incoming {
    /** Bytes for the command's standard input. */
    record Stdin(byte[] data) implements Incoming {}

    /** v5: end the command's standard input (end of file). */
    record CloseStdin() implements Incoming {}

    /**
     * Anything else (a resize on channel 4, a close of another channel): ignored, as the server
     * does.
     */
    record Ignored(int channel) implements Incoming {}
  }

  /** Reads one client message under {@code protocol}. */
  public static Incoming read(String protocol, byte[] message) {
    if (message.length == 0) return new Incoming.Ignored(-1);
    byte channel = message[0];
    if (channel == STDIN) {
      return new Incoming.Stdin(java.util.Arrays.copyOfRange(message, 1, message.length));
    }
    if (channel == CLOSE && V5.equals(protocol) && message.length == 2 && message[1] == STDIN) {
      return new Incoming.CloseStdin();
    }
    return new Incoming.Ignored(channel & 0xff);
  }

  /**
   * The status the error channel carries when the command ended with {@code exitCode}: {@code
   * Success}, or a {@code Failure} with reason {@code NonZeroExitCode} whose cause {@code ExitCode}
   * holds the code (a cause's {@code type} is serialised as {@code reason}).
   */
  public static byte[] status(int exitCode) {
    String json =
        exitCode == 0
            ? "{\"metadata\":{},\"status\":\"Success\"}"
            : ("{\"metadata\":{},\"status\":\"Failure\",\"message\":\"command terminated with"
                    + " non-zero exit code: exit status %d\",\"reason\":\"NonZeroExitCode\","
                    + "\"details\":{\"causes\":[{\"reason\":\"ExitCode\",\"message\":\"%d\"}]}}")
                .formatted(exitCode, exitCode);
    return json.getBytes(StandardCharsets.UTF_8);
  }
}
