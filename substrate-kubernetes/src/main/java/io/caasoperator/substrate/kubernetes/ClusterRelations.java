package io.caasoperator.substrate.kubernetes;

import io.caasoperator.domain.ApplicationName;
import io.caasoperator.model.CharmEndpoint;
import io.caasoperator.relation.DeclaredRelation;
import io.caasoperator.relation.RelationSide;
import io.caasoperator.relation.RelationSides;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Relations between applications on Kubernetes, for the operator of one application: the
 * namespace's {@link Relation} objects declare them, and each application's operator, in whatever
 * process it runs, meets the others only through the API server.
 *
 * <ul>
 *   <li>Two informers (level-triggered, each change judged with the whole picture): the Relations
 *       of the namespace, and its relation ConfigMaps (label {@value RelationRecords#LABEL}): the
 *       ledger of ids ({@link RelationLedger}) and each application's record ({@link
 *       RelationRecords}: its endpoints and its sides).
 *   <li>Decisions are {@link RelationsPlan}'s; this class only carries them out: numbers relations
 *       in the ledger (compare-and-swap), writes the statuses of the Relations naming its
 *       application, and writes its application's record when its endpoints or sides changed.
 *   <li>The operator is told through its {@link Listener}: all its relations whenever they change
 *       ({@code OperatorActor.RelationsDeclared}), and each other side as it changes ({@code
 *       RemoteSideObserved}), the latest ones again after every declaration.
 *   <li>All Kubernetes I/O runs on one virtual thread of its own, one pass at a time, never on an
 *       informer's thread or the caller's: {@link #published} and {@link #endpointsKnown} only note
 *       what is new and ask for a pass. A failed pass is tried again after {@link #RETRY}; a lost
 *       compare-and-swap at once.
 * </ul>
 */
public final class ClusterRelations implements RelationSides, AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(ClusterRelations.class);

  /** How long after a failed pass the next one runs. */
  static final Duration RETRY = Duration.ofSeconds(2);

  /** Where the operator hears of its relations. Called on the relations thread; must not block. */
  public interface Listener {
    /** Every relation of the application, peers included, with the namespace's ids. */
    void declared(List<DeclaredRelation> relations);

    /** The other application's side of a declared relation, as it now is. */
    void remoteSideObserved(RelationSide side);
  }

  private final KubernetesClient client;
  private final String namespace;
  private final ApplicationName self;
  private final Clock clock;
  private final Listener listener;
  private final RelationsPlan plan;
  private final ExecutorService thread;
  private final AtomicBoolean passAsked = new AtomicBoolean();
  private volatile boolean open = true;

  private SharedIndexInformer<Relation> relations;
  private SharedIndexInformer<ConfigMap> records;

  // Written by callers, read by passes.
  private volatile List<CharmEndpoint> ownEndpoints;
  // null until the operator publishes in this term: till then its record keeps the sides it holds
  private volatile List<RelationSide> ownSides;

  // Only the relations thread touches these.
  private List<DeclaredRelation> declared;
  private Map<Long, RelationSide> delivered = new HashMap<>();

  /**
   * @param self the application this operator runs
   * @param listener told of the application's relations and their other sides
   */
  public ClusterRelations(
      KubernetesClient client,
      String namespace,
      ApplicationName self,
      Clock clock,
      Listener listener) {
    this.client = Objects.requireNonNull(client, "client");
    this.namespace = Objects.requireNonNull(namespace, "namespace");
    this.self = Objects.requireNonNull(self, "self");
    this.clock = Objects.requireNonNull(clock, "clock");
    this.listener = Objects.requireNonNull(listener, "listener");
    this.plan = new RelationsPlan(self);
    this.thread =
        Executors.newSingleThreadExecutor(Thread.ofVirtual().name("relations-" + self).factory());
  }

  /** Starts both informers; returns at once. The first pass runs once both have listed. */
  public ClusterRelations start() {
    long resync = KubernetesCluster.RESYNC.toMillis();
    relations = client.resources(Relation.class).inNamespace(namespace).runnableInformer(resync);
    records =
        client
            .configMaps()
            .inNamespace(namespace)
            .withLabel(RelationRecords.LABEL)
            .runnableInformer(resync);
    for (SharedIndexInformer<? extends HasMetadata> informer : List.of(relations, records)) {
      informer.addEventHandler(new OnAnyChange<>(this::askPass));
      informer.start().whenComplete((ignored, failure) -> askPass());
    }
    return this;
  }

  /**
   * The application's charm's endpoints ({@link CharmEndpoint#of}), known once its charm is
   * deployed: published for the other operators, and its peer relations numbered.
   */
  public void endpointsKnown(List<CharmEndpoint> endpoints) {
    ownEndpoints = List.copyOf(endpoints);
    askPass();
  }

  /** The operator's sides of its relations with other applications: published in its record. */
  @Override
  public void published(String application, List<RelationSide> sides) {
    if (!self.value().equals(application)) return;
    ownSides = List.copyOf(sides);
    askPass();
  }

  private void askPass() {
    if (open && passAsked.compareAndSet(false, true)) thread.execute(this::pass);
  }

  private void pass() {
    passAsked.set(false);
    if (!open || !relations.hasSynced() || !records.hasSynced()) return;
    try {
      passOnce();
    } catch (KubernetesClientException e) {
      // 409: another operator wrote the ledger first (or this cache was behind); the watch brings
      // the newer version, and with it the next pass. Logged at debug: it is how races end.
      if (e.getCode() == 409) log.debug("relations of {}: lost a race: {}", self, e.getMessage());
      else log.warn("relations of {}: {}; again in {}", self, e.getMessage(), RETRY);
      CompletableFuture.delayedExecutor(RETRY.toMillis(), TimeUnit.MILLISECONDS)
          .execute(this::askPass);
    } catch (RuntimeException e) {
      // a bug must not end the relations of the application silently: logged, tried again
      log.error("relations of {}: a pass failed; again in {}", self, RETRY, e);
      CompletableFuture.delayedExecutor(RETRY.toMillis(), TimeUnit.MILLISECONDS)
          .execute(this::askPass);
    }
  }

  private void passOnce() {
    Map<String, ConfigMap> maps = new HashMap<>();
    for (ConfigMap map : records.getStore().list()) maps.put(map.getMetadata().getName(), map);

    Map<ApplicationName, List<CharmEndpoint>> endpoints = new HashMap<>();
    Map<ApplicationName, Map<Long, RelationSide>> sides = new HashMap<>();
    for (ConfigMap map : maps.values()) {
      String owner = map.getMetadata().getLabels().get(RelationRecords.LABEL);
      if (owner == null || !ApplicationName.isValid(owner)) continue;
      ApplicationName application = ApplicationName.of(owner);
      RelationRecords.endpoints(map.getData()).ifPresent(e -> endpoints.put(application, e));
      sides.put(application, RelationRecords.sides(owner, map.getData()));
    }
    // after a restart, until the charm is known again, the endpoints this application published
    List<CharmEndpoint> own = ownEndpoints != null ? ownEndpoints : endpoints.get(self);
    if (own != null) endpoints.put(self, own);
    Optional<RelationLedger> ledger =
        Optional.ofNullable(maps.get(RelationLedger.NAME))
            .map(map -> RelationLedger.read(map.getData()));

    List<RelationsPlan.RelationObject> objects = new ArrayList<>();
    Map<String, Relation> byName = new HashMap<>();
    for (Relation relation : relations.getStore().list()) {
      byName.put(relation.getMetadata().getName(), relation);
      objects.add(
          new RelationsPlan.RelationObject(
              relation.getMetadata().getName(),
              relation.getMetadata().getUid(),
              relation.getMetadata().getGeneration(),
              relation.getSpec() == null ? null : relation.getSpec().endpoints(),
              relation.getStatus()));
    }

    if (own != null) {
      ConfigMap mine = maps.get(RelationRecords.nameOf(self.value()));
      // a new term writes its endpoints at once, but never takes sides away before its operator
      // said what they are now (it publishes them after recovery)
      List<RelationSide> published = ownSides;
      List<RelationSide> sidesNow =
          published != null
              ? published
              : List.copyOf(
                  RelationRecords.sides(self.value(), mine == null ? null : mine.getData())
                      .values());
      Map<String, String> record = RelationRecords.data(own, sidesNow);
      if (mine == null || !record.equals(mine.getData()))
        write(mine, RelationRecords.nameOf(self.value()), self.value(), record);
    }

    RelationsPlan.Decided decided =
        plan.next(new RelationsPlan.Seen(objects, endpoints, sides, ledger));
    if (decided.ledger().isPresent()) {
      write(
          maps.get(RelationLedger.NAME),
          RelationLedger.NAME,
          RelationRecords.LEDGER,
          decided.ledger().get().data());
      return; // the ledger's informer brings the next pass, with the ids it now holds
    }
    decided.statuses().forEach((name, status) -> writeStatus(byName.get(name), status));
    decided.declarations().ifPresent(relations -> tell(relations, decided.remoteSides()));
  }

  /**
   * Tells the operator its relations when they changed, then every other side (again, after a
   * declaration), else only the sides that changed.
   */
  private void tell(List<DeclaredRelation> relations, List<RelationSide> remoteSides) {
    boolean declaredNow = !relations.equals(declared);
    if (declaredNow) {
      declared = relations;
      listener.declared(relations);
    }
    Map<Long, RelationSide> latest = new HashMap<>();
    for (RelationSide side : remoteSides) {
      latest.put(side.relationId(), side);
      if (declaredNow || !side.equals(delivered.get(side.relationId())))
        listener.remoteSideObserved(side);
    }
    delivered = latest;
  }

  /** Creates or replaces a relation ConfigMap; the replacement is guarded by its version. */
  private void write(ConfigMap before, String name, String owner, Map<String, String> data) {
    ConfigMap map =
        new ConfigMapBuilder()
            .withNewMetadata()
            .withName(name)
            .withNamespace(namespace)
            .addToLabels(RelationRecords.LABEL, owner)
            .addToLabels("app.kubernetes.io/managed-by", "caas-operator")
            .withResourceVersion(before == null ? null : before.getMetadata().getResourceVersion())
            .endMetadata()
            .withData(data)
            .build();
    if (before == null) client.configMaps().inNamespace(namespace).resource(map).create();
    else client.configMaps().inNamespace(namespace).resource(map).update();
  }

  private void writeStatus(Relation relation, RelationResourceStatus status) {
    if (relation == null) return;
    var now = clock.instant();
    try {
      client
          .resources(Relation.class)
          .inNamespace(namespace)
          .withName(relation.getMetadata().getName())
          .editStatus(
              resource -> {
                List<ApplicationCondition> before =
                    resource.getStatus() == null ? null : resource.getStatus().conditions();
                resource.setStatus(
                    new RelationResourceStatus(
                        status.relationId(),
                        status.key(),
                        status.interfaceName(),
                        status.observedGeneration(),
                        ApplicationConditions.transitioned(before, status.conditions(), now)));
                return resource;
              });
    } catch (KubernetesClientException e) {
      if (e.getCode() != 404) throw e; // deleted meanwhile: its informer says so next
    }
  }

  @Override
  public void close() {
    open = false;
    if (relations != null) relations.stop();
    if (records != null) records.stop();
    thread.shutdownNow();
  }
}
