package io.caasoperator.substrate.kubernetes;

import io.caasoperator.domain.ApplicationName;
import io.caasoperator.domain.CharmStorage;
import io.caasoperator.domain.UnitAddresses;
import io.caasoperator.domain.UnitId;
import io.caasoperator.hook.HookExecutor;
import io.caasoperator.substrate.ApplicationObservation;
import io.caasoperator.substrate.ApplicationReporting;
import io.caasoperator.substrate.ApplicationSource;
import io.caasoperator.substrate.ContainerStartSource;
import io.caasoperator.substrate.ContainerStarted;
import io.caasoperator.substrate.ReplicaElection;
import io.caasoperator.substrate.StorageLayout;
import io.caasoperator.substrate.Substrate;
import io.caasoperator.substrate.UnitObservation;
import io.caasoperator.substrate.UnitRemover;
import io.caasoperator.substrate.UnitSource;
import io.caasoperator.substrate.UnitsObserved;
import io.caasoperator.substrate.Watch;
import io.caasoperator.substrate.WatchSink;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The production substrate: the application is an {@link Application} resource, its units are the
 * pods its selector matches, and a unit's containers start when the pod's statuses say so. Every
 * watch runs its own fabric8 informer (with resync), so a watch that fails and is restarted by its
 * watcher actor lists everything again and nothing is missed.
 *
 * <p>Blocking calls to the API server (adopting pods with the finalizer, releasing them, looking up
 * the selector) run on virtual threads of this substrate, never on an informer's event thread
 * (which would hold up every later event) and never on an actor's.
 */
public final class KubernetesSubstrate implements Substrate {

  private static final Logger log = LoggerFactory.getLogger(KubernetesSubstrate.class);

  /** Optimistic JSON patches that lost a race are retried this often, each on a fresh read. */
  private static final int PATCH_ATTEMPTS = 5;

