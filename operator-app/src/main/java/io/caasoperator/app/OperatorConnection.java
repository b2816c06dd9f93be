package io.caasoperator.app;

import io.caasoperator.app.discovery.OperatorDiscovery;
import io.caasoperator.app.discovery.Registration;
import io.caasoperator.domain.ApplicationName;
import io.caasoperator.http.ListenerFile;
import io.caasoperator.http.auth.AdminToken;
import io.caasoperator.http.client.OperatorClient;
import io.caasoperator.http.client.OperatorEndpoint;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Option;

/**
 * How a CLI command finds a running operator: {@code --url} (with {@code --token-file} and {@code
 * --ca-file}), else the data directory ({@code --data-dir}; else the one operator running for this
 * user, of {@code --app}'s application or the named unit's when given; else the default data
 * directory of that application), whose listener file, admin token and certificate it reads.
 */
final class OperatorConnection {
  @Option(
      names = "--data-dir",
      paramLabel = "DIR",
      description =
          "Data directory of the running operator (default: the one operator running for this user).")
  Path dataDir;

  @Option(
      names = "--app",
      paramLabel = "NAME",
      description =
          "Application whose operator to use: the one running for this user, else its default data"
              + " directory (commands that name a unit default to its application).")
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
   * The data directory the flags name or imply: {@code --data-dir}; else that of the one operator
   * running for this user (of {@code --app}'s application, or the named unit's, when given); else
   * {@code --app}'s (or the unit's application's) default one. Null with {@code --url}, and when
   * nothing says which; throws IllegalArgumentException listing the operators when several could be
   * meant.
   */
  Path dataDirectory() {
    if (dataDir != null) return dataDir;
    if (url != null) return null;
    return switch (discover()) {
      case OperatorDiscovery.Choice.One one -> one.operator().dataDir();
      case OperatorDiscovery.Choice.Several several ->
          throw new IllegalArgumentException(DiscoveryMessages.several(several, wanted()));
      case OperatorDiscovery.Choice.NoneRunning none ->
          wanted()
              .map(name -> OperatorConfig.defaultDataDir(System.getenv(), ApplicationName.of(name)))
              .orElse(null);
    };
  }

  /** The application the flags or the named unit say, if any. */
  private Optional<String> wanted() {
    return Optional.ofNullable(app != null ? app : unitApplication);
  }

  private OperatorDiscovery.Choice discover() {
    List<Registration> live;
    try {
      live = OperatorConfig.registry(System.getenv()).live();
    } catch (java.io.UncheckedIOException unreadable) {
      live = List.of();
    }
    return OperatorDiscovery.choose(live, wanted());
  }

  /**
   * Throws IllegalArgumentException with a sentence for people when the flags do not say which
   * operator, and {@link OperatorUnreachable} when none runs on the data directory.
   */
  Target target() throws OperatorUnreachable {
    Optional<String> token = Optional.ofNullable(tokenFile).map(f -> AdminToken.load(f).value());
    if (url != null) return new Target(url, Optional.ofNullable(caFile), token, null);
    Path dir = dataDirectory();
    if (dir == null) throw DiscoveryMessages.noneRunning(OperatorConfig.registry(System.getenv()));
    if (ListenerFile.in(dir).read().isEmpty()) {
      throw dataDir == null && wanted().isPresent()
          ? DiscoveryMessages.noneOf(wanted().get(), dir, discover())
          : OperatorUnreachable.noListener(dir);
    }
    OperatorEndpoint found = OperatorEndpoint.discover(dir);
    return new Target(
        found.url(),
        caFile != null ? Optional.of(caFile) : found.caFile(),
        token.isPresent() ? token : found.bearerToken(),
        dir);
  }
}
