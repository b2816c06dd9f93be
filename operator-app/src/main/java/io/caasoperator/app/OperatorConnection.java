package io.caasoperator.app;

import io.caasoperator.domain.ApplicationName;
import io.caasoperator.http.auth.AdminToken;
import io.caasoperator.http.client.OperatorClient;
import io.caasoperator.http.client.OperatorEndpoint;
import java.net.URI;
import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine.Option;

/**
 * How a CLI command finds a running operator: {@code --url} (with {@code --token-file} and
 * {@code --ca-file}), else the data directory ({@code --data-dir}, or the default one of
 * {@code --app}), whose listener file, admin token and certificate it reads.
 */
final class OperatorConnection {
  @Option(names = "--data-dir", paramLabel = "DIR", description = "Data directory of the running operator.")
  Path dataDir;

  @Option(names = "--app", paramLabel = "NAME", description = "Application whose default data directory to use.")
  String app;

  @Option(names = "--url", paramLabel = "URL", description = "The operator's listener, e.g. https://127.0.0.1:30666.")
  URI url;

  @Option(names = "--token-file", paramLabel = "FILE", description = "Admin token file (default: <data-dir>/admin-token).")
  Path tokenFile;

  @Option(names = "--ca-file", paramLabel = "FILE", description = "Certificate to trust (default: <data-dir>/tls/listener.crt).")
  Path caFile;

  /** Throws IllegalArgumentException with a sentence for people when the operator cannot be found. */
  OperatorClient client() {
    Optional<String> token = Optional.ofNullable(tokenFile).map(f -> AdminToken.load(f).value());
    if (url != null) return new OperatorClient(url, Optional.ofNullable(caFile), token);
    Path dir = dataDir;
    if (dir == null && app != null) dir = OperatorConfig.defaultDataDir(System.getenv(), ApplicationName.of(app));
    if (dir == null) {
      throw new IllegalArgumentException("which operator? give --data-dir DIR, --app NAME or --url URL");
    }
    OperatorEndpoint found = OperatorEndpoint.discover(dir);
    return new OperatorClient(found.url(), caFile != null ? Optional.of(caFile) : found.caFile(),
        token.isPresent() ? token : found.bearerToken());
  }
}
