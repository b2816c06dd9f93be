package io.caasoperator.model.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.domain.ApplicationName;
import io.caasoperator.model.CharmEndpoint;
import io.caasoperator.model.MatchedRelation;
import io.caasoperator.model.RelationEndpoint;
import io.caasoperator.model.RelationRole;
import io.caasoperator.operator.OperatorActor;
import io.caasoperator.persistence.ModelEvent;
import io.caasoperator.relation.DeclaredRelation;
import io.caasoperator.relation.RelationSide;
import io.caasoperator.relation.RelationSides;
import io.caasoperator.testing.InMemoryJournal;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.apache.pekko.Done;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.TestProbe;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.persistence.testkit.javadsl.PersistenceTestKit;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

/**
 * The model's side of relations between applications: which relation ids each operator is told,
 * which side reaches which operator, and that ids outlive a restart and bundle edits. The operators
 * are probes (what they make of a declaration is theirs).
 */
class ModelActorTest {
  @AutoClose("shutdownTestKit")
  private static final ActorTestKit testKit = ActorTestKit.create(InMemoryJournal.config());

  private static final AtomicInteger models = new AtomicInteger();
  private static final Clock CLOCK =
      Clock.fixed(Instant.parse("2026-11-27T20:00:00Z"), ZoneOffset.UTC);

  private static final ApplicationName STORE = ApplicationName.of("kv-store");
  private static final ApplicationName CLIENT = ApplicationName.of("kv-client");
  private static final MatchedRelation STORE_PEERS =
      new MatchedRelation(
          List.of(
              new RelationEndpoint(
                  STORE, new CharmEndpoint("replicas", RelationRole.PEER, "kv-replicas"))));
  private static final MatchedRelation KV = between("kv");
  private static final MatchedRelation ADMIN = between("admin");

  private static MatchedRelation between(String storeEndpoint) {
    return new MatchedRelation(
        List.of(
            new RelationEndpoint(CLIENT, new CharmEndpoint("kv", RelationRole.REQUIRER, "kv")),
            new RelationEndpoint(
                STORE, new CharmEndpoint(storeEndpoint, RelationRole.PROVIDER, "kv"))));
  }

  /** Operators that are probes, one per application and start. */
  private static final class ProbeOperators implements ApplicationOperators {
    final Map<ApplicationName, TestProbe<OperatorActor.Command>> probes = new ConcurrentHashMap<>();
    final Map<ApplicationName, RelationSides> sides = new ConcurrentHashMap<>();
    final Map<ApplicationName, Consumer<String>> gone = new ConcurrentHashMap<>();
    final List<ApplicationName> stopped = new CopyOnWriteArrayList<>();
    final List<ApplicationName> operated = new CopyOnWriteArrayList<>();
    final List<ApplicationName> removing = new CopyOnWriteArrayList<>();

    /**
     * What stopping an application releases, done when set so (its secrets' removal); else at once.
     */
    final Map<ApplicationName, CompletableFuture<Done>> releases = new ConcurrentHashMap<>();

    @Override
    public Behavior<OperatorActor.Command> operate(
        ApplicationName application, RelationSides sides, Consumer<String> onGone) {
      TestProbe<OperatorActor.Command> probe = probe(application);
      this.sides.put(application, sides);
      gone.put(application, onGone);
      operated.add(application);
      return Behaviors.receiveMessage(
          m -> {
            // a request for the status stands for a failure of the operator's own
            if (m instanceof OperatorActor.GetStatus)
              throw new IllegalStateException("the operator failed");
            probe.getRef().tell(m);
            return Behaviors.same();
          });
    }

    @Override
    public void removing(ApplicationName application) {
      removing.add(application);
    }

    @Override
    public CompletionStage<Done> stopped(ApplicationName application) {
      stopped.add(application);
      return releases.getOrDefault(
          application, CompletableFuture.completedFuture(Done.getInstance()));
    }

    /** {@code application}'s operator, the same for every start; made before it starts. */
    TestProbe<OperatorActor.Command> probe(ApplicationName application) {
      return probes.computeIfAbsent(application, a -> testKit.createTestProbe());
    }

