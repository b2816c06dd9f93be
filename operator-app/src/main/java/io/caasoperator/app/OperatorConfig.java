package io.caasoperator.app;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import io.caasoperator.domain.ApplicationName;
import io.caasoperator.domain.DurationText;
import io.caasoperator.domain.RetryPolicy;
import io.caasoperator.http.ListenerSettings;
import io.caasoperator.http.routes.ExecTimeout;
import io.caasoperator.http.setup.ListenHost;
import io.caasoperator.http.tls.CertificateNames;
import io.caasoperator.persistence.JournalSettings;
import io.caasoperator.substrate.local.workload.SocketRoot;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Everything {@code caas-operator run} needs, from flags over {@code application.conf}, checked at
 * once: {@link #resolve} lists every missing or invalid setting in one error.
 *
 * @param specFile the local substrate's specification file; null on Kubernetes
 * @param application the application named in the specification
 * @param dataDir journal, charms, unit directories, TLS material, admin token
 * @param listenHost where the HTTP listener binds
 * @param listenPort its port (0: any free port; the chosen one is written to {@code
 *     <data-dir>/listener})
 * @param journal the journal, with the password to log in to it (never from the command line)
 * @param certificateNames the hosts a generated listener certificate names: the listen host,
 *     loopback, the host of {@code --service-url} and, on Kubernetes, the pod's IP ({@code POD_IP})
 * @param specQuietPeriod how long a change of the specification file must hold still before it is
 *     acted on
 * @param sockets where the operator binds its Unix sockets (each unit container's Pebble): a short
 *     directory of its own under {@code $XDG_RUNTIME_DIR} or {@code /tmp} ({@link SocketRoot}),
 *     emptied at start-up
 */
public record OperatorConfig(
    Path specFile,
    ApplicationName application,
    Path dataDir,
    String listenHost,
    int listenPort,
    boolean insecureHttp,
    Path tlsCertificate,
    Path tlsKey,
    JournalSettings journal,
    String modelName,
    int maxConcurrentHooks,
    Duration hookTimeout,
    int hookOutputLimit,
    int execOutputLimit,
    Duration execTimeout,
    RetryPolicy hookRetry,
    RetryPolicy charmRetry,
    Duration specPollInterval,
    Duration specQuietPeriod,
    Duration shutdownTimeout,
    CertificateNames certificateNames,
    SocketRoot sockets) {

  /**
   * The environment variable with the pod's IP (Downward API {@code status.podIP}); on Kubernetes
   * the generated certificate names it, so a client may reach this replica directly.
   */
  public static final String POD_IP_VARIABLE = "POD_IP";

  /**
   * The user's runtime directory (XDG Base Directory Specification), where the operator's sockets
   * go when it is the user's own private directory; else under {@code /tmp}.
   */
  public static final String RUNTIME_DIR_VARIABLE = "XDG_RUNTIME_DIR";

  /**
   * The flags of {@code run}; null means "not given".
   *
   * @param serviceUrl {@code --service-url}: how hooks in pods reach the listener (Kubernetes)
   * @param journalPasswordFile {@code --journal-password-file}: the journal password, in a file
   */
  public record Flags(
      Path spec,
      Path dataDir,
      String listen,
      boolean insecureHttp,
      Path tlsCertificate,
      Path tlsKey,
      String journal,
      Integer maxConcurrentHooks,
      String hookTimeout,
      String model,
      String serviceUrl,
      Path journalPasswordFile) {}

  /**
   * @param settings application.conf (its {@code caas} section)
   * @param env the process environment: the default data directory, the journal password ({@link
   *     JournalLogin}), the pod's IP on Kubernetes ({@value #POD_IP_VARIABLE}), the runtime
   *     directory for sockets ({@value #RUNTIME_DIR_VARIABLE})
   * @param applicationOf reads the application name from the specification file
   */
  public static OperatorConfig resolve(
      Flags flags, Config settings, Map<String, String> env, Function<Path, String> applicationOf)
      throws InvalidConfiguration {
    return resolve(flags, settings, env, applicationOf, null);
  }

  /**
   * @param namedApplication the application named on the command line ({@code --application},
   *     substrates whose specification is not a file: Kubernetes); empty when it is missing there
   *     (the caller reports that); null to read it from --spec
   */
  public static OperatorConfig resolve(
      Flags flags,
      Config settings,
      Map<String, String> env,
      Function<Path, String> applicationOf,
      String namedApplication)
      throws InvalidConfiguration {
    List<String> problems = new ArrayList<>();
    Config caas = settings.getConfig("caas");

    Path spec = flags.spec();
    ApplicationName application = null;
    if (namedApplication != null) {
      if (spec != null)
        problems.add("--spec is for the local substrate; --application names the Kubernetes one");
      try {
        if (!namedApplication.isEmpty()) application = ApplicationName.of(namedApplication);
      } catch (IllegalArgumentException e) {
        problems.add("--application: " + e.getMessage());
      }
    } else if (spec == null) {
      problems.add("--spec is required: the application specification file");
    } else if (!Files.isRegularFile(spec)) {
      problems.add("--spec " + spec + ": no such file");
    } else {
      try {
        application = ApplicationName.of(applicationOf.apply(spec));
      } catch (RuntimeException e) {
        // A specification's problems are listed one by one, as every other setting's are.
        problems.addAll(
            e.getCause() instanceof io.caasoperator.substrate.local.InvalidSpecException invalid
                ? invalid.problems()
                : List.of(e.getMessage()));
      }
    }

    Path dataDir = flags.dataDir();
    if (dataDir == null && application != null) dataDir = defaultDataDir(env, application);
    if (dataDir != null && Files.exists(dataDir) && !Files.isDirectory(dataDir)) {
      problems.add("--data-dir " + dataDir + ": exists and is not a directory");
    }

    String listen = flags.listen() != null ? flags.listen() : caas.getString("listen");
    String host = null;
    int port = -1;
    int colon = listen.lastIndexOf(':');
    if (colon <= 0) {
      problems.add("--listen \"" + listen + "\": expected HOST:PORT, e.g. 127.0.0.1:30666");
    } else {
      host = listen.substring(0, colon).replaceAll("^\\[|]$", "");
      try {
        port = Integer.parseInt(listen.substring(colon + 1));
        if (port < 0 || port > 65535) throw new NumberFormatException();
      } catch (NumberFormatException e) {
        port = -1;
        problems.add("--listen \"" + listen + "\": port must be a number from 0 to 65535");
      }
    }

    if (host != null && port >= 0 && flags.insecureHttp()) {
      try {
        new ListenerSettings(host, port, flags.insecureHttp(), Optional.empty());
      } catch (IllegalArgumentException e) {
        problems.add(e.getMessage());
      }
    }
    if ((flags.tlsCertificate() == null) != (flags.tlsKey() == null)) {
      problems.add("--tls-cert and --tls-key go together: give both or neither");
    }
    for (Path file : new Path[] {flags.tlsCertificate(), flags.tlsKey()}) {
      if (file != null && !Files.isReadable(file))
        problems.add("TLS file " + file + ": not readable");
    }
    if (flags.insecureHttp() && flags.tlsCertificate() != null) {
      problems.add("--insecure-http and --tls-cert contradict each other");
    }

    List<String> otherHosts = new ArrayList<>();
    if (flags.serviceUrl() != null) {
      serviceHost(flags.serviceUrl(), flags.insecureHttp(), host, problems)
          .ifPresent(otherHosts::add);
    }
    if (namedApplication != null) {
      String podIp = env.get(POD_IP_VARIABLE);
      if (podIp != null && !podIp.isBlank()) {
        if (new ListenHost(podIp).ipLiteral().isPresent()) {
          otherHosts.add(podIp.strip());
        } else {
          problems.add(
              POD_IP_VARIABLE
                  + " \""
                  + podIp
                  + "\": not an IP address (set it from the Downward API, status.podIP)");
        }
      }
    }
    CertificateNames certificateNames = null;
    if (host != null) {
      try {
        certificateNames = CertificateNames.forListener(host, otherHosts);
      } catch (IllegalArgumentException e) {
        problems.add("--listen: " + e.getMessage());
      }
    }

    JournalSettings journal = null;
    boolean journalOnCommandLine = flags.journal() != null;
    int snapshotEvery = caas.getInt("journal.snapshot-every");
    try {
      Optional<JournalSettings> postgres =
          JournalLogin.resolve(
              journalOnCommandLine ? flags.journal() : caas.getString("journal.url"),
              journalOnCommandLine
                  ? JournalLogin.UrlSource.COMMAND_LINE
                  : JournalLogin.UrlSource.CONFIGURATION,
              flags.journalPasswordFile(),
              env);
      JournalSettings base = postgres.orElse(dataDir == null ? null : JournalSettings.h2(dataDir));
      journal =
          base == null
              ? null
              : base.withSnapshotEvery(snapshotEvery)
                  .withSyncOnCommit(caas.getBoolean("journal.fsync"));
    } catch (InvalidConfiguration e) {
      problems.addAll(e.problems());
    }

    int maxHooks =
        flags.maxConcurrentHooks() != null
            ? flags.maxConcurrentHooks()
            : caas.getInt("max-concurrent-hooks");
    if (maxHooks < 1) problems.add("--max-concurrent-hooks must be >= 1, got " + maxHooks);

    Duration hookTimeout =
        duration("--hook-timeout", flags.hookTimeout(), caas, "hook-timeout", problems);
    String model = flags.model() != null ? flags.model() : caas.getString("model-name");
    if (model.isBlank()) problems.add("--model must not be empty");
    int outputLimit = caas.getInt("hook-output-limit");
    if (outputLimit <= 0) problems.add("caas.hook-output-limit must be > 0");
    int execOutputLimit = caas.getInt("exec-output-limit");
    if (execOutputLimit <= 0) problems.add("caas.exec-output-limit must be > 0");
    Duration execTimeout = duration("caas.exec-timeout", null, caas, "exec-timeout", problems);
    if (execTimeout != null && execTimeout.compareTo(ExecTimeout.MAXIMUM) > 0) {
      problems.add(
          "caas.exec-timeout must be at most "
              + DurationText.format(ExecTimeout.MAXIMUM)
              + " (the longest an exec may ask for), got "
              + DurationText.format(execTimeout));
    }

    RetryPolicy hookRetry = retry("caas.hook-retry", caas.getConfig("hook-retry"), problems);
    RetryPolicy charmRetry = retry("caas.charm-retry", caas.getConfig("charm-retry"), problems);
    Duration poll = duration("caas.spec-poll-interval", null, caas, "spec-poll-interval", problems);
    Duration quiet = quietPeriod(caas, problems);
    Duration shutdown = duration("caas.shutdown-timeout", null, caas, "shutdown-timeout", problems);

    SocketRoot sockets = null;
    if (dataDir != null) {
      try {
        long uid = SocketRoot.currentUid();
        sockets =
            SocketRoot.choose(
                SocketRoot.runtimeDir(env.get(RUNTIME_DIR_VARIABLE), uid),
                uid,
                dataDir.toAbsolutePath());
      } catch (IOException | RuntimeException e) {
        problems.add("cannot choose a directory for the operator's sockets: " + e.getMessage());
      }
    }

    if (!problems.isEmpty()) throw new InvalidConfiguration(problems);
    return new OperatorConfig(
        spec,
        application,
        dataDir.toAbsolutePath(),
        host,
        port,
        flags.insecureHttp(),
        flags.tlsCertificate(),
        flags.tlsKey(),
        journal,
        model,
        maxHooks,
        hookTimeout,
        outputLimit,
        execOutputLimit,
        execTimeout,
        hookRetry,
        charmRetry,
        poll,
        quiet,
        shutdown,
        certificateNames,
        sockets);
  }

  /**
   * The host of {@code --service-url}, which the listener's certificate must name: hooks in pods
   * verify it ({@code curl --cacert}) under that name. Its problems: not a URL with a host, a
   * scheme the listener does not speak, or a listener on loopback that no pod can reach.
   */
  private static Optional<String> serviceHost(
      String serviceUrl, boolean insecureHttp, String listenHost, List<String> problems) {
    URI uri;
    try {
      uri = new URI(serviceUrl.strip());
    } catch (URISyntaxException e) {
      uri = null;
    }
    if (uri == null
        || uri.getHost() == null
        || uri.getScheme() == null
        || !(uri.getScheme().equals("https") || uri.getScheme().equals("http"))) {
      problems.add(
          "--service-url \""
              + serviceUrl
              + "\": expected https://HOST:PORT, e.g."
              + " https://caas-operator-mariadb.demo.svc:30666");
      return Optional.empty();
    }
    String scheme = insecureHttp ? "http" : "https";
    if (!uri.getScheme().equals(scheme)) {
      problems.add(
          "--service-url \""
              + serviceUrl
              + "\": the listener serves "
              + scheme
              + (insecureHttp ? " (--insecure-http)" : "")
              + ", so the URL must start with "
              + scheme
              + "://");
    }
    ListenHost service = new ListenHost(uri.getHost());
    try {
      new CertificateNames(List.of(service.value()));
    } catch (IllegalArgumentException e) {
      problems.add("--service-url: " + e.getMessage());
      return Optional.empty();
    }
    if (listenHost != null && new ListenHost(listenHost).isLoopback() && !service.isLoopback()) {
      problems.add(
          "--service-url \""
              + serviceUrl
              + "\" sends hooks in other pods to this listener, but --listen "
              + listenHost
              + " takes connections from this pod only; listen on 0.0.0.0 (or the pod's IP)");
    }
    return Optional.of(service.value());
  }

  /**
   * {@code $XDG_STATE_HOME/caas-operator/<app>}, else {@code ~/.local/state/caas-operator/<app>}.
   */
  public static Path defaultDataDir(Map<String, String> env, ApplicationName application) {
    return stateDir(env).resolve(application.value());
  }

  /**
   * {@code $XDG_STATE_HOME/caas-operator}, else {@code ~/.local/state/caas-operator}: where the
   * default data directories are, and the registry of running operators ({@link
   * io.caasoperator.app.discovery.OperatorRegistry}).
   */
  public static Path stateDir(Map<String, String> env) {
    String state = env.get("XDG_STATE_HOME");
    Path base =
        state != null && !state.isBlank()
            ? Path.of(state)
            : Path.of(env.getOrDefault("HOME", System.getProperty("user.home")), ".local", "state");
    return base.resolve("caas-operator");
  }

  /** The registry of the operators running for this user. */
  public static io.caasoperator.app.discovery.OperatorRegistry registry(Map<String, String> env) {
    return new io.caasoperator.app.discovery.OperatorRegistry(
        stateDir(env).resolve(io.caasoperator.app.discovery.OperatorRegistry.DIRECTORY));
  }

  /**
   * {@code caas.spec-quiet-period}: zero is allowed (act on every change at once), negative is not.
   */
  private static Duration quietPeriod(Config caas, List<String> problems) {
    try {
      Duration d = caas.getDuration("spec-quiet-period");
      if (d.isNegative()) {
        problems.add("caas.spec-quiet-period must be >= 0, got " + text(d));
        return null;
      }
      return d;
    } catch (ConfigException e) {
      problems.add("caas.spec-quiet-period: not a duration (use e.g. 300ms, 1s)");
      return null;
    }
  }

  private static Duration duration(
      String name, String flag, Config caas, String key, List<String> problems) {
    try {
      Duration d =
          flag != null
              ? DurationText.parse(flag).orElseThrow(() -> new ConfigException.BadValue(name, flag))
              : caas.getDuration(key);
      if (d.isNegative() || d.isZero()) {
        problems.add(name + " must be > 0, got " + (flag != null ? flag : text(d)));
        return null;
      }
      return d;
    } catch (ConfigException e) {
      problems.add(name + " \"" + flag + "\": not a duration (use e.g. 30s, 5m, 1h)");
      return null;
    }
  }

  /**
   * As users write durations ({@code -5s}, {@code 0s}), not as Java prints them ({@code PT-5S}).
   */
  private static String text(Duration d) {
    return d.isNegative() ? "-" + DurationText.format(d.negated()) : DurationText.format(d);
  }

  private static RetryPolicy retry(String name, Config c, List<String> problems) {
    try {
      return new RetryPolicy(c.getDuration("initial"), c.getDuration("max"));
    } catch (ConfigException | IllegalArgumentException e) {
      problems.add(name + ": " + e.getMessage());
      return null;
    }
  }
}
