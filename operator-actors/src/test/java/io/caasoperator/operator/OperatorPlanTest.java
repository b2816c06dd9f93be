package io.caasoperator.operator;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.charm.CharmException;
import io.caasoperator.charm.DeployedCharm;
import io.caasoperator.domain.ApplicationName;
import io.caasoperator.domain.CharmInfo;
import io.caasoperator.domain.CharmRef;
import io.caasoperator.domain.CharmStorage;
import io.caasoperator.domain.ConfigOption;
import io.caasoperator.domain.Life;
import io.caasoperator.domain.RetryPolicy;
import io.caasoperator.domain.UnitAddresses;
import io.caasoperator.domain.UnitId;
import io.caasoperator.operator.OperatorPlan.Input;
import io.caasoperator.operator.OperatorPlan.Intent;
import io.caasoperator.persistence.ApplicationRelations;
import io.caasoperator.persistence.OperatorEvent;
import io.caasoperator.persistence.OperatorState;
import io.caasoperator.persistence.UnitRelations;
import io.caasoperator.persistence.UnitState;
import io.caasoperator.relation.DeclaredRelation;
import io.caasoperator.relation.RelationSide;
import io.caasoperator.substrate.ApplicationObservation;
import io.caasoperator.substrate.Specification;
import io.caasoperator.substrate.StorageLayout;
import io.caasoperator.substrate.UnitObservation;
import io.caasoperator.substrate.UnitsObserved;
import io.caasoperator.unit.Desired;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The operator's decisions as a pure function, driven through whole scenarios without actors. */
class OperatorPlanTest {
  private static final Instant AT = Instant.EPOCH;
  private static final ApplicationName APP = ApplicationName.of("app");
  private static final String MODEL = "0b5c1d2e-3f40-4a51-8b62-7c83d94ea5f6";
  private static final OperatorPlan PLAN =
      new OperatorPlan(APP, RetryPolicy.DEFAULT.withoutJitter());
  private static final Map<String, ConfigOption> GREETING =
      Map.of("greeting", new ConfigOption(ConfigOption.Type.STRING, "hi", ""));

  /**
   * The operator as its actor runs it, in a world that answers at once: the deployer unpacks what
   * it is asked (unless told to fail or to hold its answer), unit actors record what they are told
   * and a dying one dies (unless told to take its time), removals succeed.
   */
  private static final class Operator {
    OperatorState journal =
        OperatorState.initial().apply(new OperatorEvent.ModelIdentified(MODEL, AT));
    Observed observed = Observed.NOTHING;
    Children children = Children.NONE;

    /** What each unit's actor was last told; a unit without an actor is absent. */
    final Map<UnitId, Desired> units = new TreeMap<>();

    final List<OperatorEvent> persisted = new ArrayList<>();

    /** Charm options by modified-version; {@link #GREETING} when absent. */
    final Map<Long, Map<String, ConfigOption>> charms = new HashMap<>();

    /** Failures the deployer answers next, by modified-version, one per attempt. */
    final Map<Long, Deque<CharmException>> failures = new HashMap<>();

    /**
     * Modified-versions the deployer works on (deploy or ensure) without answering: the test
     * answers.
     */
    final Set<Long> held = new HashSet<>();

    boolean unitsDieAtOnce = true;

    /** The storage the deployed charm declares. */
    Map<String, CharmStorage> storage = Map.of();

    /** The peer relations the deployed charm declares. */
    Map<String, String> peers = Map.of();

    OperatorPlan plan = PLAN;
    private final Deque<Input> inbox = new ArrayDeque<>();
    private final List<Intent> carriedOut = new ArrayList<>();

