package io.caasoperator.app;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import io.caasoperator.app.datadir.DataDirInUse;
import io.caasoperator.app.datadir.DataDirLock;
import io.caasoperator.app.datadir.DataDirectory;
import io.caasoperator.app.discovery.OperatorRegistry;
import io.caasoperator.app.discovery.Registration;
import io.caasoperator.app.juju.JujuListener;
import io.caasoperator.charm.CharmStore;
import io.caasoperator.charm.UnpackLimits;
import io.caasoperator.domain.DurationText;
import io.caasoperator.hook.BoundedHookExecutor;
import io.caasoperator.hook.HookContexts;
import io.caasoperator.hook.HookEnvironment;
import io.caasoperator.hook.LocalProcessExecutor;
import io.caasoperator.hooktool.transport.HookToolShims;
import io.caasoperator.http.HttpListener;
import io.caasoperator.http.ListenerFile;
import io.caasoperator.http.ListenerSettings;
import io.caasoperator.http.auth.AdminToken;
import io.caasoperator.http.hooktool.ActorHookToolGateway;
import io.caasoperator.http.hooktool.HookToolGateway;
import io.caasoperator.http.hooktool.HookToolRoutes;
import io.caasoperator.http.hooktool.LoopbackToolListener;
import io.caasoperator.http.hooktool.ModelToolGateway;
import io.caasoperator.http.hooktool.ViewFirstToolGateway;
import io.caasoperator.http.routes.ApiRoutes;
import io.caasoperator.http.routes.JournalRoutes;
import io.caasoperator.http.routes.ModelStatusRoutes;
import io.caasoperator.http.routes.SecretRoutes;
import io.caasoperator.http.routes.StatusRoutes;
import io.caasoperator.http.routes.UnitRoutes;
import io.caasoperator.http.routes.UserSecretRoutes;
import io.caasoperator.http.tls.ListenerTls;
import io.caasoperator.metrics.OperatorMetrics;
import io.caasoperator.model.runtime.ModelActor;
import io.caasoperator.operator.OperatorActor;
import io.caasoperator.operator.OperatorDependencies;
import io.caasoperator.persistence.JournalJson;
import io.caasoperator.persistence.JournalSchema;
import io.caasoperator.persistence.JournalSettings;
import io.caasoperator.persistence.secret.SecretOwner;
import io.caasoperator.persistence.timeline.JournalReader;
import io.caasoperator.relation.RelationSides;
import io.caasoperator.secret.SecretCipher;
import io.caasoperator.secret.SecretIds;
import io.caasoperator.secret.SecretStore;
import io.caasoperator.secret.Secrets;
import io.caasoperator.substrate.ReplicaElection;
import io.caasoperator.substrate.Substrate;
import io.caasoperator.substrate.kubernetes.KubernetesSubstrate;
import io.caasoperator.substrate.local.BundleWatch;
import io.caasoperator.substrate.local.LocalSubstrate;
import io.caasoperator.unit.UnitDependencies;
import io.prometheus.metrics.instrumentation.jvm.JvmMetrics;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.pekko.Done;
import org.apache.pekko.actor.CoordinatedShutdown;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.AskPattern;
import org.apache.pekko.http.javadsl.ServerBinding;
import org.apache.pekko.http.javadsl.server.Route;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Wires a running operator from a validated {@link OperatorConfig}: the data directory, the charm
 * store, the substrate (local or Kubernetes), the journal, the actor tree, the HTTP listener, and a
 * coordinated shutdown that lets running hooks finish (bounded) before the journal closes.
 */
public final class OperatorRuntime {
  private static final Logger log = LoggerFactory.getLogger(OperatorRuntime.class);

  /**
   * How long a loopback hook-tool call may send nothing: a tool streams its standard input as it
   * reads it ({@code slow-command | state-set --file -}), as the old shims' wget waited 10 min.
   */
  private static final Duration LOOPBACK_TOOL_IDLE = Duration.ofMinutes(10);

  /** Why the operator stopped; decides the exit code. */
  public enum StopReason {
    SIGNAL(0),
    APPLICATION_GONE(0),
    FAILURE(1);

    public final int exitCode;

