package io.caasoperator.substrate.local.workload;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * Asks a Pebble on its socket what ops asks first ({@code GET /v1/system-info}) and returns its
 * boot id: a container is ready for {@code <container>-pebble-ready} only once its Pebble answers
 * there, as Juju's uniter waits for the workload's Pebble ({@code worker/uniter/pebblepoller.go}
 * polls system-info and compares boot ids). Blocking: call it off actor threads.
 */
final class PebbleProbe {
  private static final ObjectMapper JSON = new ObjectMapper();

  private PebbleProbe() {}

  /**
   * @throws IOException when nothing answers, or the answer is not a Pebble's
   */
  static String bootId(Path socket) throws IOException {
    try (SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX)) {
      channel.connect(UnixDomainSocketAddress.of(socket));
      channel.write(
          ByteBuffer.wrap(
              ("GET /v1/system-info HTTP/1.0\r\nHost: localhost\r\n\r\n") // 1.0: no chunked body
                  .getBytes(StandardCharsets.US_ASCII)));
      String text =
          new String(Channels.newInputStream(channel).readAllBytes(), StandardCharsets.UTF_8);
      int body = text.indexOf("\r\n\r\n");
      if (!text.matches("(?s)HTTP/1\\.[01] 200 .*") || body < 0) {
        throw new IOException(
            "unexpected answer from " + socket + ": " + text.lines().findFirst().orElse(""));
      }
      JsonNode bootId = JSON.readTree(text.substring(body + 4)).path("result").path("boot-id");
      if (!bootId.isTextual() || bootId.asText().isEmpty())
        throw new IOException("no boot-id from " + socket);
      return bootId.asText();
    }
  }
}