    /**
     * Feeds the inputs, and what the world answers, until the plan asks nothing more; returns what
     * it asked.
     */
    List<Intent> drive(Input... inputs) {
      carriedOut.clear();
      inbox.addAll(List.of(inputs));
      for (int i = 0; i < 100 && !inbox.isEmpty(); i++) {
        OperatorPlan.Plan plan = this.plan.next(journal, observed, children, inbox.poll(), AT);
        for (OperatorEvent e : plan.events()) journal = journal.apply(e);
        persisted.addAll(plan.events());
        observed = plan.observed();
        children = plan.children();
        plan.intents().forEach(this::carryOut);
      }
      assertThat(inbox).as("the plan settles").isEmpty();
      return List.copyOf(carriedOut);
    }

    private void carryOut(Intent intent) {
      carriedOut.add(intent);
      switch (intent) {
        case Intent.DeployCharm deploy -> {
          long version = deploy.ref().modifiedVersion();
          if (held.contains(version)) return;
          Deque<CharmException> failing = failures.getOrDefault(version, new ArrayDeque<>());
          inbox.add(
              new Input.CharmSettled(
                  failing.isEmpty()
                      ? unpacked(deploy.ref())
                      : new CharmDeployer.Failed(deploy.ref(), failing.poll())));
        }
        case Intent.EnsureCharm ensure -> {
          if (!held.contains(ensure.charm().ref().modifiedVersion()))
            inbox.add(new Input.CharmSettled(unpacked(ensure.charm().ref())));
        }
        case Intent.RetryCharm retry -> {} // the test says when the retry is due
        case Intent.AnnounceCharm announce -> {}
        case Intent.SpawnUnit spawn -> assertThat(units).doesNotContainKey(spawn.unit());
        case Intent.AssignUnit assign -> {
          units.put(assign.unit(), assign.desired());
          if (assign.desired().life() == Life.DYING && unitsDieAtOnce)
            inbox.add(new Input.UnitDied(assign.unit()));
        }
        case Intent.RemoveUnit remove -> {
          units.remove(remove.unit());
          inbox.add(new Input.UnitReleased(remove.unit()));
        }
        case Intent.StopOperating stop -> {}
        case Intent.QueueAction queue -> {}
      }
    }

    CharmDeployer.Deployed unpacked(CharmRef ref) {
      CharmInfo info =
          new CharmInfo(
              0,
              "app",
              ref,
              Long.toString(ref.modifiedVersion()).repeat(64),
              List.of("web"),
              Set.of(),
              true,
              charms.getOrDefault(ref.modifiedVersion(), GREETING),
              Map.of(),
              peers,
              storage);
      return new CharmDeployer.Deployed(
          ref, new DeployedCharm(Path.of("/charms", info.sha256()), info));
    }

    String status() {
      return journal.status().toString();
    }

    long charmOf(int unit) {
      return units.get(unit(unit)).charm().generation();
    }
  }

  private static UnitId unit(int n) {
    return new UnitId(APP, n);
  }

  private static CharmRef charm(long version) {
    return new CharmRef("/charms/app", null, version, false);
  }

  private static Input specified(long charmVersion, Map<String, Object> config) {
    return new Input.ApplicationReported(
        new ApplicationObservation.Specified(
            new Specification(APP, charm(charmVersion), config, Duration.ofMinutes(5))));
  }

  private static UnitObservation alive(int n) {
    return new UnitObservation(unit(n), Life.ALIVE);
  }

  private static UnitObservation dying(int n) {
    return new UnitObservation(unit(n), Life.DYING);
  }

  private static Input listed(UnitObservation... units) {
    return new Input.UnitsReported(new UnitsObserved(List.of(units), true));
  }

  private static CharmException unreachable() {
    return new CharmException("/charms/app", "HTTP 503", true);
  }

  private static <T> List<T> only(Class<T> kind, List<?> items) {
    return items.stream().filter(kind::isInstance).map(kind::cast).toList();
  }

  /** An operator whose units 0..n-1 run charm version 1 with the default config. */
  private static Operator running(int units) {
    Operator op = new Operator();
    UnitObservation[] listing = new UnitObservation[units];
    for (int n = 0; n < units; n++) listing[n] = alive(n);
    op.drive(listed(listing), specified(1, Map.of()));
    return op;
  }

