package io.caasoperator.app;

import io.caasoperator.model.BundleFile;
import io.caasoperator.substrate.kubernetes.KubernetesCluster;
import io.caasoperator.substrate.local.InvalidSpecException;
import io.caasoperator.substrate.local.SpecFile;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * The flags of {@code run}, shared with {@code validate}, which checks them exactly as {@code run}
 * does ({@link #configure}) without starting anything.
 */
final class RunOptions {

  @Option(
      names = "--spec",
      paramLabel = "FILE",
      description = "The application specification (YAML); watched for changes.")
  Path spec;

  @Option(
      names = "--bundle",
      paramLabel = "FILE",
      description =
          "A model of several applications, described by a Juju bundle (YAML), instead of --spec:"
              + " run operates each application of it (watched for changes; the model is named by --model,"
              + " else by the bundle's name); validate checks the file,"
              + " each application's charm and options, and each relation's endpoints as Juju matches them.")
  Path bundle;

  @Option(
      names = "--data-dir",
      paramLabel = "DIR",
      description =
          "Journal, charms and unit directories (default: $XDG_STATE_HOME or ~/.local/state, /caas-operator/<app>).")
  Path dataDir;

  @Option(
      names = "--listen",
      paramLabel = "HOST:PORT",
      description = "HTTP listener address (default: 127.0.0.1:30666; port 0 picks a free one).")
  String listen;

  @Option(
      names = "--insecure-http",
      description = "Serve plain HTTP instead of HTTPS (loopback listen addresses only).")
  boolean insecureHttp;

  @Option(
      names = "--tls-cert",
      paramLabel = "FILE",
      description = "PEM certificate for the listener (default: generated into <data-dir>/tls/).")
  Path tlsCertificate;

  @Option(names = "--tls-key", paramLabel = "FILE", description = "PEM private key of --tls-cert.")
  Path tlsKey;

  @Option(
      names = "--journal",
      paramLabel = "URL",
      description =
          "A PostgreSQL journal: postgresql://USER@HOST:5432/DB (default: H2 file in the data directory)."
              + " No password here (the process list shows it): use --journal-password-file or $CAAS_JOURNAL_PASSWORD.")
  String journal;

  @Option(
      names = "--journal-password-file",
      paramLabel = "FILE",
      description =
          "The PostgreSQL journal's password, alone in a file (e.g. a mounted Secret)."
              + " Else $CAAS_JOURNAL_PASSWORD, else $PGPASSWORD.")
  Path journalPasswordFile;

  @Option(
      names = "--max-concurrent-hooks",
      paramLabel = "N",
      description = "Hook processes running at once across units (default: 16; 1 = serial).")
  Integer maxConcurrentHooks;

  @Option(
      names = "--hook-timeout",
      paramLabel = "DURATION",
      description = "Kill a hook running longer than this (default: 30m).")
  String hookTimeout;

  @Option(
      names = "--model",
      paramLabel = "NAME",
      description = "JUJU_MODEL_NAME given to hooks (default: local).")
  String model;

  @Option(
      names = "--substrate",
      paramLabel = "NAME",
      defaultValue = "local",
      description =
          "Where units live: ${COMPLETION-CANDIDATES} (local: --spec; kubernetes: --application; default: ${DEFAULT-VALUE}).")
  Substrate substrate;

  @Option(
      names = "--application",
      paramLabel = "NAME",
      description = "Kubernetes: the Application resource to operate.")
  String application;

  @Option(
      names = "--namespace",
      paramLabel = "NS",
      description = "Kubernetes: its namespace (default: the kubeconfig context's, else default).")
  String namespace;

  @Option(
      names = "--context",
      paramLabel = "CTX",
      description = "Kubernetes: the kubeconfig context (default: the current one).")
  String context;

  @Option(
      names = "--kubeconfig",
      paramLabel = "FILE",
      description =
          "Kubernetes: the kubeconfig (default: in-cluster service account, $KUBECONFIG, ~/.kube/config).")
  Path kubeconfig;

  @Option(
      names = "--service-url",
      paramLabel = "URL",
      description =
          "Kubernetes: how hooks in pods reach the listener, e.g. https://caas-operator.NS.svc:30666 (default: the listener's URL)."
              + " The generated certificate names its host (and $POD_IP when set).")
  String serviceUrl;

  @Option(
      names = "--pebble",
      paramLabel = "auto|on|off",
      defaultValue = "auto",
      description =
          "Local substrate: a Pebble per unit container, at /charm/containers/<name>/pebble.socket in the"
              + " unit's mount namespace (needs bubblewrap). auto (default): when bubblewrap works; on: required; off: none.")
  PebbleMode pebble;

  @Option(
      names = "--leader-election",
      description =
          "Kubernetes: act only while holding the Lease caas-operator-<application>, so several replicas"
              + " can run (share the journal: --journal postgresql://...). A replica that loses the lease stops acting"
              + " and answers 503 on /readyz until it holds the lease again.")
  boolean leaderElection;

  @Option(
      names = "--relations",
      description =
          "Kubernetes: relate the application to others of its namespace as its Relation objects say"
              + " (see docs/kubernetes-relations.md). Its relation ids, peer relations included, then come"
              + " from the namespace's ledger, the ConfigMap caas-relation-ledger.")
  boolean relations;

  /** What the flags ask for: where units live and everything the operator needs. */
  record Configured(SubstrateFactory.Choice choice, OperatorConfig config, Path bundle) {
    Configured(SubstrateFactory.Choice choice, OperatorConfig config) {
      this(choice, config, null);
    }
  }

  /**
   * The substrate and the configuration these flags ask for, over {@code settings}
   * (application.conf) and {@code env} (the process environment).
   *
   * @throws InvalidConfiguration listing every problem of both at once
   */
  Configured configure(com.typesafe.config.Config settings, java.util.Map<String, String> env)
      throws InvalidConfiguration {
    java.util.List<String> problems = new java.util.ArrayList<>();
    SubstrateFactory.Choice choice = substrateChoice(problems);
    if (bundle != null) {
      if (spec != null) problems.add("--bundle and --spec: give one or the other");
      if (!(choice instanceof SubstrateFactory.Choice.Local))
        problems.add("--bundle needs --substrate local");
    }
    OperatorConfig config = null;
    try {
      config =
          OperatorConfig.resolve(
              new OperatorConfig.Flags(
                  bundle != null ? bundle : spec,
                  dataDir,
                  listen,
                  insecureHttp,
                  tlsCertificate,
                  tlsKey,
                  journal,
                  maxConcurrentHooks,
                  hookTimeout,
                  model != null || bundle == null ? model : bundleModel(bundle),
                  serviceUrl,
                  journalPasswordFile),
              settings,
              env,
              bundle != null ? RunOptions::modelOf : RunOptions::applicationOf,
              // Kubernetes without --application: substrateChoice reported it; no --spec asked for.
              choice instanceof SubstrateFactory.Choice.Kubernetes
                  ? (application == null ? "" : application)
                  : null);
    } catch (InvalidConfiguration e) {
      // the bundle stands where the spec does: its problems name the flag that was given
      e.problems()
          .forEach(
              p ->
                  problems.add(
                      bundle == null ? p : p.replace("--spec " + bundle, "--bundle " + bundle)));
    }
    if (!problems.isEmpty()) throw new InvalidConfiguration(problems);
    return new Configured(choice, config, bundle);
  }

  /** The substrate flags, checked together; their problems are added to {@code problems}. */
  private SubstrateFactory.Choice substrateChoice(java.util.List<String> problems) {
    return switch (substrate) {
      case local -> {
        for (var flag :
            java.util.Map.of(
                    "--application",
                    application == null ? "" : application,
                    "--namespace",
                    namespace == null ? "" : namespace,
                    "--context",
                    context == null ? "" : context,
                    "--service-url",
                    serviceUrl == null ? "" : serviceUrl)
                .entrySet()) {
          if (!flag.getValue().isEmpty())
            problems.add(flag.getKey() + " needs --substrate kubernetes");
        }
        if (kubeconfig != null) problems.add("--kubeconfig needs --substrate kubernetes");
        if (leaderElection) problems.add("--leader-election needs --substrate kubernetes");
        if (relations) problems.add("--relations needs --substrate kubernetes");
        yield new SubstrateFactory.Choice.Local(pebble == null ? PebbleMode.auto : pebble);
      }
      case kubernetes -> {
        if (application == null)
          problems.add("--application is required with --substrate kubernetes");
        if (pebble != null && pebble != PebbleMode.auto)
          problems.add("--pebble needs --substrate local (pods run their own)");
        if (kubeconfig != null && !java.nio.file.Files.isReadable(kubeconfig)) {
          problems.add("--kubeconfig " + kubeconfig + ": not readable");
        }
        yield new SubstrateFactory.Choice.Kubernetes(
            new KubernetesCluster.Connection(
                namespace, context, kubeconfig, serviceUrl, leaderElection),
            relations);
      }
    };
  }

  /**
   * The name a bundle gives its model, which names the default data directory as an application
   * names its own; every problem of the bundle ({@code validate --bundle}'s) is a configuration
   * problem.
   */
  private static String modelOf(Path file) {
    // a model may have no application yet (juju add-model's bundle)
    BundleValidation validation = BundleValidation.of(BundleFile.read(file).asModel());
    if (!validation.valid()) {
      throw new IllegalArgumentException(
          String.join("; ", validation.problems()),
          new InvalidSpecException(
              String.join("; ", validation.problems()), validation.problems()));
    }
    String name = validation.bundle().name();
    return io.caasoperator.domain.ApplicationName.isValid(name) ? name : "model";
  }

  /**
   * A model's name when {@code --model} gives none: its bundle's {@code name:} when that is a valid
   * model name, else null (the configured default).
   */
  private static String bundleModel(Path file) {
    String name = io.caasoperator.model.BundleFile.read(file).bundle().name();
    return io.caasoperator.model.ModelName.isValid(name) ? name : null;
  }

  /** The application a specification file names; its problems become configuration problems. */
  private static String applicationOf(Path file) {
    try {
      return SpecFile.read(file).specification().application().value();
    } catch (InvalidSpecException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
  }
}