    /** The next declaration {@code application}'s operator got, skipping anything else. */
    List<DeclaredRelation> declared(ApplicationName application) {
      return probe(application)
          .fishForMessage(
              java.time.Duration.ofSeconds(5),
              m ->
                  m instanceof OperatorActor.RelationsDeclared
                      ? org.apache.pekko.actor.testkit.typed.javadsl.FishingOutcomes.complete()
                      : org.apache.pekko.actor.testkit.typed.javadsl.FishingOutcomes
                          .continueAndIgnore())
          .stream()
          .filter(OperatorActor.RelationsDeclared.class::isInstance)
          .map(m -> ((OperatorActor.RelationsDeclared) m).relations())
          .findFirst()
          .orElseThrow();
    }
  }

  /** A new model of the store and its client, each operator past its first declaration. */
  private static ActorRef<ModelActor.Command> startedWithTheStoreAndItsClient(
      ProbeOperators operators) {
    ActorRef<ModelActor.Command> model =
        testKit.spawn(ModelActor.create(newModel(), operators, CLOCK));
    model.tell(new ModelActor.ModelRead(List.of(CLIENT, STORE), List.of(STORE_PEERS, KV)));
    for (ApplicationName application : List.of(CLIENT, STORE)) operators.declared(application);
    return model;
  }

  /** The model {@code name} (again, after a restart), having read {@code applications}. */
  private static ActorRef<ModelActor.Command> read(
      String name,
      ProbeOperators operators,
      List<ApplicationName> applications,
      List<MatchedRelation> relations) {
    ActorRef<ModelActor.Command> model = testKit.spawn(ModelActor.create(name, operators, CLOCK));
    model.tell(new ModelActor.ModelRead(applications, relations));
    return model;
  }

  /** A new model that read the store and its client, declared both their relations and stopped. */
  private static String stoppedAfterReadingTheStoreAndItsClient() {
    String name = newModel();
    ProbeOperators first = new ProbeOperators();
    ActorRef<ModelActor.Command> model =
        read(name, first, List.of(CLIENT, STORE), List.of(STORE_PEERS, KV));
    first.declared(CLIENT);
    first.declared(STORE);
    testKit.stop(model);
    return name;
  }

  private static String newModel() {
    return "model" + models.incrementAndGet();
  }

  private static RelationSide side(long id, ApplicationName app, String unit, String value) {
    TreeMap<String, Map<String, String>> units = new TreeMap<>();
    units.put(unit, Map.of("value", value));
    return new RelationSide(id, app.value(), units, Map.of());
  }

  @Test
  void eachOperatorIsToldAllItsRelationsWithIdsFromTheModelsOneSequencePeersFirst() {
    ProbeOperators operators = new ProbeOperators();
    ActorRef<ModelActor.Command> model =
        testKit.spawn(ModelActor.create(newModel(), operators, CLOCK));

    model.tell(new ModelActor.ModelRead(List.of(CLIENT, STORE), List.of(STORE_PEERS, KV)));

    // the first thing a fresh operator hears is all its relations, never an empty list first
    assertThat(operators.declared(STORE))
        .containsExactly(
            new DeclaredRelation(0, "replicas", "kv-replicas", "kv-store", "replicas"),
            new DeclaredRelation(1, "kv", "kv", "kv-client", "kv"));
    assertThat(operators.declared(CLIENT))
        .containsExactly(new DeclaredRelation(1, "kv", "kv", "kv-store", "kv"));
  }

  @Test
  void aPublishedSideReachesTheOperatorAtTheOtherEndAndIsHandedAgainAfterAReDeclaration() {
    ProbeOperators operators = new ProbeOperators();
    ActorRef<ModelActor.Command> model = startedWithTheStoreAndItsClient(operators);

    RelationSide storeSide = side(1, STORE, "kv-store/0", "hello");
    operators
        .sides
        .get(STORE)
        .published("kv-store", List.of(storeSide, side(0, STORE, "kv-store/0", "peer")));

    assertThat(operators.probe(CLIENT).expectMessageClass(OperatorActor.RemoteSideObserved.class))
        .isEqualTo(new OperatorActor.RemoteSideObserved(storeSide));
    operators.probe(STORE).expectNoMessage(java.time.Duration.ofMillis(200));

    // another relation between them: the client is declared both, and told the store's side again
    model.tell(new ModelActor.ModelRead(List.of(CLIENT, STORE), List.of(STORE_PEERS, KV, ADMIN)));
    assertThat(operators.declared(CLIENT)).extracting(DeclaredRelation::id).containsExactly(1L, 2L);
    assertThat(operators.probe(CLIENT).expectMessageClass(OperatorActor.RemoteSideObserved.class))
        .isEqualTo(new OperatorActor.RemoteSideObserved(storeSide));
  }