  @Test
  void theApplicationFromItsFirstSpecificationToItsEnd() {
    Operator op = new Operator();
    assertThat(op.drive(listed(alive(2), alive(0), alive(1))))
        .as("nothing before a specification")
        .isEmpty();

    op.held.add(1L);
    assertThat(op.drive(specified(1, Map.of()))).containsExactly(new Intent.DeployCharm(charm(1)));
    assertThat(op.status()).isEqualTo("maintenance: Downloading charm");
    assertThat(op.units).as("no unit runs before its charm").isEmpty();

    List<Intent> asked = op.drive(new Input.CharmSettled(op.unpacked(charm(1))));
    assertThat(only(Intent.SpawnUnit.class, asked))
        .extracting(Intent.SpawnUnit::unit)
        .containsExactly(unit(0), unit(1), unit(2));
    assertThat(op.journal.charmGeneration()).isEqualTo(1);
    assertThat(op.journal.configGeneration()).isEqualTo(1);
    assertThat(op.journal.leader()).as("the lowest ordinal leads").isEqualTo(unit(0));
    assertThat(op.units.get(unit(0)).leader()).isTrue();
    assertThat(op.units.get(unit(1)).leader()).isFalse();
    assertThat(op.status()).isEqualTo("active");

    // scale down: the dying unit is told to die, then removed and forgotten
    op.drive(listed(alive(0), alive(1), dying(2)));
    assertThat(op.units).containsOnlyKeys(unit(0), unit(1));
    assertThat(op.journal.units()).containsOnlyKeys(unit(0), unit(1));
    assertThat(op.persisted).contains(new OperatorEvent.UnitRemoved(unit(2), AT));

    // the leader leaves: the next alive unit leads
    op.drive(listed(dying(0), alive(1)));
    assertThat(op.journal.leader()).isEqualTo(unit(1));
    assertThat(op.units).containsOnlyKeys(unit(1));
    assertThat(op.units.get(unit(1)).leader()).isTrue();

    // a config edit reaches every unit once
    op.drive(specified(1, Map.of("greeting", "hello")));
    assertThat(op.units.get(unit(1)).configGeneration()).isEqualTo(2);

    // config that does not fit the charm blocks, and the last good config stays
    assertThat(op.drive(specified(1, Map.of("colour", "red")))).isEmpty();
    assertThat(op.status()).isEqualTo("blocked: config: config option \"colour\": unknown option");
    assertThat(op.journal.configGeneration()).isEqualTo(2);
    op.drive(specified(1, Map.of("greeting", "hey")));
    assertThat(op.status()).isEqualTo("active");
    assertThat(op.units.get(unit(1)).configGeneration()).isEqualTo(3);

    // a new charm: deployed, recorded, and every unit told
    op.drive(specified(2, Map.of("greeting", "hey")));
    assertThat(op.journal.charmGeneration()).isEqualTo(2);
    assertThat(op.charmOf(1)).isEqualTo(2);

    // the application goes: the operator stops once, and decides nothing more
    ApplicationObservation.NotFound notFound =
        new ApplicationObservation.NotFound("spec file removed");
    assertThat(op.drive(new Input.ApplicationReported(notFound)))
        .containsExactly(new Intent.StopOperating("spec file removed"));
    assertThat(op.drive(new Input.ApplicationReported(notFound), listed(alive(1), alive(5))))
        .isEmpty();
  }