    StopReason(int exitCode) {
      this.exitCode = exitCode;
    }
  }

  private final OperatorConfig config;
  private final SubstrateFactory.Choice substrateChoice;

  /** The model's bundle ({@code run --bundle}); null for one application ({@code --spec}). */
  private final Path bundle;

  private final AtomicReference<StopReason> stopReason = new AtomicReference<>();
  private ActorSystem<Guardian.Command> system;
  private ActorRef<OperatorActor.Command> operator;

  /** Held from the start until the actor system has terminated: one operator per data directory. */
  private DataDirLock dataDirLock;

  public OperatorRuntime(OperatorConfig config) {
    this(config, new SubstrateFactory.Choice.Local());
  }

  OperatorRuntime(OperatorConfig config, SubstrateFactory.Choice substrateChoice) {
    this(config, substrateChoice, null);
  }

  /**
   * @param bundle a model's bundle: an operator per application of it, on the local substrate; null
   *     for the one application of the configuration
   */
  OperatorRuntime(OperatorConfig config, SubstrateFactory.Choice substrateChoice, Path bundle) {
    this.config = config;
    this.substrateChoice = substrateChoice;
    this.bundle = bundle;
  }

  /**
   * The user's certificate, used as given; a name clients use that it does not cover is worth a
   * warning (those clients will refuse it), not a refusal: the user may know better.
   */
  /**
   * The application's relations with the others of its namespace, when {@code --relations} asked
   * for them on Kubernetes; null otherwise (the operator then numbers its peer relations itself).
   */
  private ClusterRelationTerms clusterRelations(
      Substrate substrate, CharmStore charms, ExecutorService blocking, Clock clock) {
    if (!(substrateChoice instanceof SubstrateFactory.Choice.Kubernetes kubernetes)
        || !kubernetes.relations()
        || !(substrate instanceof KubernetesSubstrate cluster)) return null;
    ClusterRelationTerms terms =
        new ClusterRelationTerms(listener -> cluster.relations(clock, listener), charms, blocking);
    cluster.onCharmDeployed(terms::charmDeployed);
    return terms;
  }

  private static ListenerTls configuredTls(OperatorConfig config) {
    ListenerTls tls = ListenerTls.fromFiles(config.tlsCertificate(), config.tlsKey());
    java.util.List<String> missing = config.certificateNames().missingFrom(tls.certificate());
    if (!missing.isEmpty()) {
      log.warn(
          "the certificate {} does not name {}: clients that connect by that name will refuse it",
          config.tlsCertificate(),
          String.join(", ", missing));
    }
    return tls;
  }