  private final KubernetesClient client;
  private final String namespace;
  private final ApplicationName application;
  private final long resyncMillis;
  private final String initContainer;
  private final HookExecutor hooks;
  private final ApplicationReporting reporting;
  private final LeaseElection.Settings lease;
  private final KubernetesApiRequests apiRequests;
  private final ObservedGeneration generation;
  private final AutoCloseable owned;
  private final ExecutorService blocking =
      Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("kubernetes-", 0).factory());

  /** The last valid specification seen; its selector picks the pods, its mode the executor. */
  private volatile KubernetesSpec current;

  private final Set<PodWatch> podWatches = ConcurrentHashMap.newKeySet();

  /**
   * Running application watches, closed with the substrate: an informer left running when the
   * client closes stops with an error, which its watcher would log as a failure at every clean
   * exit.
   */
  private final Set<Watch> applicationWatches = ConcurrentHashMap.newKeySet();

  /** Pods (by uid) whose finalizer is being added now, so a burst of events adds it once. */
  private final Set<String> adopting = ConcurrentHashMap.newKeySet();

  /**
   * Each unit's pod as the units watch last listed it (by ordinal): its IP and volumes, read
   * without a call to the API server. Replaced whole on every listing.
   */
  private volatile Map<Integer, Pod> unitPods = Map.of();

  /** The application's Service as its watch last saw it; null when there is none (or no watch). */
  private volatile Service service;

  /**
   * Watches the Service named after the application, beside the units watch; null when none runs.
   */
  private final java.util.concurrent.atomic.AtomicReference<Watch> serviceWatch =
      new java.util.concurrent.atomic.AtomicReference<>();

  /** CLOUD_API_VERSION: read once by {@link KubernetesCluster#connect}; empty when unknown. */
  private volatile String apiVersion = "";

  /**
   * A substrate without reporting or election (tests, or a caller that wires them itself).
   *
   * @param client connected to the cluster; owned by the caller, who closes it after this
   * @param namespace where the Application and its pods are
   * @param application the Application resource's name
   * @param resync how often informers replay their cache (a safety net for missed events)
   * @param initContainer the init container that waits for the charm ({@code charm-init})
   * @param workload runs hooks inside the unit's pod (deployment mode {@code workload})
   * @param operator runs hooks in the operator's process (deployment mode {@code operator})
   */
  public KubernetesSubstrate(
      KubernetesClient client,
      String namespace,
      ApplicationName application,
      Duration resync,
      String initContainer,
      HookExecutor workload,
      HookExecutor operator) {
    this(
        client,
        namespace,
        application,
        resync,
        initContainer,
        pods -> workload,
        operator,
        ApplicationReporting.NONE,
        null,
        new KubernetesApiRequests(),
        new ObservedGeneration(),
        null);
  }

  /**
   * @param workload makes the executor that runs hooks inside the units' pods (deployment mode
   *     {@code workload}) from this substrate's lookup of a unit's pod
   * @param reporting where the application's status and Events go
   * @param lease the replica election's settings; null when every replica acts
   * @param apiRequests counts the client's requests (an interceptor the client was built with)
   * @param generation set to the generation of each Application handed to the operator
   * @param owned closed with this substrate (the client it was given), or null
   */
  KubernetesSubstrate(
      KubernetesClient client,
      String namespace,
      ApplicationName application,
      Duration resync,
      String initContainer,
      Function<UnitPods, HookExecutor> workload,
      HookExecutor operator,
      ApplicationReporting reporting,
      LeaseElection.Settings lease,
      KubernetesApiRequests apiRequests,
      ObservedGeneration generation,
      AutoCloseable owned) {
    if (client == null) throw new IllegalArgumentException("kubernetes client is missing");
    if (namespace == null || namespace.isBlank())
      throw new IllegalArgumentException("namespace is empty");
    if (application == null) throw new IllegalArgumentException("application is missing");
    if (resync == null || resync.isNegative())
      throw new IllegalArgumentException("resync must be >= 0, got " + resync);
    if (initContainer == null || initContainer.isBlank())
      throw new IllegalArgumentException("init container name is empty");
    if (workload == null) throw new IllegalArgumentException("workload hook executor is missing");
    if (operator == null) throw new IllegalArgumentException("operator hook executor is missing");
    if (reporting == null) throw new IllegalArgumentException("reporting is missing");
    if (apiRequests == null) throw new IllegalArgumentException("API request counter is missing");
    this.client = client;
    this.namespace = namespace;
    this.application = application;
    this.resyncMillis = resync.toMillis();
    this.initContainer = initContainer;
    this.reporting = reporting;
    this.lease = lease;
    this.apiRequests = apiRequests;
    this.generation = generation;
    this.owned = owned;
    this.hooks =
        new ModeSwitchingExecutor(workload.apply(this::podOf), operator, this::deploymentMode);
  }

  @Override
  public ApplicationReporting reporting() {
    return reporting;
  }

  /** Told of every charm the operator announces ({@link #charmDeployed}); nobody by default. */
  private volatile Consumer<io.caasoperator.domain.CharmInfo> charmListener = charm -> {};

  /**
   * Who hears of each charm the operator deploys (and of the recorded one after a restart): the
   * relations of the application ({@link ClusterRelations#endpointsKnown}) read its endpoints from
   * it. Called on the operator's thread: the listener must not block.
   */
  public void onCharmDeployed(Consumer<io.caasoperator.domain.CharmInfo> listener) {
    charmListener = java.util.Objects.requireNonNull(listener, "listener");
  }

  @Override
  public void charmDeployed(io.caasoperator.domain.CharmInfo charm) {
    charmListener.accept(charm);
  }

  /**
   * The relations of this application with the others of its namespace ({@link Relation} objects),
   * not started: one per term of the operator, closed when the term ends.
   */
  public ClusterRelations relations(java.time.Clock clock, ClusterRelations.Listener listener) {
    return new ClusterRelations(client, namespace, application, clock, listener);
  }

  @Override
  public Optional<ReplicaElection> election(ReplicaElection.Terms terms) {
    return lease == null
        ? Optional.empty()
        : Optional.of(new LeaseElection(client, namespace, lease, terms));
  }

  @Override
  public String name() {
    return "kubernetes";
  }

  @Override
  public ApplicationSource applicationSource() {
    return this::watchApplication;
  }

  @Override
  public UnitSource unitSource() {
    return sink -> {
      watchService();
      return watchPods("units", sink, new UnitListing(sink));
    };
  }

  /**
   * A unit's addresses from its pod as last listed (its IP) and the application's Service (its
   * cluster IP, a load balancer's address): see {@link UnitAddresses#kubernetes}.
   */
  @Override
  public UnitAddresses.Source addresses() {
    return unit -> {
      Pod pod = unitPods.get(unit.ordinal());
      if (pod == null) return UnitAddresses.UNKNOWN; // not a unit this substrate lists
      String podIp = pod == null || pod.getStatus() == null ? null : pod.getStatus().getPodIP();
      Service current = service;
      return UnitAddresses.kubernetes(podIp, clusterIp(current), externalAddress(current));
    };
  }

  @Override
  public String cloudApiVersion() {
    return apiVersion;
  }

  /**
   * Where a unit's storage is in its pod, where its hooks run: the mount path of the volume named
   * after the storage ({@code data}: a StatefulSet's {@code volumeClaimTemplates} entry {@code
   * data}) in the pod's default container, as the units watch last listed the pod; without such a
   * mount, Juju's rule ({@link StorageLayout#JUJU_DEFAULT}: the charm's location, else {@code
   * /var/lib/juju/storage/<name>/<n>}), where the StatefulSet should mount it. Instances cannot be
   * added ({@code storage-add}): a pod's volumes are fixed by its StatefulSet.
   */
  @Override
  public StorageLayout storageLayout() {
    return new StorageLayout() {
      @Override
      public String location(UnitId unit, String id, CharmStorage spec) {
        String name = id.substring(0, id.indexOf('/'));
        return listedPod(unit)
            .flatMap(pod -> mountPath(pod, name))
            .orElseGet(() -> StorageLayout.JUJU_DEFAULT.location(unit, id, spec));
      }

      @Override
      public boolean canAdd() {
        return false;
      }
    };
  }

  /** Where the pod's default container mounts the volume {@code volume}, if it does. */
  static Optional<String> mountPath(Pod pod, String volume) {
    String container = KubernetesHookExecutor.workloadContainer(pod);
    if (container == null || pod.getSpec() == null || pod.getSpec().getContainers() == null)
      return Optional.empty();
    return pod.getSpec().getContainers().stream()
        .filter(c -> container.equals(c.getName()) && c.getVolumeMounts() != null)
        .flatMap(c -> c.getVolumeMounts().stream())
        .filter(m -> volume.equals(m.getName()) && m.getMountPath() != null)
        .map(m -> m.getMountPath())
        .findFirst();
  }

  /**
   * Reads the API server's version now (blocking; once, at connect): {@code 1.31.2}; empty when it
   * cannot.
   */
  void readApiVersion() {
    try {
      var version = client.getKubernetesVersion();
      if (version != null && version.getGitVersion() != null) {
        String git = version.getGitVersion();
        apiVersion = git.startsWith("v") ? git.substring(1) : git;
      }
    } catch (RuntimeException e) {
      log.debug("cannot read the Kubernetes API server's version: {}", e.toString());
    }
  }

  /** The unit's pod as last listed, or empty: for what hooks see of it (volumes). */
  public Optional<Pod> listedPod(UnitId unit) {
    return Optional.ofNullable(unitPods.get(unit.ordinal()));
  }

  /**
   * Starts watching the Service named after the application (Juju's application Service), unless a
   * watch runs. A watch that fails (no such permission, the API server gone) only logs: units then
   * advertise their pod IPs, and the next units watch tries again.
   */
  private void watchService() {
    if (serviceWatch.get() != null) return;
    try {
      var informer =
          client
              .services()
              .inNamespace(namespace)
              .withName(application.value())
              .runnableInformer(resyncMillis);
      Watch[] self = {null};
      WatchSink<Object> quiet =
          new WatchSink<>() {
            @Override
            public void observed(Object observation) {}

            @Override
            public void failed(Throwable cause) {
              log.info(
                  "cannot watch Service {}: {}; units advertise their pod IPs",
                  application,
                  cause.toString());
              service = null;
              serviceWatch.compareAndSet(self[0], null);
            }
          };
      InformerWatch<Service> watch =
          new InformerWatch<>(
              "service",
              informer,
              quiet,
              services ->
                  service =
                      services.stream()
                          .filter(s -> application.value().equals(s.getMetadata().getName()))
                          .findFirst()
                          .orElse(null),
              () -> serviceWatch.compareAndSet(self[0], null));
      self[0] = watch;
      if (serviceWatch.compareAndSet(null, watch)) watch.start();
    } catch (RuntimeException e) {
      log.info("cannot watch Service {}: {}", application, e.toString());
    }
  }

  private static String clusterIp(Service service) {
    if (service == null || service.getSpec() == null) return null;
    String ip = service.getSpec().getClusterIP();
    return ip == null || ip.isEmpty() || "None".equals(ip) ? null : ip;
  }

  private static String externalAddress(Service service) {
    if (service == null
        || service.getStatus() == null
        || service.getStatus().getLoadBalancer() == null
        || service.getStatus().getLoadBalancer().getIngress() == null) {
      return null;
    }
    return service.getStatus().getLoadBalancer().getIngress().stream()
        .map(i -> i.getIp() != null && !i.getIp().isEmpty() ? i.getIp() : i.getHostname())
        .filter(a -> a != null && !a.isEmpty())
        .findFirst()
        .orElse(null);
  }

  @Override
  public ContainerStartSource containerStartSource() {
    return sink -> watchPods("container starts", sink, new StartListing(sink));
  }

  @Override
  public UnitRemover unitRemover() {
    return this::release;
  }

  @Override
  public HookExecutor hookExecutor() {
    return hooks;
  }

  /** Where hooks run now: as the specification says, {@code workload} until one was read. */
  public DeploymentMode deploymentMode() {
    KubernetesSpec spec = current;
    return spec == null ? DeploymentMode.WORKLOAD : spec.deploymentMode();
  }

  public String namespace() {
    return namespace;
  }

  /** The generation of the Application last handed to the operator, or null before the first. */
  public Long observedGeneration() {
    return generation.get();
  }

  @Override
  public void registerMetrics(io.caasoperator.metrics.OperatorMetrics metrics) {
    metrics.kubernetesApi(apiRequests::counts);
  }

  @Override
  public void close() {
    Watch services = serviceWatch.getAndSet(null);
    if (services != null) services.close();
    podWatches.forEach(PodWatch::close);
    applicationWatches.forEach(Watch::close);
    blocking.shutdownNow();
    if (owned != null) {
      try {
        owned.close();
      } catch (Exception e) {
        log.debug("closing the Kubernetes client: {}", e.toString());
      }
    }
  }

  // ---- the application -----------------------------------------------------------------------

  private Watch watchApplication(WatchSink<ApplicationObservation> sink) {
    var informer = Application.of(client, namespace, application).runnableInformer(resyncMillis);
    ApplicationObservation[] last = {null};
    Consumer<List<Application>> onChange =
        resources -> {
          Application resource =
              resources.stream()
                  .filter(r -> application.value().equals(r.getMetadata().getName()))
                  .findFirst()
                  .orElse(null);
          ApplicationObservation observation =
              ApplicationSpecReading.observe(application, resource);
          if (observation instanceof ApplicationObservation.Specified) {
            specified(ApplicationSpecReading.read(application, resource));
          }
          if (!observation.equals(last[0])) {
            last[0] = observation;
            switch (observation) {
              case ApplicationObservation.Invalid invalid -> log.warn("{}", invalid.problem());
              case ApplicationObservation.NotFound gone -> log.info("{}", gone.reason());
              case ApplicationObservation.Removed removed -> log.info("{}", removed.reason());
              case ApplicationObservation.Specified specified ->
                  log.debug("application {} specified", application);
            }
            sink.observed(observation);
          }
          // Also when nothing the operator acts on changed (an edit and its undo): it has seen this
          // generation, and status.observedGeneration says so.
          generation.received(resource);
        };
    Watch[] self = {null};
    InformerWatch<Application> watch =
        new InformerWatch<>(
            "application", informer, sink, onChange, () -> applicationWatches.remove(self[0]));
    self[0] = watch;
    applicationWatches.add(watch);
    return watch.start();
  }

  private void specified(KubernetesSpec spec) {
    KubernetesSpec before = current;
    current = spec;
    if (before != null && !before.selector().equals(spec.selector())) {
      log.info(
          "the pods' selector changed from {} to {}: watching pods again",
          before.selector(),
          spec.selector());
    }
    for (PodWatch watch : podWatches) {
      if (watch.selector != null && !watch.selector.equals(spec.selector())) {
        watch.fail(new IllegalStateException("the pods' selector changed to " + spec.selector()));
      }
    }
  }

  /** The pods' selector: from the last specification, else read now (blocking). */
  private Map<String, String> selector() {
    KubernetesSpec spec = current;
    if (spec != null) return spec.selector();
    Application resource = Application.of(client, namespace, application).get();
    if (resource != null) {
      try {
        KubernetesSpec read = ApplicationSpecReading.read(application, resource);
        current = read;
        return read.selector();
      } catch (IllegalArgumentException e) {
        log.debug("using the default selector until the application is valid: {}", e.getMessage());
      }
    }
    return Map.of(ApplicationSpecReading.NAME_LABEL, application.value());
  }

  // ---- pods ----------------------------------------------------------------------------------

  /**
   * Starts a pod informer on a virtual thread (finding the selector may need the API server), so
   * that the watcher actor that calls this never blocks.
   */
  private Watch watchPods(String what, WatchSink<?> sink, Consumer<List<Pod>> onChange) {
    PodWatch watch = new PodWatch(what, sink, onChange);
    podWatches.add(watch);
    try {
      blocking.execute(watch::start);
    } catch (RejectedExecutionException e) {
      sink.failed(new IllegalStateException("the kubernetes substrate is closed"));
    }
    return watch;
  }

  /** A pod watch whose informer is created once the selector is known. */
  private final class PodWatch implements Watch {
    private final String what;
    private final WatchSink<?> sink;
    private final Consumer<List<Pod>> onChange;
    private volatile Map<String, String> selector;
    private InformerWatch<Pod> informer;
    private boolean closed;

    PodWatch(String what, WatchSink<?> sink, Consumer<List<Pod>> onChange) {
      this.what = what;
      this.sink = sink;
      this.onChange = onChange;
    }

    void start() {
      Map<String, String> labels;
      try {
        labels = selector();
      } catch (RuntimeException e) {
        fail(e);
        return;
      }
      synchronized (this) {
        if (closed) return;
        selector = labels;
        var pods =
            client.pods().inNamespace(namespace).withLabels(labels).runnableInformer(resyncMillis);
        informer = new InformerWatch<>(what, pods, sink, onChange, () -> podWatches.remove(this));
      }
      informer.start();
    }

    void fail(Throwable cause) {
      InformerWatch<Pod> running;
      synchronized (this) {
        if (closed) return;
        running = informer;
        if (running == null) closed = true;
      }
      if (running != null) {
        running.fail(cause);
      } else {
        podWatches.remove(this);
        sink.failed(cause);
      }
    }

    @Override
    public void close() {
      InformerWatch<Pod> running;
      synchronized (this) {
        closed = true;
        running = informer;
      }
      podWatches.remove(this);
      if (running != null) running.close();
    }
  }

  /** Complete unit listings when they change; adopts new pods with the finalizer. */
  private final class UnitListing implements Consumer<List<Pod>> {
    private final WatchSink<UnitsObserved> sink;
    private List<UnitObservation> last;

    UnitListing(WatchSink<UnitsObserved> sink) {
      this.sink = sink;
    }

    @Override
    public void accept(List<Pod> pods) {
      Map<Integer, Pod> byOrdinal = new java.util.HashMap<>();
      for (Pod pod : pods) {
        PodUnits.ordinal(pod)
            .ifPresent(
                n -> {
                  UnitId unit = new UnitId(application, n);
                  PodUnits.podOf(unit, pods).ifPresent(p -> byOrdinal.put(n, p));
                });
      }
      unitPods = Map.copyOf(byOrdinal);
      List<UnitObservation> listing = PodUnits.listing(application, pods);
      if (!listing.equals(last)) {
        last = listing;
        sink.observed(new UnitsObserved(listing, true));
      }
      for (Pod pod : pods) {
        if (PodUnits.ordinal(pod).isPresent() && UnitFinalizer.needed(pod)) adopt(pod);
      }
    }
  }

  /** Each container start once per watch; a restarted watch announces current ones again. */
  private final class StartListing implements Consumer<List<Pod>> {
    private final WatchSink<ContainerStarted> sink;
    private final Set<ContainerStarted> sent = new HashSet<>();

    StartListing(WatchSink<ContainerStarted> sink) {
      this.sink = sink;
    }

    @Override
    public void accept(List<Pod> pods) {
      Set<ContainerStarted> now = new HashSet<>();
      for (Pod pod : pods) {
        for (ContainerStarted start : ContainerStarts.of(application, pod, initContainer)) {
          now.add(start);
          if (sent.add(start)) sink.observed(start);
        }
      }
      // Forget starts no longer visible: their ids never come back, so memory stays bounded.
      sent.retainAll(now);
    }
  }

  // ---- the finalizer -------------------------------------------------------------------------

  private void adopt(Pod pod) {
    String uid =
        pod.getMetadata().getUid() == null
            ? pod.getMetadata().getName()
            : pod.getMetadata().getUid();
    if (!adopting.add(uid)) return;
    try {
      blocking.execute(
          () -> {
            try {
              addFinalizer(pod.getMetadata().getName());
            } catch (RuntimeException e) {
              // The next event or resync of this pod tries again.
              log.warn(
                  "cannot add finalizer {} to pod {}: {}",
                  UnitFinalizer.NAME,
                  pod.getMetadata().getName(),
                  e.toString());
            } finally {
              adopting.remove(uid);
            }
          });
    } catch (RejectedExecutionException e) {
      adopting.remove(uid);
    }
  }

  /** Adds the finalizer, guarded by the resource version read, so no concurrent edit is lost. */
  void addFinalizer(String podName) {
    patchFinalizers(
        podName, UnitFinalizer::needed, UnitFinalizer::added, "adopted: finalizer {} added");
  }

  /**
   * Lets the unit's pods go: removes the finalizer from every pod of the unit that is being
   * deleted. Pods not being deleted keep it: a new pod with the same ordinal (a StatefulSet that
   * scaled down and up again) belongs to a new incarnation of the unit. Idempotent; a pod already
   * gone is fine.
   */
  void release(UnitId unit) {
    Map<String, String> labels = selector();
    List<Pod> pods = client.pods().inNamespace(namespace).withLabels(labels).list().getItems();
    for (Pod pod : pods) {
      if (PodUnits.ordinal(pod).filter(n -> n == unit.ordinal()).isEmpty()) continue;
      if (pod.getMetadata().getDeletionTimestamp() == null) continue;
      removeFinalizer(pod.getMetadata().getName());
    }
  }

  private void removeFinalizer(String podName) {
    patchFinalizers(
        podName, UnitFinalizer::present, UnitFinalizer::removed, "released: finalizer {} removed");
  }

  /**
   * While {@code due(pod)}, sets the pod's finalizers to {@code finalizers(pod)}, guarded by the
   * resource version read and read again after a lost race; a pod already gone is fine.
   *
   * @param done what is logged after "pod NAME", with the finalizer's name for its {@code {}}
   */
  private void patchFinalizers(
      String podName, Predicate<Pod> due, Function<Pod, List<String>> finalizers, String done) {
    for (int attempt = 1; ; attempt++) {
      Pod pod = client.pods().inNamespace(namespace).withName(podName).get();
      if (pod == null || !due.test(pod)) return;
      String patch = JsonPatches.guardedFinalizers(pod, finalizers.apply(pod));
      try {
        client.pods().inNamespace(namespace).withName(podName).patch(JsonPatches.CONTEXT, patch);
        log.info("pod {} " + done, podName, UnitFinalizer.NAME);
        return;
      } catch (KubernetesClientException e) {
        if (e.getCode() == 404) return;
        if (!JsonPatches.lostRace(e) || attempt >= PATCH_ATTEMPTS) throw e;
      }
    }
  }

  /** The pod of a unit as the API server has it now (blocking), for remote init. */
  public Optional<Pod> podOf(UnitId unit) {
    List<Pod> pods = client.pods().inNamespace(namespace).withLabels(selector()).list().getItems();
    return PodUnits.podOf(unit, pods);
  }
}