  @Test
  void anApplicationRemovedBeforeARestartIsTornDownWithTheCharmAndConfigItsJournalHolds() {
    Operator before = running(2);
    before.drive(specified(1, Map.of("greeting", "hey")));
    Operator op = new Operator();
    op.journal = before.journal; // restarted: the journal is all that is left
    op.unitsDieAtOnce = false;
    ApplicationObservation.Removed removed =
        new ApplicationObservation.Removed("application app was removed from bundle.yaml");

    List<Intent> asked =
        op.drive(new Input.ApplicationReported(removed), listed(dying(0), dying(1)));

    assertThat(only(Intent.DeployCharm.class, asked)).as("nothing downloaded").isEmpty();
    assertThat(op.units).containsOnlyKeys(unit(0), unit(1));
    assertThat(op.units.values())
        .allSatisfy(
            desired -> {
              assertThat(desired.life()).isEqualTo(Life.DYING);
              assertThat(desired.charm().generation()).isEqualTo(1);
              assertThat(desired.configGeneration()).as("no config-changed").isEqualTo(2);
            });
    assertThat(op.persisted)
        .noneMatch(e -> e instanceof OperatorEvent.ConfigChanged)
        .noneMatch(e -> e instanceof OperatorEvent.CharmDeployed);

    op.drive(new Input.UnitDied(unit(0)), new Input.UnitDied(unit(1)));
    assertThat(op.journal.units()).isEmpty();
    assertThat(op.drive(new Input.ApplicationReported(new ApplicationObservation.NotFound("gone"))))
        .containsExactly(new Intent.StopOperating("gone"));
  }

  @Test
  void anApplicationRemovedWhileRunningKeepsTheSpecificationInForce() {
    Operator op = running(1);
    op.drive(specified(1, Map.of("greeting", "hey")));
    op.unitsDieAtOnce = false;

    op.drive(
        new Input.ApplicationReported(new ApplicationObservation.Removed("removed")),
        listed(dying(0)));

    assertThat(op.units.get(unit(0)).life()).isEqualTo(Life.DYING);
    assertThat(op.journal.configGeneration()).isEqualTo(2);
    assertThat(op.status()).isEqualTo("active");
  }

  @Test
  void anApplicationRemovedBeforeItEverHadACharmHadNoUnitAndIsGoneAtOnce() {
    Operator op = new Operator();

    assertThat(
            op.drive(
                new Input.ApplicationReported(new ApplicationObservation.Removed("removed")),
                listed()))
        .containsExactly(new Intent.StopOperating("removed"));
  }

  @Test
  void aCharmThatCannotBeFetchedNowBlocksAndIsTriedAgainWithBackoffWhileUnitsKeepTheOldOne() {
    Operator op = running(2);
    op.failures.put(2L, new ArrayDeque<>(List.of(unreachable(), unreachable())));

    List<Intent> asked = op.drive(specified(2, Map.of()));
    assertThat(only(Intent.RetryCharm.class, asked))
        .containsExactly(new Intent.RetryCharm(Duration.ofSeconds(5)));
    assertThat(op.status()).isEqualTo("blocked: charm /charms/app: HTTP 503");
    assertThat(op.drive(listed(alive(0), alive(1))))
        .as("not tried again before its retry")
        .isEmpty();
    assertThat(op.drive(new Input.CharmRetryDue()))
        .containsExactly(
            new Intent.DeployCharm(charm(2)), new Intent.RetryCharm(Duration.ofSeconds(10)));
    assertThat(op.charmOf(0)).isEqualTo(1);

    op.drive(new Input.CharmRetryDue());
    assertThat(op.status()).isEqualTo("active");
    assertThat(op.charmOf(0)).isEqualTo(2);
    assertThat(op.charmOf(1)).isEqualTo(2);
  }

  @Test
  void aCharmThatFailedForGoodIsTriedAgainOnlyWhenTheSpecificationNamesAnother() {
    Operator op = running(1);
    op.failures.put(
        2L,
        new ArrayDeque<>(
            List.of(
                new CharmException(
                    "/charms/app", "metadata.yaml: missing field \"name\"", false))));

    assertThat(op.drive(specified(2, Map.of()))).containsExactly(new Intent.DeployCharm(charm(2)));
    assertThat(op.status())
        .isEqualTo("blocked: charm /charms/app: metadata.yaml: missing field \"name\"");
    assertThat(op.drive(specified(2, Map.of("greeting", "hello"))))
        .as("the same charm again")
        .noneMatch(Intent.DeployCharm.class::isInstance);

    op.drive(specified(3, Map.of("greeting", "hello")));
    assertThat(op.status()).isEqualTo("active");
    assertThat(op.charmOf(0)).isEqualTo(2);
    assertThat(op.journal.charm().ref()).isEqualTo(charm(3));
  }

