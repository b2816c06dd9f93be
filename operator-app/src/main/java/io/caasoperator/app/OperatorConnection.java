package io.caasoperator.app;

import io.caasoperator.domain.ApplicationName;
import io.caasoperator.http.ListenerFile;
import io.caasoperator.http.auth.AdminToken;
import io.caasoperator.http.client.OperatorClient;
import io.caasoperator.http.client.OperatorEndpoint;
import java.net.URI;
import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine.Option;

/**
 * How a CLI command finds a running operator: {@code --url} (with {@code --token-file} and {@code
 * --ca-file}), else the data directory ({@code --data-dir}, or the default one of {@code --app}, or
 * of the application of the unit the command names), whose listener file, admin token and
 * certificate it reads.
 */
final class OperatorConnection {
  @Option(
      names = "--data-dir",
      paramLabel = "DIR",
      description = "Data directory of the running operator.")
  Path dataDir;

  @Option(
      names = "--app",
      paramLabel = "NAME",
      description =
          "Application whose default data directory to use (commands that name a unit default to its application).")
  String app;

  @Option(
      names = "--url",
      paramLabel = "URL",
      description = "The operator's listener, e.g. https://127.0.0.1:30666.")
  URI url;

  @Option(
      names = "--token-file",
      paramLabel = "FILE",
      description = "Admin token file (default: <data-dir>/admin-token).")
  Path tokenFile;

  @Option(
      names = "--ca-file",
      paramLabel = "FILE",
      description = "Certificate to trust (default: <data-dir>/tls/listener.crt).")
  Path caFile;

  /**
   * The application of the unit a command names ({@code exec hello/0}): its default data dir, when
   * no flag says where.
   */
  private String unitApplication;

  /**
   * Where to connect and how.
   *
   * @param dataDir the data directory whose listener file gave the url; null for {@code --url}
   */
  record Target(URI url, Optional<Path> caFile, Optional<String> token, Path dataDir) {
    OperatorClient client() {
      return new OperatorClient(url, caFile, token);
    }
  }

  /** Makes {@code application}'s default data directory the one to use when no flag names one. */
  OperatorConnection defaultingTo(ApplicationName application) {
    unitApplication = application.value();
    return this;
  }

  /**
   * The data directory the flags name (or imply); null with {@code --url} or when nothing says
   * which.
   */
  Path dataDirectory() {
    if (dataDir != null) return dataDir;
    String name = app != null ? app : unitApplication;
    return name == null
        ? null
        : OperatorConfig.defaultDataDir(System.getenv(), ApplicationName.of(name));
  }

  /**
   * Throws IllegalArgumentException with a sentence for people when the flags do not say which
   * operator, and {@link OperatorUnreachable} when none runs on the data directory.
   */
  Target target() throws OperatorUnreachable {
    Optional<String> token = Optional.ofNullable(tokenFile).map(f -> AdminToken.load(f).value());
    if (url != null) return new Target(url, Optional.ofNullable(caFile), token, null);
    Path dir = dataDirectory();
    if (dir == null) {
      throw new IllegalArgumentException(
          "which operator? give --data-dir DIR, --app NAME or --url URL");
    }
    if (ListenerFile.in(dir).read().isEmpty()) throw OperatorUnreachable.noListener(dir);
    OperatorEndpoint found = OperatorEndpoint.discover(dir);
    return new Target(
        found.url(),
        caFile != null ? Optional.of(caFile) : found.caFile(),
        token.isPresent() ? token : found.bearerToken(),
        dir);
  }
}