  @Test
  void relationIdsOutliveARestartAndEditsAndARelationAddedAgainGetsANewId() {
    String name = stoppedAfterReadingTheStoreAndItsClient();
    ActorRef<ModelActor.Command> model;

    ProbeOperators second = new ProbeOperators();
    model = testKit.spawn(ModelActor.create(name, second, CLOCK));
    // written in another order, with the relation on the admin endpoint added before it
    model.tell(new ModelActor.ModelRead(List.of(CLIENT, STORE), List.of(ADMIN, KV, STORE_PEERS)));
    assertThat(second.declared(STORE))
        .extracting(DeclaredRelation::key)
        .containsExactly("replicas:0", "kv:1", "admin:2");

    model.tell(new ModelActor.ModelRead(List.of(CLIENT, STORE), List.of(STORE_PEERS, ADMIN)));
    assertThat(second.declared(STORE))
        .extracting(DeclaredRelation::key)
        .containsExactly("replicas:0", "admin:2");
    model.tell(new ModelActor.ModelRead(List.of(CLIENT, STORE), List.of(STORE_PEERS, ADMIN, KV)));
    assertThat(second.declared(STORE))
        .extracting(DeclaredRelation::key)
        .containsExactly("replicas:0", "admin:2", "kv:3");
  }

  @Test
  void anApplicationRemovedLosesItsRelationsOnTheOtherSideAndItsOperatorStopsOnceGone() {
    ProbeOperators operators = new ProbeOperators();
    ActorRef<ModelActor.Command> model = startedWithTheStoreAndItsClient(operators);

    model.tell(new ModelActor.ModelRead(List.of(STORE), List.of(STORE_PEERS)));

    assertThat(operators.declared(CLIENT)).as("its units leave every relation").isEmpty();
    assertThat(operators.declared(STORE))
        .extracting(DeclaredRelation::key)
        .containsExactly("replicas:0");

    operators.gone.get(CLIENT).accept("removed from the bundle");
    TestProbe<ModelOverview> overview = testKit.createTestProbe();
    model.tell(new ModelActor.GetOverview(overview.getRef()));
    assertThat(overview.receiveMessage().applications()).containsExactly("kv-store");
    assertThat(operators.stopped).containsExactly(CLIENT);

    TestProbe<Optional<io.caasoperator.unit.UnitView>> unit = testKit.createTestProbe();
    model.tell(
        new ModelActor.Forward(
            CLIENT,
            new OperatorActor.GetUnit(
                new io.caasoperator.domain.UnitId(CLIENT, 0), unit.getRef())));
    assertThat(unit.receiveMessage()).as("a unit of an application gone").isEmpty();
  }

  @Test
  void theOverviewListsTheModelsRelationsById() {
    ProbeOperators operators = new ProbeOperators();
    ActorRef<ModelActor.Command> model = startedWithTheStoreAndItsClient(operators);

    TestProbe<ModelOverview> overview = testKit.createTestProbe();
    model.tell(new ModelActor.GetOverview(overview.getRef()));
    ModelOverview seen = overview.receiveMessage();
    assertThat(seen.applications()).containsExactly("kv-client", "kv-store");
    List<String> relations = new ArrayList<>();
    seen.relations().forEach(r -> relations.add(r.id() + " " + r.key() + " " + r.interfaceName()));
    assertThat(relations)
        .containsExactly("0 kv-store:replicas kv-replicas", "1 kv-client:kv kv-store:kv kv");
  }