  @Test
  void aNewCharmTheConfigDoesNotFitIsRecordedOnlyOnceTheConfigFitsWithoutFetchingItAgain() {
    Operator op = new Operator();
    op.drive(listed(alive(0)), specified(1, Map.of("greeting", "hello")));
    op.charms.put(2L, Map.of("colour", new ConfigOption(ConfigOption.Type.STRING, "red", "")));

    op.drive(specified(2, Map.of("greeting", "hello")));
    assertThat(op.status())
        .isEqualTo(
            "blocked: charm /charms/app: config does not fit the new charm: config option \"greeting\": unknown option");
    assertThat(op.charmOf(0)).isEqualTo(1);

    assertThat(op.drive(specified(2, Map.of("colour", "blue"))))
        .as("the charm unpacked before is recorded")
        .noneMatch(Intent.DeployCharm.class::isInstance);
    assertThat(op.status()).isEqualTo("active");
    assertThat(op.charmOf(0)).isEqualTo(2);
    assertThat(op.journal.config()).containsEntry("colour", "blue");
  }

  @Test
  void afterARestartTheRecordedCharmIsFoundOnDiskBeforeAnyUnitRunsAndNothingIsRecordedAgain() {
    Operator before = running(2);
    Operator op = new Operator();
    op.journal = before.journal;
    op.held.add(1L);

    List<Intent> asked = op.drive(listed(alive(0), alive(1)), specified(1, Map.of()));
    assertThat(asked).containsExactly(new Intent.EnsureCharm(before.journal.charm()));
    assertThat(op.units).isEmpty();

    op.drive(new Input.CharmSettled(op.unpacked(charm(1))));
    assertThat(op.persisted).isEmpty();
    assertThat(op.units).containsOnlyKeys(unit(0), unit(1));
    assertThat(op.units.get(unit(0))).isEqualTo(before.units.get(unit(0)));
  }

  @Test
  void aUnitTheSubstrateNoLongerHasIsRemovedWithoutBeingToldToDie() {
    Operator op = running(2);
    List<Intent> asked = op.drive(listed(alive(0)));
    assertThat(asked)
        .contains(new Intent.RemoveUnit(unit(1), true))
        .noneMatch(Intent.AssignUnit.class::isInstance);
    assertThat(op.journal.units()).containsOnlyKeys(unit(0));
  }

  @Test
  void aDyingUnitListedAliveAgainFinishesDyingThenComesBackAsANewUnit() {
    Operator op = running(2);
    op.unitsDieAtOnce = false;
    op.drive(listed(alive(0), dying(1)));
    assertThat(op.drive(listed(alive(0), alive(1)))).as("dying is final").isEmpty();
    assertThat(op.units.get(unit(1)).life()).isEqualTo(Life.DYING);

    List<Intent> asked = op.drive(new Input.UnitDied(unit(1)));
    assertThat(asked)
        .containsSubsequence(
            new Intent.RemoveUnit(unit(1), false), new Intent.SpawnUnit(unit(1), MODEL));
    assertThat(op.units.get(unit(1)).life()).isEqualTo(Life.ALIVE);
    assertThat(op.persisted)
        .containsSubsequence(
            new OperatorEvent.UnitRemoved(unit(1), AT),
            new OperatorEvent.UnitsUpdated(new TreeMap<>(Map.of(unit(1), Life.ALIVE)), AT));
  }