  /**
   * Starts everything; returns once the listener is bound. Throws {@link DataDirInUse} when another
   * process works on the data directory, and other exceptions when start-up fails.
   */
  public void start() throws Exception {
    Path dataDir = config.dataDir();
    DataDirectory.prepare(dataDir, log::warn);
    try {
      dataDirLock = DataDirLock.acquire(dataDir, "caas-operator run");
    } catch (DataDirInUse e) {
      throw e.listeningOn(ListenerFile.in(dataDir).readQuietly());
    }
    Path charmsDir = dataDir.resolve("charms");
    Path agentsDir = dataDir.resolve("agents");
    Path toolsDir = dataDir.resolve("tools");
    for (Path dir : new Path[] {charmsDir, agentsDir, toolsDir}) Files.createDirectories(dir);
    Optional<Path> bash = HookToolShims.install(toolsDir);

    CharmStore charms = new CharmStore(charmsDir, UnpackLimits.DEFAULT);
    int partial = charms.removePartialDownloads();
    if (partial > 0)
      log.info("removed {} partial charm download(s) left by an earlier run", partial);

    LocalProcessExecutor processes = new LocalProcessExecutor(dataDir.toString());
    Clock clock = Clock.systemUTC();

    Config settings = config.journal().toConfig().withFallback(ConfigFactory.load());
    system = ActorSystem.create(Guardian.create(), "caas-operator", settings);
    ExecutorService blocking = Executors.newVirtualThreadPerTaskExecutor();
    log.info("journal: {}", config.journal().describe());
    // the lock outlives the journal: released only once the actor system (and the journal with it)
    // is down
    system.getWhenTerminated().thenRun(dataDirLock::close);
    JournalSchema.createIfMissing(system, Duration.ofSeconds(60));
    if (config.journal().backend() == JournalSettings.Backend.H2) {
      DataDirectory.makeJournalPrivate(dataDir, JournalSettings.H2_FILE_NAME);
    }

    Optional<ListenerTls> tls =
        config.insecureHttp()
            ? Optional.empty()
            : Optional.of(
                config.tlsCertificate() != null
                    ? configuredTls(config)
                    : ListenerTls.inDirectory(dataDir.resolve("tls"), config.certificateNames()));
    AdminToken admin = AdminToken.loadOrCreate(dataDir);
    ListenerSettings listener =
        new ListenerSettings(
            config.listenHost(), concretePort(config.listenPort()), config.insecureHttp(), tls);
    URI url =
        listener.localUrl(new java.net.InetSocketAddress(config.listenHost(), listener.port()));
    // Hooks that run here call their tools through loopback, one bash process per call, when the
    // tools are the bash kind; pods (and machines without such a bash) use the HTTPS listener.
    LoopbackToolListener tools =
        LoopbackToolListener.bind(0, listener.maxRequestBytes(), LOOPBACK_TOOL_IDLE);
    if (bash.isPresent()) {
      log.info(
          "hook tools: {} calls the loopback listener {}; pods call {}",
          bash.get(),
          tools.address(),
          url);
    } else {
      log.warn(
          "hook tools: no bash that can open /dev/tcp here, so hooks call {} with curl or wget (slower)",
          url);
    }
    HookEnvironment environment =
        new HookEnvironment(
            config.modelName(),
            HookEnvironment.DEFAULT_JUJU_VERSION,
            toolsDir,
            System.getenv("PATH"),
            url.toString(),
            tls.map(ListenerTls::certificateFile).orElse(null),
            bash.isPresent() ? tools.address() : "");
    HookContexts contexts = new HookContexts();
    Optional<LocalPebbles> pebbles =
        LocalPebbles.start(substrateChoice, system, blocking, clock, config.sockets());
    if (bundle != null) {
      startModel(
          new BundleOperators.Shared(
              system,
              config,
              bundle,
              agentsDir,
              charmsDir,
              charms,
              processes,
              modelExecutor(processes, agentsDir, pebbles),
              environment,
              contexts,
              pebbles.map(LocalPebbles::workloads).orElse(null),
              blocking,
              SecretCipher.inDirectory(dataDir),
              clock),
          new Served(admin, listener, url, tools, pebbles));
      return;
    }
    Substrate substrate =
        SubstrateFactory.build(
            substrateChoice,
            config,
            agentsDir,
            toolsDir,
            tls.map(ListenerTls::certificateFile).orElse(null),
            url.toString(),
            processes,
            processes,
            clock,
            pebbles.map(LocalPebbles::workloads).orElse(null));
    environment = environment.withCloudApiVersion(substrate.cloudApiVersion());
    BoundedHookExecutor executor =
        new BoundedHookExecutor(
            pebbles.map(p -> p.hooks(substrate.hookExecutor())).orElseGet(substrate::hookExecutor),
            config.maxConcurrentHooks());
    OperatorMetrics metrics = OperatorMetrics.get(system);
    metrics.hookSlots(executor::running, executor::queuedHooks);
    metrics.buildInfo(Version.current(), Runtime.version().toString());
    substrate.registerMetrics(metrics);
    JvmMetrics.builder().register(metrics.registry());
    // the units start at once, but no hook runs before the listener its hook tools call is up
    CompletableFuture<Void> listening = new CompletableFuture<>();
    executor.admitOnce(listening);
    // The application's own secrets: sealed with the key in the data directory (made 0600 on
    // first use), journaled as secrets|<app>, committed by completed hooks.
    Secrets secrets = new Secrets(SecretCipher.inDirectory(dataDir), new SecretIds(clock));
    system.systemActorOf(
        SecretStore.create(config.application().value(), secrets, clock),
        "secrets",
        org.apache.pekko.actor.typed.Props.empty());
    UnitDependencies units =
        new UnitDependencies(
            executor,
            agentsDir,
            charmsDir,
            environment,
            config.hookRetry(),
            config.hookTimeout(),
            config.hookOutputLimit(),
            config.execOutputLimit(),
            contexts,
            clock,
            io.caasoperator.unit.PodWait.DEFAULT,
            new io.caasoperator.unit.ToolViews(),
            secrets);
    // --relations: the namespace's Relation objects relate the application to others; one
    // ClusterRelations per term of the operator (docs/kubernetes-relations.md)
    ClusterRelationTerms relationTerms = clusterRelations(substrate, charms, blocking, clock);
    OperatorDependencies deps =
        new OperatorDependencies(
            config.application(),
            substrate,
            charms,
            units,
            config.charmRetry(),
            blocking,
            clock,
            reason -> stop(StopReason.APPLICATION_GONE, reason),
            relationTerms == null ? RelationSides.NONE : relationTerms);

    // Under leader election the operator actor starts with each term of the lease; the listener
    // serves every replica (503 while standing by) through a stable front for that actor.
    AtomicBoolean acting = new AtomicBoolean(true);
    metrics.leadership(acting::get);
    ReplicaElection election =
        substrate
            .election(
                new ReplicaElection.Terms() {
                  @Override
                  public void acting() {
                    acting.set(true);
                    metrics.termStarted();
                    system.tell(new Guardian.Act());
                  }

                  @Override
                  public void standingBy() {
                    acting.set(false);
                    // Hooks still running belong to the term that ended: killed once their actors
                    // stopped,
                    // so no unit records them as failed; the next holder runs them again from the
                    // journal.
                    system.tell(
                        new Guardian.StandBy(
                            () -> {
                              int killed = executor.killAll();
                              if (killed > 0)
                                log.warn(
                                    "standing by: killed {} hook process(es) of the ended term",
                                    killed);
                              // the ended term's operator, watchers and units are all stopped
                              // now: nothing of it acts on a pod any more
                              log.info("standing by: the ended term's operator has stopped");
                            }));
                  }
                })
            .orElse(null);
    // The operator actor starts behind a stable front and acts only once the listener is bound
    // (without election) or this replica holds the lease: the units' first hooks then neither wait
    // for the listener their hook tools call nor share a cold JVM with its start-up.
    acting.set(false);
    // Facts persisted from now on are reported (the first charm deployment included).
    java.time.Instant reportSince = clock.instant();
    Guardian.Started started =
        AskPattern.<Guardian.Command, Guardian.Started>ask(
                system,
                reply ->
                    new Guardian.Prepare(
                        deps,
                        relationTerms == null ? OperatorTerms.Observer.NONE : relationTerms,
                        reply),
                Duration.ofSeconds(30),
                system.scheduler())
            .toCompletableFuture()
            .get(30, TimeUnit.SECONDS);
    operator = started.operator();
    ApplicationReporter reporter =
        ApplicationReporter.start(
            system,
            operator,
            config.application().value(),
            reportSince,
            substrate.reporting(),
            blocking,
            acting::get,
            metrics);

    var json = JournalJson.mapper();
    Duration ask = Duration.ofSeconds(10);
    HookToolGateway actors = new ActorHookToolGateway(contexts, operator, system, ask);
    // Read-only calls are answered from what the actors publish; -Dcaas.hook-tools.views=false
    // sends every call through the actors (to compare, see docs/performance.md).
    HookToolGateway gateway =
        Boolean.parseBoolean(System.getProperty("caas.hook-tools.views", "true"))
            ? new ViewFirstToolGateway(contexts, units.toolViews(), clock, actors)
            : actors;
    tools.start(gateway);
    Route operatorRoutes =
        ApiRoutes.of(
            admin,
            new StatusRoutes(operator, system, json, ask),
            new UnitRoutes(operator, system, json, ask, config.execTimeout()),
            new HookToolRoutes(gateway).route(),
            new JournalRoutes(
                JournalReader.using(system), config.application().value(), json, clock));
    // the local substrate's unit containers and their services' logs (its Pebbles)
    Route routes =
        pebbles
            .map(
                p ->
                    org.apache.pekko.http.javadsl.server.Directives.concat(
                        p.routes(admin, system, json, ask), operatorRoutes))
            .orElse(operatorRoutes);
    SecretRoutes secretRoutes = new SecretRoutes(secrets, system, json, ask);
    routes =
        org.apache.pekko.http.javadsl.server.Directives.concat(
            routes, ApiRoutes.admin(admin, secretRoutes::route));
    Route served =
        StandbyRoute.of(
            acting::get, routes, election == null ? "starting" : "another replica holds the lease");
    ServerBinding binding;
    try {
      binding =
          HttpListener.start(system, listener, served)
              .toCompletableFuture()
              .get(30, TimeUnit.SECONDS);
    } catch (Exception e) {
      listening.completeExceptionally(e);
      throw e;
    }
    ListenerFile listenerFile = ListenerFile.in(dataDir);
    listenerFile.write(url);
    OperatorRegistry.Entry registered = register(url, dataDir);
    listening.complete(null);
    log.info(
        "CAAS Operator {} operating {} on the {} substrate; listening on {}; data in {}",
        BuildInfo.current().summary(),
        config.application(),
        substrate.name(),
        url,
        dataDir);

    CoordinatedShutdown shutdown = unbindingAtShutdown(binding);
    ActorRef<OperatorActor.Command> running = operator;
    shutdown.addTask(
        CoordinatedShutdown.PhaseServiceRequestsDone(),
        "drain-hooks",
        () ->
            acting.get() ? drain(running) : CompletableFuture.completedFuture(Done.getInstance()));
    shutdown.addTask(
        CoordinatedShutdown.PhaseBeforeActorSystemTerminate(),
        "release-resources",
        () -> {
          // Hands the lease over at once rather than after its duration.
          if (election != null) election.close();
          int killed = executor.killAll();
          if (killed > 0) log.warn("killed {} hook process(es) still running at shutdown", killed);
          // closed only now: hooks that finish during the drain still call their tools
          closeQuietly(tools);
          // every container's services stopped (kill-delay, then SIGKILL) before the journal closes
          pebbles.ifPresent(LocalPebbles::closeAll);
          reporter.close();
          // the relations' informers stop before the client they use is closed
          if (relationTerms != null) relationTerms.termEnded();
          substrate.close();
          blocking.shutdownNow();
          listenerFile.delete();
          registered.close();
          return CompletableFuture.completedFuture(Done.getInstance());
        });
    system.getWhenTerminated().thenRun(() -> stopReason.compareAndSet(null, StopReason.FAILURE));
    if (election != null) {
      log.info(
          "replica election on {}: standing by until this replica holds it", election.describe());
      election.start();
    } else {
      acting.set(true);
      metrics.termStarted();
      system.tell(new Guardian.Act());
    }
  }

