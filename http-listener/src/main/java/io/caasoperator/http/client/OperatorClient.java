package io.caasoperator.http.client;

import io.caasoperator.http.setup.DataDirException;
import io.caasoperator.http.tls.Pem;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * The CLI's HTTP client for the operator's listener, on {@link HttpClient}.
 *
 * <p>With a CA file it trusts exactly the certificates in that file (not the JVM's CAs), and keeps
 * hostname verification: the generated certificate names {@code localhost} and {@code 127.0.0.1}.
 * Close it to release the client's threads.
 */
public final class OperatorClient implements AutoCloseable {

  private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);

  private final URI baseUrl;
  private final Optional<String> bearerToken;
  private final HttpClient http;

  /**
   * @param baseUrl the listener, such as {@code https://127.0.0.1:30666}
   * @param caFile PEM certificates to trust for HTTPS; empty uses the JVM's default CAs
   * @param bearerToken sent as {@code Authorization: Bearer} on every request when present
   */
  private static final int LARGE_BODY = 64 * 1024;

  public OperatorClient(URI baseUrl, Optional<Path> caFile, Optional<String> bearerToken) {
    this.baseUrl = Objects.requireNonNull(baseUrl, "baseUrl");
    this.bearerToken = Objects.requireNonNull(bearerToken, "bearerToken");
    HttpClient.Builder builder =
        HttpClient.newBuilder()
            .connectTimeout(CONNECT_TIMEOUT)
            // The listener speaks HTTP/1.1; asking for h2 would only add an upgrade attempt.
            .version(HttpClient.Version.HTTP_1_1);
    Objects.requireNonNull(caFile, "caFile").ifPresent(file -> builder.sslContext(trusting(file)));
    this.http = builder.build();
  }

  /** A client for a discovered endpoint. */
  public static OperatorClient of(OperatorEndpoint endpoint) {
    return new OperatorClient(endpoint.url(), endpoint.caFile(), endpoint.bearerToken());
  }

  /** Finds the operator running on {@code dataDir}; see {@link OperatorEndpoint#discover}. */
  public static OperatorEndpoint discover(Path dataDir) {
    return OperatorEndpoint.discover(dataDir);
  }

  public URI baseUrl() {
    return baseUrl;
  }

  /** GET {@code path} (such as {@code /v1/status}), the body as a string. */
  public HttpResponse<String> get(String path) throws IOException, InterruptedException {
    return http.send(request(path).GET().build(), HttpResponse.BodyHandlers.ofString());
  }

  /**
   * POST {@code jsonBody} to {@code path}, the body as a string. A large body asks first ({@code
   * Expect: 100-continue}, as curl does): a body over the operator's limit is then refused with 413
   * before it is sent, instead of the connection closing under it.
   */
  public HttpResponse<String> post(String path, String jsonBody)
      throws IOException, InterruptedException {
    HttpRequest request =
        request(path)
            .expectContinue(jsonBody.length() > LARGE_BODY)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(jsonBody))
            .build();
    return http.send(request, HttpResponse.BodyHandlers.ofString());
  }

  /**
   * GET {@code path} as NDJSON: the stream yields each line as it arrives (for {@code journal
   * --follow}). Close the stream to stop following.
   */
  public HttpResponse<Stream<String>> getLines(String path)
      throws IOException, InterruptedException {
    return http.send(
        request(path).header("Accept", "application/x-ndjson, */*;q=0.5").GET().build(),
        HttpResponse.BodyHandlers.ofLines());
  }

  @Override
  public void close() {
    http.close();
  }

  private HttpRequest.Builder request(String path) {
    // No Accept header: routes answer JSON, probes and metrics answer text; asking for JSON
    // only would turn the latter into 406.
    HttpRequest.Builder builder = HttpRequest.newBuilder(resolve(path));
    bearerToken.ifPresent(token -> builder.header("Authorization", "Bearer " + token));
    return builder;
  }

  private URI resolve(String path) {
    String base = baseUrl.toString();
    String separator = base.endsWith("/") || path.startsWith("/") ? "" : "/";
    String joined =
        base.endsWith("/") && path.startsWith("/")
            ? base + path.substring(1)
            : base + separator + path;
    return URI.create(joined);
  }

  /**
   * A TLS context that trusts exactly the certificates of the PEM file {@code caFile} (the
   * operator's CA); tests speaking raw TLS to the listener use it too.
   */
  public static SSLContext trusting(Path caFile) {
    List<X509Certificate> certificates = Pem.readCertificates(caFile);
    try {
      KeyStore trusted = KeyStore.getInstance(KeyStore.getDefaultType());
      trusted.load(null, null);
      for (int i = 0; i < certificates.size(); i++) {
        trusted.setCertificateEntry("ca-" + i, certificates.get(i));
      }
      TrustManagerFactory trust =
          TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      trust.init(trusted);
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(null, trust.getTrustManagers(), null);
      return context;
    } catch (GeneralSecurityException | IOException e) {
      throw new DataDirException(
          "cannot trust the certificates in " + caFile + ": " + e.getMessage(), e);
    }
  }
}