  @Test
  void aReleasedUnitStillListedDyingIsNotAdoptedAgainButANewOneWithItsNameIs() {
    Operator op = running(2);
    op.drive(listed(alive(0), dying(1)));
    assertThat(op.drive(listed(alive(0), dying(1))))
        .as("a stale listing of the released pod")
        .isEmpty();
    assertThat(op.journal.units()).containsOnlyKeys(unit(0));

    op.drive(listed(alive(0)));
    op.drive(listed(alive(0), alive(1)));
    assertThat(op.journal.units()).containsOnlyKeys(unit(0), unit(1));
    assertThat(op.units.get(unit(1)).life()).isEqualTo(Life.ALIVE);
  }

  @Test
  void aRecoveredUnitIsToldAgainWhatIsWantedOfItAndALateDeathOfAnUnknownUnitIsIgnored() {
    Operator op = running(2);
    Desired wanted = op.units.get(unit(1));
    Children before = op.children;
    assertThat(op.drive(new Input.UnitRecovered(unit(1))))
        .containsExactly(new Intent.AssignUnit(unit(1), wanted));
    assertThat(op.children).isEqualTo(before);
    assertThat(op.drive(new Input.UnitDied(unit(7)), new Input.UnitRecovered(unit(7)))).isEmpty();
  }

  @Test
  void leaderSettingsAreRecordedAndEveryUnitIsToldTheirNewGeneration() {
    Operator op = running(2);
    OperatorEvent set = new OperatorEvent.LeaderSettingsChanged(Map.of("db", "ready"), AT);
    op.drive(new Input.ToolEffects(List.of(set)));
    assertThat(op.persisted).contains(set);
    assertThat(op.journal.charmSettings().leaderSettings()).containsEntry("db", "ready");
    assertThat(op.units.values())
        .allSatisfy(d -> assertThat(d.leaderSettingsGeneration()).isEqualTo(1));
  }

  @Test
  void anUnusableSpecificationBlocksAndTheLastGoodOneStaysInForce() {
    Operator op = running(1);
    op.drive(
        new Input.ApplicationReported(
            new ApplicationObservation.Invalid("\"scale\": must be >= 0, got -1")));
    assertThat(op.status()).isEqualTo("blocked: \"scale\": must be >= 0, got -1");
    op.drive(
        new Input.ApplicationReported(
            new ApplicationObservation.Specified(
                new Specification(ApplicationName.of("other"), charm(1), Map.of(), null))));
    assertThat(op.status())
        .isEqualTo(
            "blocked: specification is for application \"other\", this operator runs \"app\"");
    assertThat(op.units).containsOnlyKeys(unit(0));

    op.drive(specified(1, Map.of()));
    assertThat(op.status()).isEqualTo("active");
  }

  @Test
  void aDeployerAnswerAboutAnotherCharmThanTheOneAskedChangesNothing() {
    Operator op = running(1);
    op.held.add(2L);
    op.drive(specified(2, Map.of()));
    Observed waiting = op.observed;
    assertThat(op.drive(new Input.CharmSettled(op.unpacked(charm(9))))).isEmpty();
    assertThat(op.observed).isEqualTo(waiting);
  }

  @Test
  void noUnitRunsBeforeTheModelHasItsIdentityWhichIsRecordedOnceAndHandedToEveryUnit() {
    Operator op = new Operator();
    op.journal = OperatorState.initial(); // a new journal, or one written before identities existed
    assertThat(op.drive(listed(alive(0), alive(1)), specified(1, Map.of())))
        .as("the charm is deployed, but no unit starts without the model's identity")
        .noneMatch(intent -> intent instanceof Intent.SpawnUnit);

    List<Intent> asked = op.drive(new Input.ModelIdentityMade(MODEL));
    assertThat(op.persisted).contains(new OperatorEvent.ModelIdentified(MODEL, AT));
    assertThat(op.journal.modelUuid()).isEqualTo(MODEL);
    assertThat(only(Intent.SpawnUnit.class, asked))
        .containsExactly(
            new Intent.SpawnUnit(unit(0), MODEL), new Intent.SpawnUnit(unit(1), MODEL));

    int persisted = op.persisted.size();
    assertThat(op.drive(new Input.ModelIdentityMade("another-one")))
        .as("an identity is never replaced")
        .isEmpty();
    assertThat(op.persisted).hasSize(persisted);
    assertThat(op.journal.modelUuid()).isEqualTo(MODEL);
  }