  @Test
  void anApplicationRemovedWhileTheModelWasDownIsOperatedAgainUntilGoneThenNeverAgain() {
    String name = stoppedAfterReadingTheStoreAndItsClient();
    ActorRef<ModelActor.Command> model;

    // the client left the bundle while the model was down
    ProbeOperators second = new ProbeOperators();
    model = read(name, second, List.of(STORE), List.of(STORE_PEERS));

    assertThat(second.declared(CLIENT)).as("a dying application has no relation").isEmpty();
    assertThat(second.declared(STORE))
        .extracting(DeclaredRelation::key)
        .containsExactly("replicas:0");
    assertThat(second.removing).as("told before it starts").containsExactly(CLIENT);
    assertThat(second.operated).containsExactlyInAnyOrder(CLIENT, STORE);

    // killed before its units were gone: operated again, for its removal
    testKit.stop(model);
    ProbeOperators third = new ProbeOperators();
    model = read(name, third, List.of(STORE), List.of(STORE_PEERS));
    assertThat(third.declared(CLIENT)).isEmpty();
    assertThat(third.removing).containsExactly(CLIENT);

    third.gone.get(CLIENT).accept("application client was removed from the bundle");
    assertThat(overview(model).applications()).containsExactly("kv-store");
    assertThat(third.stopped).containsExactly(CLIENT);
    awaitRemovalJournaled(name, CLIENT);

    // once gone, it is gone for good
    testKit.stop(model);
    ProbeOperators fourth = new ProbeOperators();
    model = read(name, fourth, List.of(STORE), List.of(STORE_PEERS));
    fourth.declared(STORE);
    assertThat(overview(model).applications()).containsExactly("kv-store");
    assertThat(fourth.operated).containsExactly(STORE);
    assertThat(fourth.removing).isEmpty();
  }

  @Test
  void aNameListedAgainWhileItsApplicationIsDyingStartsAfreshOnlyOnceTheDyingOneIsGone() {
    ProbeOperators operators = new ProbeOperators();
    ActorRef<ModelActor.Command> model = startedWithTheStoreAndItsClient(operators);
    model.tell(new ModelActor.ModelRead(List.of(STORE), List.of(STORE_PEERS)));
    assertThat(operators.declared(CLIENT)).isEmpty();
    assertThat(operators.declared(STORE))
        .extracting(DeclaredRelation::key)
        .containsExactly("replicas:0");

    // listed again, related again, before its units are gone: Juju's "application already exists"
    model.tell(new ModelActor.ModelRead(List.of(CLIENT, STORE), List.of(STORE_PEERS, KV)));
    operators.probe(STORE).expectNoMessage(java.time.Duration.ofMillis(300));
    operators.probe(CLIENT).expectNoMessage(java.time.Duration.ofMillis(10));
    assertThat(operators.operated).containsExactly(CLIENT, STORE);

    operators.gone.get(CLIENT).accept("application client was removed from the bundle");

    // a new client, with a new id for the relation
    assertThat(operators.declared(CLIENT))
        .extracting(DeclaredRelation::key)
        .containsExactly("kv:2");
    assertThat(operators.declared(STORE))
        .extracting(DeclaredRelation::key)
        .containsExactly("replicas:0", "kv:2");
    assertThat(operators.operated).containsExactly(CLIENT, STORE, CLIENT);
    assertThat(operators.stopped).containsExactly(CLIENT);
  }

  @Test
  void aDyingApplicationsRemovalIsJournaledOnlyOnceItsSecretsLeftAndRedoneAfterAKillBefore() {
    String name = newModel();
    ProbeOperators first = new ProbeOperators();
    first.releases.put(CLIENT, new CompletableFuture<>());
    ActorRef<ModelActor.Command> model =
        read(name, first, List.of(CLIENT, STORE), List.of(STORE_PEERS, KV));
    first.declared(CLIENT);
    model.tell(new ModelActor.ModelRead(List.of(STORE), List.of(STORE_PEERS)));
    assertThat(first.declared(CLIENT)).isEmpty();
    first.gone.get(CLIENT).accept("application kv-client was removed from the bundle");
    assertThat(overview(model).applications()).containsExactly("kv-store");
    assertThat(first.stopped).containsExactly(CLIENT);

    first.probe(CLIENT).expectNoMessage(java.time.Duration.ofMillis(300));
    assertThat(removals(name)).as("not before its secrets' removal is journaled").isEmpty();

    // killed while its secrets' removal was being journaled: the model's journal says it is dying
    testKit.stop(model);
    ProbeOperators second = new ProbeOperators();
    CompletableFuture<Done> secretsLeft = new CompletableFuture<>();
    second.releases.put(CLIENT, secretsLeft);
    model = read(name, second, List.of(STORE), List.of(STORE_PEERS));
    assertThat(second.declared(CLIENT)).as("operated again to be removed").isEmpty();
    assertThat(second.removing).containsExactly(CLIENT);
    second.gone.get(CLIENT).accept("application kv-client was removed from the bundle");
    assertThat(overview(model).applications()).containsExactly("kv-store");
    assertThat(second.stopped).as("its secrets leave again").containsExactly(CLIENT);

    // listed again: a new one starts only once the secrets left and the removal is journaled
    model.tell(new ModelActor.ModelRead(List.of(CLIENT, STORE), List.of(STORE_PEERS, KV)));
    second.probe(CLIENT).expectNoMessage(java.time.Duration.ofMillis(300));
    assertThat(second.operated).containsExactlyInAnyOrder(CLIENT, STORE);
    secretsLeft.complete(Done.getInstance());
    assertThat(second.declared(CLIENT)).extracting(DeclaredRelation::key).containsExactly("kv:2");
    assertThat(second.removing).as("the new one is alive").containsExactly(CLIENT);
    assertThat(removals(name)).containsExactly(CLIENT.value());
  }