  /** What the listener of a model serves with, made before the model's operators. */
  private record Served(
      AdminToken admin,
      ListenerSettings listener,
      URI url,
      LoopbackToolListener tools,
      Optional<LocalPebbles> pebbles) {}

  /** The hook slots every application of a model shares. */
  private BoundedHookExecutor modelExecutor(
      LocalProcessExecutor processes, Path agentsDir, Optional<LocalPebbles> pebbles) {
    io.caasoperator.hook.HookExecutor hooks = LocalSubstrate.hooks(processes, agentsDir);
    return new BoundedHookExecutor(
        pebbles.map(p -> p.hooks(hooks)).orElse(hooks), config.maxConcurrentHooks());
  }

  /**
   * A model ({@code run --bundle}): the model actor starts an operator per application of the
   * bundle once the listener is bound and the bundle read; one listener, hook slots, tools and
   * journal for all of them.
   */
  private void startModel(BundleOperators.Shared shared, Served served) throws Exception {
    BoundedHookExecutor executor = shared.executor();
    Clock clock = shared.clock();
    OperatorMetrics metrics = OperatorMetrics.get(system);
    metrics.hookSlots(executor::running, executor::queuedHooks);
    metrics.buildInfo(Version.current(), Runtime.version().toString());
    JvmMetrics.builder().register(metrics.registry());
    CompletableFuture<Void> listening = new CompletableFuture<>();
    executor.admitOnce(listening);
    BundleOperators operators = new BundleOperators(shared);
    Guardian.ModelStarted started =
        AskPattern.<Guardian.Command, Guardian.ModelStarted>ask(
                system,
                reply ->
                    new Guardian.PrepareModel(
                        ModelActor.create(config.modelName(), operators, clock), reply),
                Duration.ofSeconds(30),
                system.scheduler())
            .toCompletableFuture()
            .get(30, TimeUnit.SECONDS);
    ActorRef<ModelActor.Command> model = started.model();
    operator = started.front();

    var json = JournalJson.mapper();
    Duration ask = Duration.ofSeconds(10);
    HookToolGateway gateway =
        new ModelToolGateway(
            shared.contexts(),
            operators::views,
            clock,
            new ActorHookToolGateway(shared.contexts(), operator, system, ask));
    served.tools().start(gateway);
    AdminToken admin = served.admin();
    ModelStatusRoutes modelStatus = new ModelStatusRoutes(model, system, json, ask);
    Route routes =
        org.apache.pekko.http.javadsl.server.Directives.concat(
            modelStatus.ready(),
            ApiRoutes.admin(admin, modelStatus::status),
            ApiRoutes.of(
                admin,
                new StatusRoutes(operator, system, json, ask),
                new UnitRoutes(operator, system, json, ask, config.execTimeout()),
                new HookToolRoutes(gateway).route(),
                JournalRoutes.ofModel(JournalReader.using(system), json, clock)));
    if (served.pebbles().isPresent()) {
      routes =
          org.apache.pekko.http.javadsl.server.Directives.concat(
              served.pebbles().get().routes(admin, system, json, ask), routes);
    }
    // the model's user secrets, for juju's secret commands (docs/juju.md)
    UserSecretRoutes userSecrets =
        new UserSecretRoutes(
            operators.userSecrets(),
            SecretOwner.model(config.modelName()),
            new SecretIds(clock),
            system,
            json,
            ask);
    routes =
        org.apache.pekko.http.javadsl.server.Directives.concat(
            routes, ApiRoutes.admin(admin, userSecrets::route));
    ServerBinding binding;
    try {
      binding =
          HttpListener.start(system, served.listener(), routes)
              .toCompletableFuture()
              .get(30, TimeUnit.SECONDS);
    } catch (Exception e) {
      listening.completeExceptionally(e);
      throw e;
    }
    Path dataDir = config.dataDir();
    ListenerFile listenerFile = ListenerFile.in(dataDir);
    listenerFile.write(served.url());
    OperatorRegistry.Entry registered = register(served.url(), dataDir);
    // a model juju added answers bin/juju's calls itself (docs/juju.md)
    Optional<JujuListener> juju = JujuMain.listenIn(dataDir);
    listening.complete(null);
    log.info(
        "CAAS Operator {} operating the model {} of {} on the local substrate; listening on {};"
            + " data in {}",
        BuildInfo.current().summary(),
        config.modelName(),
        shared.bundle(),
        served.url(),
        dataDir);
    // the operators start once the bundle is read: after the listener their hooks call is up
    BundleWatch watch =
        new BundleWatch(
            shared.bundle(),
            new ModelBundle(shared.bundle(), model::tell, clock),
            config.specPollInterval(),
            config.specQuietPeriod(),
            clock);

    CoordinatedShutdown shutdown = unbindingAtShutdown(binding);
    shutdown.addTask(
        CoordinatedShutdown.PhaseServiceRequestsDone(),
        "drain-hooks",
        () -> {
          watch.close();
          return drained(
              AskPattern.<ModelActor.Command, Done>ask(
                  model, ModelActor.Drain::new, config.shutdownTimeout(), system.scheduler()));
        });
    shutdown.addTask(
        CoordinatedShutdown.PhaseBeforeActorSystemTerminate(),
        "release-resources",
        () -> {
          int killed = executor.killAll();
          if (killed > 0) log.warn("killed {} hook process(es) still running at shutdown", killed);
          closeQuietly(served.tools());
          served.pebbles().ifPresent(LocalPebbles::closeAll);
          operators.closeAll();
          shared.blocking().shutdownNow();
          listenerFile.delete();
          juju.ifPresent(OperatorRuntime::closeQuietly);
          registered.close();
          return CompletableFuture.completedFuture(Done.getInstance());
        });
    system.getWhenTerminated().thenRun(() -> stopReason.compareAndSet(null, StopReason.FAILURE));
  }