  /** A charm's storage: "data" with no location of its own, "logs" at a fixed one. */
  private static final Map<String, CharmStorage> DATA_AND_LOGS =
      Map.of(
          "data",
          new CharmStorage("filesystem", ""),
          "logs",
          new CharmStorage("filesystem", "/var/log/app"));

  @Test
  void everyUnitGetsAnInstanceOfEachDeclaredStorageWhereTheSubstrateSaysAndStorageAddGivesItMore() {
    Operator op = new Operator();
    op.storage = DATA_AND_LOGS;
    op.plan =
        new OperatorPlan(
            APP, RetryPolicy.DEFAULT, (unit, id, spec) -> "/agents/" + unit.tag() + "/" + id);
    op.drive(listed(alive(0), alive(1)), specified(1, Map.of()));
    assertThat(op.units.get(unit(1)).storage())
        .containsExactly(
            new UnitState.StorageInstance("data/0", "filesystem", "/agents/unit-app-1/data/0"),
            new UnitState.StorageInstance("logs/0", "filesystem", "/agents/unit-app-1/logs/0"));

    List<Intent> asked =
        op.drive(
            new Input.ToolEffects(List.of(new OperatorEvent.StorageAdded(unit(1), "data", 2, AT))));
    assertThat(op.journal.storageCount(unit(1), "data")).isEqualTo(3);
    assertThat(only(Intent.AssignUnit.class, asked))
        .extracting(Intent.AssignUnit::unit)
        .containsExactly(unit(1));
    assertThat(op.units.get(unit(1)).storage())
        .extracting(UnitState.StorageInstance::id)
        .containsExactly("data/0", "data/1", "data/2", "logs/0");
    assertThat(op.units.get(unit(0)).storage())
        .extracting(UnitState.StorageInstance::id)
        .containsExactly("data/0", "logs/0");

    op.drive(listed(alive(0)));
    assertThat(op.journal.storageAdded())
        .as("a removed unit's storage goes with it")
        .doesNotContainKey(unit(1));
  }

  @Test
  void withoutASubstratesLayoutStorageIsWhereJujuPutsIt() {
    Operator op = new Operator();
    op.storage = DATA_AND_LOGS;
    op.drive(listed(alive(0)), specified(1, Map.of()));
    assertThat(op.units.get(unit(0)).storage())
        .extracting(UnitState.StorageInstance::location)
        .containsExactly("/var/lib/juju/storage/data/0", "/var/log/app");
  }

  @Test
  void anAcceptedActionGetsTheJournalsNextIdAndIsQueuedByItsUnitOnceThatIsPersisted() {
    Operator op = running(2);
    var backup = new Input.ActionAccepted(1, unit(1), "backup", Map.of("to", "/b"));
    var restore = new Input.ActionAccepted(2, unit(0), "restore", Map.of());

    assertThat(op.drive(backup)).containsExactly(new Intent.QueueAction(1, backup));
    assertThat(op.drive(restore))
        .as("ids are application-wide")
        .containsExactly(new Intent.QueueAction(2, restore));
    assertThat(only(OperatorEvent.ActionIdAssigned.class, op.persisted))
        .containsExactly(
            new OperatorEvent.ActionIdAssigned(1, unit(1), "backup", AT),
            new OperatorEvent.ActionIdAssigned(2, unit(0), "restore", AT));
    assertThat(op.journal.actions().units()).containsEntry(1L, unit(1)).containsEntry(2L, unit(0));
  }

  private static final DeclaredRelation PEERS =
      new DeclaredRelation(0, "cluster", "app-peers", "app", "cluster");
  private static final DeclaredRelation DB =
      new DeclaredRelation(3, "db", "pgsql", "pg", "database");

