package io.caasoperator.http.client;

import io.caasoperator.http.ListenerFile;
import io.caasoperator.http.auth.AdminToken;
import io.caasoperator.http.setup.DataDirException;
import io.caasoperator.http.tls.ListenerTls;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * How the CLI reaches a running operator: its URL, the certificate to trust, the admin token.
 *
 * @param url the listener's base URL, such as {@code https://127.0.0.1:30666}
 * @param caFile PEM file to trust for HTTPS; empty trusts the JVM's default CAs (a configured
 *     certificate from a real CA)
 * @param bearerToken the admin token; empty for calls that need none
 */
public record OperatorEndpoint(URI url, Optional<Path> caFile, Optional<String> bearerToken) {

  public OperatorEndpoint {
    Objects.requireNonNull(url, "url");
    Objects.requireNonNull(caFile, "caFile");
    Objects.requireNonNull(bearerToken, "bearerToken");
  }

  /**
   * Finds the operator running on {@code dataDir} from the files it keeps there: {@code listener}
   * (its URL), {@code tls/listener.crt} (when present; a configured certificate lives elsewhere and
   * is trusted through the JVM's CAs) and {@code admin-token}.
   */
  public static OperatorEndpoint discover(Path dataDir) {
    ListenerFile listener = ListenerFile.in(dataDir);
    URI url =
        listener
            .read()
            .orElseThrow(
                () ->
                    new DataDirException(
                        "no operator is running for data dir "
                            + dataDir
                            + ": "
                            + listener.path()
                            + " is missing"));
    Path certificate = dataDir.resolve("tls").resolve(ListenerTls.CERTIFICATE_FILE);
    Optional<Path> caFile =
        "https".equals(url.getScheme()) && Files.exists(certificate)
            ? Optional.of(certificate)
            : Optional.empty();
    AdminToken token = AdminToken.load(dataDir.resolve(AdminToken.FILE_NAME));
    return new OperatorEndpoint(url, caFile, Optional.of(token.value()));
  }

  /** Hides the token: endpoints get logged. */
  @Override
  public String toString() {
    return "OperatorEndpoint[url="
        + url
        + ", caFile="
        + caFile
        + ", bearerToken="
        + bearerToken.map(t -> "***").orElse("none")
        + "]";
  }
}