  /**
   * Tells the CLI this operator runs (so {@code caas-operator status} needs no flag); a home it
   * cannot write (a read-only root filesystem in a pod) only costs that convenience.
   */
  private OperatorRegistry.Entry register(URI url, Path dataDir) {
    OperatorRegistry registry = OperatorConfig.registry(System.getenv());
    ProcessHandle self = ProcessHandle.current();
    // a model's applications as its bundle names them now, so that a unit named on the command line
    // finds the model that runs it (applications added later need --data-dir)
    java.util.List<String> applications =
        bundle == null
            ? java.util.List.of()
            : java.util.Optional.ofNullable(io.caasoperator.model.BundleFile.read(bundle).bundle())
                .map(b -> b.applications().stream().map(a -> a.name().value()).toList())
                .orElse(java.util.List.of());
    try {
      return registry.register(
          new Registration(
              self.pid(),
              self.info().startInstant(),
              config.application().value(),
              dataDir.toAbsolutePath().normalize(),
              url,
              applications));
    } catch (java.io.UncheckedIOException e) {
      log.warn(
          "{}; the CLI finds this operator only with --data-dir {} (or --url)",
          e.getMessage(),
          dataDir);
      return new OperatorRegistry.Entry(registry.directory().resolve("none"));
    }
  }

