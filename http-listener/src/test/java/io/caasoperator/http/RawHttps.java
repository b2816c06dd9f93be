package io.caasoperator.http;

import io.caasoperator.http.client.OperatorClient;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;

/**
 * A TLS client that writes a request byte for byte, as no well-behaved client library would send it
 * (a 100 KB path, a made-up method, HTTP/3.0 on a text connection), and reads the whole answer
 * until the server closes the connection. Verifies the server's certificate against a CA file and a
 * host name, as {@code curl --cacert FILE https://HOST:PORT/} does, whatever address it connects
 * to.
 */
final class RawHttps {

  /** The answer: status, headers (names in lower case) and body. */
  record Answer(int status, Map<String, String> headers, String body) {}

  private static final int READ_TIMEOUT_MILLIS = 10_000;

  private RawHttps() {}

  /**
   * Connects to {@code address}, verifying the certificate names {@code host}; TLS handshake only.
   */
  static SSLSocket connect(InetSocketAddress address, Path caFile, String host) throws Exception {
    SSLContext context = OperatorClient.trusting(caFile);
    Socket plain = new Socket();
    plain.connect(address, READ_TIMEOUT_MILLIS);
    plain.setSoTimeout(READ_TIMEOUT_MILLIS);
    SSLSocket socket =
        (SSLSocket) context.getSocketFactory().createSocket(plain, host, address.getPort(), true);
    SSLParameters parameters = socket.getSSLParameters();
    parameters.setEndpointIdentificationAlgorithm("HTTPS");
    if (!host.contains(":") && !host.matches("[0-9.]+")) {
      parameters.setServerNames(List.of(new SNIHostName(host)));
    }
    socket.setSSLParameters(parameters);
    socket.startHandshake();
    return socket;
  }

  /** Sends {@code request} as it is and reads the answer until the server closes the connection. */
  static Answer send(InetSocketAddress address, Path caFile, String request) throws Exception {
    try (SSLSocket socket = connect(address, caFile, "127.0.0.1")) {
      socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
      socket.getOutputStream().flush();
      return parse(readAll(socket.getInputStream()));
    }
  }

  private static String readAll(InputStream in) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    byte[] buffer = new byte[8192];
    try {
      for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
        out.write(buffer, 0, n);
      }
    } catch (SocketTimeoutException e) {
      throw new AssertionError(
          "the server neither answered in full nor closed the connection; got: "
              + out.toString(StandardCharsets.UTF_8),
          e);
    } catch (IOException e) {
      // A server that closes right after answering may reset the connection; keep what came.
      if (out.size() == 0) {
        throw e;
      }
    }
    return out.toString(StandardCharsets.UTF_8);
  }

  private static Answer parse(String raw) {
    int end = raw.indexOf("\r\n\r\n");
    if (end < 0) {
      throw new AssertionError("not an HTTP response: " + raw);
    }
    String[] lines = raw.substring(0, end).split("\r\n");
    int status = Integer.parseInt(lines[0].split(" ")[1]);
    Map<String, String> headers = new LinkedHashMap<>();
    for (int i = 1; i < lines.length; i++) {
      int colon = lines[i].indexOf(':');
      headers.put(
          lines[i].substring(0, colon).strip().toLowerCase(Locale.ROOT),
          lines[i].substring(colon + 1).strip());
    }
    return new Answer(status, headers, raw.substring(end + 4));
  }
}