  private static UnitRelations.RelationSnapshot seen(Operator op, int unit, long relation) {
    return op.units.get(unit(unit)).relations().stream()
        .filter(r -> r.id() == relation)
        .findFirst()
        .orElseThrow();
  }

  @Test
  void inAModelRelationsComeFromItsDeclarationsAndTheOtherSideIsRecordedWhenItChanges() {
    Operator op = new Operator();
    op.plan =
        new OperatorPlan(
            APP,
            RetryPolicy.DEFAULT.withoutJitter(),
            StorageLayout.JUJU_DEFAULT,
            u -> UnitAddresses.UNKNOWN,
            true);
    op.peers = Map.of("cluster", "app-peers");
    op.drive(listed(alive(0), alive(1)), specified(1, Map.of()));
    assertThat(op.journal.relations().byId())
        .as("no peer relation before the model declares it")
        .isEmpty();

    op.drive(new Input.RelationsDeclared(List.of(PEERS, DB)));
    assertThat(op.journal.relations().byId()).containsOnlyKeys(0L, 3L);
    assertThat(op.journal.relations().byId().get(0L).crossApplication()).isFalse();
    ApplicationRelations.Relation db = op.journal.relations().byId().get(3L);
    assertThat(db.crossApplication()).isTrue();
    assertThat(db.remoteApplication()).isEqualTo("pg");
    assertThat(db.units()).as("own alive units enter its scope").containsOnlyKeys("app/0", "app/1");
    assertThat(seen(op, 0, 3).crossApplication()).isTrue();
    assertThat(seen(op, 0, 3).members()).isEmpty();

    RelationSide side =
        new RelationSide(
            3, "pg", new TreeMap<>(Map.of("pg/0", Map.of("host", "a"))), Map.of("url", "x"));
    op.drive(new Input.RemoteSideObserved(side));
    assertThat(only(OperatorEvent.RemoteRelationChanged.class, op.persisted)).hasSize(1);
    long version = seen(op, 1, 3).members().get("pg/0");
    assertThat(seen(op, 1, 3).applicationVersion())
        .as("the remote application databag's")
        .isPositive();

    int before = op.persisted.size();
    op.drive(new Input.RemoteSideObserved(side), new Input.RelationsDeclared(List.of(PEERS, DB)));
    assertThat(op.persisted)
        .as("the same side and declarations again change nothing")
        .hasSize(before);

    op.drive(
        new Input.RemoteSideObserved(
            new RelationSide(
                3, "pg", new TreeMap<>(Map.of("pg/0", Map.of("host", "b"))), Map.of("url", "x"))));
    assertThat(seen(op, 0, 3).members().get("pg/0")).isGreaterThan(version);
    assertThat(op.journal.relations().byId().get(3L).remoteApplicationBag().settings())
        .containsEntry("url", "x");

    op.drive(new Input.RelationsDeclared(List.of(PEERS)));
    assertThat(only(OperatorEvent.RelationRemoved.class, op.persisted))
        .containsExactly(new OperatorEvent.RelationRemoved(3, AT));
    assertThat(seen(op, 0, 3).removed()).isTrue();
    assertThat(seen(op, 0, 0).removed()).isFalse();
    op.drive(new Input.RemoteSideObserved(side));
    assertThat(op.persisted)
        .as("a removed relation's other side is no longer recorded")
        .hasSize(before + 2);
  }

  @Test
  void aloneTheOperatorCreatesItsPeerRelationsItself() {
    Operator op = new Operator();
    op.peers = Map.of("cluster", "app-peers");
    op.drive(listed(alive(0)), specified(1, Map.of()));
    assertThat(op.journal.relations().byId().get(0L).key()).isEqualTo("cluster:0");
    assertThat(op.journal.relations().byId().get(0L).units()).containsOnlyKeys("app/0");
  }
}