  private CompletableFuture<Done> drain(ActorRef<OperatorActor.Command> operator) {
    log.info(
        "stopping: no new hooks; waiting up to {} for running hooks",
        DurationText.format(config.shutdownTimeout()));
    return drained(
        AskPattern.<OperatorActor.Command, Done>ask(
            operator, OperatorActor.Drain::new, config.shutdownTimeout(), system.scheduler()));
  }

  /** The system's shutdown, which first unbinds the listener. */
  private CoordinatedShutdown unbindingAtShutdown(ServerBinding binding) {
    CoordinatedShutdown shutdown = CoordinatedShutdown.get(system);
    shutdown.addTask(
        CoordinatedShutdown.PhaseServiceUnbind(),
        "http-unbind",
        () -> binding.unbind().thenApply(d -> Done.getInstance()));
    return shutdown;
  }

  /** A drain that ends by the shutdown timeout: what still runs then is killed. */
  private CompletableFuture<Done> drained(java.util.concurrent.CompletionStage<Done> drain) {
    return drain
        .exceptionally(
            e -> {
              log.warn(
                  "hooks still running after {}: they will be killed",
                  DurationText.format(config.shutdownTimeout()));
              return Done.getInstance();
            })
        .toCompletableFuture();
  }

  /**
   * Port 0 means "any free port"; it is chosen here, before binding, because hooks are told the
   * listener's URL (for their hook tools) when the operator starts.
   */
  private static int concretePort(int port) throws IOException {
    if (port != 0) return port;
    try (java.net.ServerSocket socket =
        new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }

  /** Begins a clean shutdown; safe to call more than once and from any thread. */
  public void stop(StopReason reason, String why) {
    if (stopReason.compareAndSet(null, reason)) {
      log.info("shutting down: {}", why);
    }
    if (system != null) CoordinatedShutdown.get(system).runAll(CoordinatedShutdown.unknownReason());
  }

  private static void closeQuietly(AutoCloseable closeable) {
    try {
      closeable.close();
    } catch (Exception e) {
      log.warn("closing {}: {}", closeable, e.toString());
    }
  }

  /** The running operator actor (for in-process tools such as the benchmarks). */
  public ActorRef<OperatorActor.Command> operator() {
    return operator;
  }

  public ActorSystem<?> system() {
    return system;
  }

  /** Blocks until the actor system has terminated; returns the process exit code. */
  public int awaitTermination() throws Exception {
    system.getWhenTerminated().toCompletableFuture().get();
    StopReason reason = stopReason.get();
    return reason == null ? StopReason.FAILURE.exitCode : reason.exitCode;
  }
}