  @Test
  void anOperatorThatRecoveredItsJournalIsDeclaredItsRelationsAgainWithTheOtherSide() {
    ProbeOperators operators = new ProbeOperators();
    startedWithTheStoreAndItsClient(operators);
    RelationSide storeSide = side(1, STORE, "kv-store/0", "hello");
    operators.sides.get(STORE).published("kv-store", List.of(storeSide));
    operators.probe(CLIENT).expectMessageClass(OperatorActor.RemoteSideObserved.class);

    // restarted after a failed write: what it was told last may not be in its journal
    operators.sides.get(CLIENT).recovered("kv-client");

    assertThat(operators.declared(CLIENT))
        .containsExactly(new DeclaredRelation(1, "kv", "kv", "kv-store", "kv"));
    assertThat(operators.probe(CLIENT).expectMessageClass(OperatorActor.RemoteSideObserved.class))
        .isEqualTo(new OperatorActor.RemoteSideObserved(storeSide));
  }

  @Test
  void anOperatorThatFailsIsRestartedAndStillReachedByName() {
    ProbeOperators operators = new ProbeOperators();
    ActorRef<ModelActor.Command> model = startedWithTheStoreAndItsClient(operators);

    model.tell(
        new ModelActor.Forward(
            STORE,
            new OperatorActor.GetStatus(
                testKit.<io.caasoperator.operator.ApplicationView>createTestProbe().getRef())));
    TestProbe<Optional<io.caasoperator.unit.UnitView>> unit = testKit.createTestProbe();
    OperatorActor.GetUnit get =
        new OperatorActor.GetUnit(new io.caasoperator.domain.UnitId(STORE, 0), unit.getRef());
    model.tell(new ModelActor.Forward(STORE, get));

    // after the restart's backoff (3 s), not lost to a stopped operator
    assertThat(
            operators
                .probe(STORE)
                .fishForMessage(
                    java.time.Duration.ofSeconds(10),
                    m ->
                        m.equals(get)
                            ? org.apache.pekko.actor.testkit.typed.javadsl.FishingOutcomes
                                .complete()
                            : org.apache.pekko.actor.testkit.typed.javadsl.FishingOutcomes
                                .continueAndIgnore()))
        .last()
        .isEqualTo(get);
    assertThat(overview(model).applications()).containsExactly("kv-client", "kv-store");
  }

  /** The applications whose removal the journal of model {@code name} holds. */
  private static List<String> removals(String name) {
    return PersistenceTestKit.create(testKit.system())
        .persistedInStorage(ModelIds.persistenceId(name))
        .stream()
        .filter(ModelEvent.ApplicationRemoved.class::isInstance)
        .map(e -> ((ModelEvent.ApplicationRemoved) e).application())
        .toList();
  }

  /**
   * Waits (bounded) until the removal of {@code application} is in model {@code name}'s journal.
   */
  private static void awaitRemovalJournaled(String name, ApplicationName application) {
    testKit
        .createTestProbe()
        .awaitAssert(
            java.time.Duration.ofSeconds(5),
            () -> assertThat(removals(name)).contains(application.value()));
  }

  private static ModelOverview overview(ActorRef<ModelActor.Command> model) {
    TestProbe<ModelOverview> overview = testKit.createTestProbe();
    model.tell(new ModelActor.GetOverview(overview.getRef()));
    return overview.receiveMessage();
  }
}
