package io.caasoperator.operator;

import io.caasoperator.charm.ConfigSettings;
import io.caasoperator.domain.ApplicationName;
import io.caasoperator.domain.CharmInfo;
import io.caasoperator.domain.CharmRef;
import io.caasoperator.domain.Life;
import io.caasoperator.domain.RetryPolicy;
import io.caasoperator.domain.Status;
import io.caasoperator.domain.UnitAddresses;
import io.caasoperator.domain.UnitId;
import io.caasoperator.persistence.OperatorEvent;
import io.caasoperator.persistence.OperatorEvent.ActionIdAssigned;
import io.caasoperator.persistence.OperatorEvent.ApplicationStatusChanged;
import io.caasoperator.persistence.OperatorEvent.CharmDeployed;
import io.caasoperator.persistence.OperatorEvent.ConfigChanged;
import io.caasoperator.persistence.OperatorEvent.LeaderElected;
import io.caasoperator.persistence.OperatorEvent.ModelIdentified;
import io.caasoperator.persistence.OperatorEvent.UnitRemoved;
import io.caasoperator.persistence.OperatorEvent.UnitsUpdated;
import io.caasoperator.persistence.OperatorState;
import io.caasoperator.persistence.UnitRelations;
import io.caasoperator.persistence.UnitState;
import io.caasoperator.relation.DatabagWrites;
import io.caasoperator.relation.RelationDeclarations;
import io.caasoperator.relation.RelationScopes;
import io.caasoperator.relation.RemoteSides;
import io.caasoperator.substrate.ApplicationObservation;
import io.caasoperator.substrate.Specification;
import io.caasoperator.substrate.StorageLayout;
import io.caasoperator.substrate.UnitsObserved;
import io.caasoperator.unit.Desired;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The operator's decisions, as one pure function: from its journal's state, what its watchers and
 * deployer last reported ({@link Observed}), what it already set in motion ({@link Children}) and
 * one new {@link Input}, {@link #next} gives the events to persist, the {@link Intent}s to carry
 * out once they are persisted, and the new {@code Observed} and {@code Children}. It sends no
 * message and reads no clock, so whole scenarios are tested without actors; the OperatorActor only
 * applies what it returns.
 *
 * <p>Level-triggered: every plan brings the journal in line with what is observed (charm, config,
 * units, leader, status), then the children in line with the journal, whatever was missed before.
 *
 * @param application the application this operator runs; a specification for another is refused
 * @param charmRetry backoff between attempts to fetch a charm whose source may recover
 * @param storageLayout where the substrate puts each unit's storage instances (answered at once)
 * @param addresses where the substrate says each unit is (answered at once): what a unit's relation
 *     databags start with
 * @param inModel the application runs in a model, which declares its relations ({@link
 *     Input.RelationsDeclared}) with the model's ids, peer relations included; alone (false) the
 *     operator creates its peer relations itself
 */
public record OperatorPlan(
    ApplicationName application,
    RetryPolicy charmRetry,
    StorageLayout storageLayout,
    UnitAddresses.Source addresses,
    boolean inModel) {

  public OperatorPlan {
    Objects.requireNonNull(application, "application");
    Objects.requireNonNull(charmRetry, "charmRetry");
    Objects.requireNonNull(storageLayout, "storageLayout");
    Objects.requireNonNull(addresses, "addresses");
  }

  /** A single application, alone: it creates its peer relations itself. */
  public OperatorPlan(
      ApplicationName application,
      RetryPolicy charmRetry,
      StorageLayout storageLayout,
      UnitAddresses.Source addresses) {
    this(application, charmRetry, storageLayout, addresses, false);
  }

  /** Units whose addresses are not known. */
  public OperatorPlan(
      ApplicationName application, RetryPolicy charmRetry, StorageLayout storageLayout) {
    this(application, charmRetry, storageLayout, unit -> UnitAddresses.UNKNOWN);
  }

  /** With Juju's default storage locations. */
  public OperatorPlan(ApplicationName application, RetryPolicy charmRetry) {
    this(application, charmRetry, StorageLayout.JUJU_DEFAULT);
  }

  /** What the operator learnt. */
  public sealed interface Input {
    /** The application watcher reported: a specification, an unusable one, or none at all. */
    record ApplicationReported(ApplicationObservation observation) implements Input {}

    /** The units watcher reported lives: a full listing, or changes. */
    record UnitsReported(UnitsObserved observation) implements Input {}

    /** The charm deployer answered. */
    record CharmSettled(CharmDeployer.Result result) implements Input {}

    /** The wait before trying a failed charm again ({@link Intent.RetryCharm}) is over. */
    record CharmRetryDue() implements Input {}

    /** A unit's actor recovered its journal: what an earlier incarnation was told may be lost. */
    record UnitRecovered(UnitId unit) implements Input {}

    /** A unit ran its last hook ({@code remove}), or died before {@code install}. */
    record UnitDied(UnitId unit) implements Input {}

    /**
     * A unit's removal ({@link Intent.RemoveUnit}) is done: directory deleted, substrate released
     * it.
     */
    record UnitReleased(UnitId unit) implements Input {}

    /**
     * A unit reported databag writes ({@code relation-set} of its completed hooks, by relation id)
     * that the journal may not hold yet.
     */
    record UnitWrote(UnitId unit, Map<Long, UnitRelations.OwnSettings> written) implements Input {}

    /** A hook tool changed the application: its status, leader settings or workload version. */
    record ToolEffects(List<OperatorEvent> events) implements Input {}

    /**
     * The operator read a journal without the model's identity and made one ({@code uuid}, a random
     * UUID made by the actor, which the plan records once: a second one changes nothing).
     */
    record ModelIdentityMade(String uuid) implements Input {}

    /**
     * The model says which relations this application has (every one, peer relations included, with
     * their model-wide ids); a relation no longer listed is removed (issue 26).
     */
    record RelationsDeclared(List<io.caasoperator.relation.DeclaredRelation> relations)
        implements Input {
      public RelationsDeclared {
        relations = List.copyOf(relations);
      }
    }

    /** The model passed on the other application's side of a relation between applications. */
    record RemoteSideObserved(io.caasoperator.relation.RelationSide side) implements Input {}

    /**
     * A unit accepted a request to run its charm's action {@code name} with {@code params}
     * (defaults filled in): it needs the application-wide next id, journaled before the unit queues
     * the action.
     *
     * @param request the operator's number for the waiting requester; where to reply stays with the
     *     actors ({@link UnitRequests}), so the plan holds no actor reference
     */
    record ActionAccepted(long request, UnitId unit, String name, Map<String, Object> params)
        implements Input {
      public ActionAccepted {
        // Not Map.copyOf: action parameters may legitimately hold null values.
        params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
      }
    }
  }

  /** What the operator does once the plan's events are persisted, in this order. */
  public sealed interface Intent {
    /** Fetch, verify and unpack the charm; the deployer answers with {@link Input.CharmSettled}. */
    record DeployCharm(CharmRef ref) implements Intent {}

    /** Make sure the journal's charm is on disk (fetch it again if not) before any unit runs. */
    record EnsureCharm(CharmInfo charm) implements Intent {}

    /** Learn {@link Input.CharmRetryDue} after this delay. */
    record RetryCharm(Duration after) implements Intent {}

    /** Tell the substrate the charm in use (the local one provisions containers from it). */
    record AnnounceCharm(CharmInfo charm) implements Intent {}

    /**
     * Start the unit's actor; it recovers its own journal.
     *
     * @param modelUuid the model's identity, in every run's environment ({@code JUJU_MODEL_UUID})
     */
    record SpawnUnit(UnitId unit, String modelUuid) implements Intent {}

    /** Tell the unit's actor what is wanted of it (and any container start waiting for it). */
    record AssignUnit(UnitId unit, Desired desired) implements Intent {}

    /**
     * Stop the unit's actor and remove what is left: its directory, then the substrate's hold on
     * it; learn {@link Input.UnitReleased} when done.
     *
     * @param vanished the substrate no longer has the unit, so its hooks did not run
     */
    record RemoveUnit(UnitId unit, boolean vanished) implements Intent {}

    /** The application is gone: stop cleanly, keeping journal, charms and unit data. */
    record StopOperating(String reason) implements Intent {}

    /** Tell the unit to queue the action it accepted, under its journaled id {@code id}. */
    record QueueAction(long id, Input.ActionAccepted accepted) implements Intent {}
  }

  /**
   * @param events to persist, in order
   * @param intents to carry out once the events are persisted, in order
   * @param observed what is observed, with the deployer's new requests
   * @param children what is set in motion once the intents are carried out
   */
  public record Plan(
      List<OperatorEvent> events, List<Intent> intents, Observed observed, Children children) {
    public Plan {
      events = List.copyOf(events);
      intents = List.copyOf(intents);
    }

    static Plan unchanged(Observed observed, Children children) {
      return new Plan(List.of(), List.of(), observed, children);
    }

    Plan thenAlso(Intent intent) {
      List<Intent> more = new ArrayList<>(intents);
      more.add(intent);
      return new Plan(events, more, observed, children);
    }
  }

  /**
   * What to do about {@code input}.
   *
   * @param journal the operator's state as its journal holds it now
   * @param now the time recorded in the plan's events
   */
  public Plan next(
      OperatorState journal, Observed observed, Children children, Input input, Instant now) {
    return switch (input) {
      case Input.ApplicationReported reported ->
          switch (reported.observation()) {
            case ApplicationObservation.Specified s ->
                reconcile(
                    journal,
                    List.of(),
                    observed.specified(s.specification(), application),
                    children,
                    now);
            case ApplicationObservation.Invalid invalid ->
                reconcile(journal, List.of(), observed.refused(invalid.problem()), children, now);
            case ApplicationObservation.Removed removed ->
                removed(journal, observed, children, removed, now);
            case ApplicationObservation.NotFound notFound ->
                observed.gone()
                    ? Plan.unchanged(observed, children)
                    : new Plan(
                        List.of(),
                        List.of(new Intent.StopOperating(notFound.reason())),
                        observed.applicationGone(),
                        children);
          };
      case Input.UnitsReported reported ->
          reconcile(journal, List.of(), observed.listed(reported.observation()), children, now);
      case Input.CharmSettled settled ->
          charmSettled(journal, observed, children, settled.result(), now);
      case Input.CharmRetryDue due ->
          reconcile(
              journal, List.of(), observed.withCharm(observed.charm().retryDue()), children, now);
      case Input.UnitRecovered recovered ->
          unitRecovered(journal, observed, children, recovered.unit());
      // A unit without an actor is not this operator's to remove (a late report of a stopped one).
      case Input.UnitDied died ->
          children.hasActor(died.unit())
              ? new Plan(
                  List.of(),
                  List.of(new Intent.RemoveUnit(died.unit(), false)),
                  observed,
                  children.removingUnits(List.of(died.unit())))
              : Plan.unchanged(observed, children);
      case Input.UnitReleased released -> {
        UnitId unit = released.unit();
        List<OperatorEvent> removed =
            journal.units().containsKey(unit) ? List.of(new UnitRemoved(unit, now)) : List.of();
        yield reconcile(
            journal, removed, observed.releasedUnit(unit), children.removalDone(unit), now);
      }
      case Input.ToolEffects effects ->
          reconcile(journal, effects.events(), observed, children, now);
      case Input.UnitWrote wrote ->
          reconcile(
              journal,
              DatabagWrites.unrecorded(journal, wrote.unit(), wrote.written(), now),
              observed,
              children,
              now);
      case Input.ActionAccepted accepted -> {
        // Ids come from the journal, so they are never given twice, even across restarts.
        long id = journal.actions().nextId();
        yield new Plan(
            List.of(new ActionIdAssigned(id, accepted.unit(), accepted.name(), now)),
            List.of(new Intent.QueueAction(id, accepted)),
            observed,
            children);
      }
      case Input.RelationsDeclared declared ->
          reconcile(
              journal,
              RelationDeclarations.recorded(journal, application, declared.relations(), now),
              observed,
              children,
              now);
      case Input.RemoteSideObserved remote ->
          RemoteSides.recorded(journal, remote.side(), now)
              .map(e -> reconcile(journal, List.of(e), observed, children, now))
              .orElseGet(() -> Plan.unchanged(observed, children));
      case Input.ModelIdentityMade made ->
          journal.modelUuid() != null
              ? Plan.unchanged(observed, children)
              : reconcile(
                  journal, List.of(new ModelIdentified(made.uuid(), now)), observed, children, now);
    };
  }

  /**
   * The application was removed; its units go with the specification in force, or, when none came
   * since the operator started (it started again for the removal, after a crash), the charm and
   * config its journal holds. With no charm ever recorded no unit ever ran: it is gone now.
   */
  private Plan removed(
      OperatorState journal,
      Observed observed,
      Children children,
      ApplicationObservation.Removed removed,
      Instant now) {
    if (observed.gone()) return Plan.unchanged(observed, children);
    Specification spec =
        observed.spec() != null
            ? observed.spec()
            : RecordedSpecification.of(application, journal).orElse(null);
    if (spec == null)
      return new Plan(
          List.of(),
          List.of(new Intent.StopOperating(removed.reason())),
          observed.applicationGone(),
          children);
    return reconcile(journal, List.of(), observed.specified(spec, application), children, now);
  }

  private Plan charmSettled(
      OperatorState journal,
      Observed observed,
      Children children,
      CharmDeployer.Result result,
      Instant now) {
    CharmDeployment deployment = observed.charm();
    if (!deployment.awaits(result)) return Plan.unchanged(observed, children);
    CharmDeployment settled =
        deployment.settled(result, observed.spec() == null ? null : observed.spec().charm());
    Plan plan = reconcile(journal, List.of(), observed.withCharm(settled), children, now);
    return settled
        .retryAfter(charmRetry)
        .map(delay -> plan.thenAlso(new Intent.RetryCharm(delay)))
        .orElse(plan);
  }

  /**
   * Tells a recovered unit again what is wanted of it; nothing changes when it was told that
   * already.
   */
  private Plan unitRecovered(
      OperatorState journal, Observed observed, Children children, UnitId unit) {
    Life life = journal.units().get(unit);
    if (!children.hasActor(unit) || life == null || !readyForUnits(journal, observed))
      return Plan.unchanged(observed, children);
    Desired desired = desired(journal, observed.spec(), unit, life);
    Children told =
        desired.equals(children.assigned().get(unit))
            ? children
            : children.assigning(Map.of(unit, desired));
    return new Plan(List.of(), List.of(new Intent.AssignUnit(unit, desired)), observed, told);
  }

  /**
   * Brings the journal in line with what is observed, with {@code first} (already decided) ahead of
   * the rest, then the children in line with the journal.
   */
  private Plan reconcile(
      OperatorState journal,
      List<OperatorEvent> first,
      Observed observed,
      Children children,
      Instant now) {
    // Once the application is gone nothing more is decided; what happened meanwhile is recorded.
    if (observed.gone()) return new Plan(first, List.of(), observed, children);
    List<OperatorEvent> events = new ArrayList<>(first);
    List<Intent> intents = new ArrayList<>();
    OperatorState next = applyAll(journal, first);
    Specification spec = observed.spec();
    CharmDeployment charm = observed.charm();
    String charmProblem = null;
    String configProblem = null;
    if (spec != null) {
      CharmRef wanted = spec.charm();
      CharmInfo unpacked = charm.unpacked();
      boolean unpackedWanted = unpacked != null && !wanted.isModifiedFrom(unpacked.ref());
      if (unpackedWanted && !charm.holds(next.charm())) {
        // A new charm is recorded only if the config fits it; until then the old one stays.
        List<String> misfits = ConfigSettings.problems(unpacked.options(), spec.config());
        if (misfits.isEmpty()) {
          next =
              add(
                  events,
                  next,
                  new CharmDeployed(unpacked.withGeneration(next.charmGeneration() + 1), now));
        } else {
          charmProblem =
              "charm "
                  + unpacked.ref().url()
                  + ": config does not fit the new charm: "
                  + String.join("; ", misfits);
        }
      }
      boolean charmCurrent = next.charm() != null && !wanted.isModifiedFrom(next.charm().ref());
      boolean onDisk = charm.holds(next.charm());
      if (charmCurrent && onDisk) charm = charm.failureForgotten();
      if (charm.asked() == null && !charm.blocks(wanted)) {
        if (!charmCurrent && !unpackedWanted) {
          intents.add(new Intent.DeployCharm(wanted));
          charm = charm.asking(wanted);
        } else if (charmCurrent && !onDisk) {
          intents.add(new Intent.EnsureCharm(next.charm()));
          charm = charm.asking(next.charm().ref());
        }
      }
      if (charm.failure() != null) charmProblem = charm.failure().problem();
      if (next.charm() != null) {
        List<String> misfits = ConfigSettings.problems(next.charm().options(), spec.config());
        if (!misfits.isEmpty()) {
          configProblem = "config: " + String.join("; ", misfits);
        } else if (next.configGeneration() == 0
            || !ConfigValues.same(next.config(), spec.config())) {
          next =
              add(
                  events,
                  next,
                  new ConfigChanged(
                      new LinkedHashMap<>(spec.config()), next.configGeneration() + 1, now));
        }
      }
    }
    Observed seen = observed.withCharm(charm);
    boolean ready = readyForUnits(next, seen);
    if (ready) {
      SortedMap<UnitId, Life> changed = unitChanges(next, seen, children);
      if (!changed.isEmpty()) next = add(events, next, new UnitsUpdated(changed, now));
      UnitId leader = chooseLeader(next);
      if (!Objects.equals(leader, next.leader()))
        next = add(events, next, new LeaderElected(leader, now));
      for (OperatorEvent scope :
          RelationScopes.reconcile(next, application, addresses, now, !inModel))
        next = add(events, next, scope);
    }
    Status status = desiredStatus(next, seen, charmProblem, configProblem, now);
    if (status != null && !status.sameAs(next.status()))
      next = add(events, next, new ApplicationStatusChanged(status, now));
    return new Plan(
        events, intents, seen, ready ? tellChildren(next, seen, children, intents) : children);
  }

  /**
   * Units run only once the model has its identity (hooks see it), and the specification, a full
   * listing and the journal's charm on disk are there.
   */
  private static boolean readyForUnits(OperatorState state, Observed observed) {
    return state.modelUuid() != null
        && observed.spec() != null
        && observed.unitsListed()
        && !observed.gone()
        && state.charm() != null
        && observed.charm().holds(state.charm());
  }

  /** Units listed that the journal does not know, and alive units now listed dying. */
  private static SortedMap<UnitId, Life> unitChanges(
      OperatorState state, Observed observed, Children children) {
    SortedMap<UnitId, Life> changed = new TreeMap<>();
    observed
        .units()
        .forEach(
            (unit, life) -> {
              if (children.removing().contains(unit) || life == Life.DEAD) return;
              if (life == Life.DYING && observed.released().contains(unit)) return;
              Life known = state.units().get(unit);
              // dying is final: a unit known dying is not made alive again by a listing
              if (known == null || (known == Life.ALIVE && life == Life.DYING))
                changed.put(unit, life);
            });
    return changed;
  }

  /**
   * The leader stays while it is alive; otherwise the lowest-numbered alive unit leads (or none).
   */
  private static UnitId chooseLeader(OperatorState state) {
    if (state.leader() != null && state.units().get(state.leader()) == Life.ALIVE)
      return state.leader();
    return state.units().entrySet().stream()
        .filter(e -> e.getValue() == Life.ALIVE)
        .map(Map.Entry::getKey)
        .min(Comparator.naturalOrder())
        .orElse(null);
  }

  /** The operator's own status: the first problem wins; none before the first specification. */
  private static Status desiredStatus(
      OperatorState state,
      Observed observed,
      String charmProblem,
      String configProblem,
      Instant now) {
    if (observed.specProblem() != null) return Status.of("blocked", observed.specProblem(), now);
    if (observed.spec() == null) return null;
    if (charmProblem != null) return Status.of("blocked", charmProblem, now);
    if (configProblem != null) return Status.of("blocked", configProblem, now);
    boolean downloading =
        observed.charm().asked() != null
            && (state.charm() == null
                || observed.spec().charm().isModifiedFrom(state.charm().ref()));
    return downloading
        ? Status.of("maintenance", "Downloading charm", now)
        : Status.of("active", "", now);
  }

  /**
   * The children in line with the journal: the substrate knows the charm, every unit has an actor
   * that was told what is wanted of it, and units the substrate no longer has are removed.
   */
  private Children tellChildren(
      OperatorState state, Observed observed, Children children, List<Intent> intents) {
    Children told = children;
    if (state.charm().generation() != told.announcedCharm()) {
      intents.add(new Intent.AnnounceCharm(state.charm()));
      told = told.announcing(state.charm().generation());
    }
    Map<UnitId, Desired> changes = new HashMap<>();
    List<UnitId> vanished = new ArrayList<>();
    for (Map.Entry<UnitId, Life> entry : state.units().entrySet()) {
      UnitId unit = entry.getKey();
      if (told.removing().contains(unit)) continue;
      Life listed = observed.units().get(unit);
      if (listed == null || listed == Life.DEAD) {
        vanished.add(unit);
        continue;
      }
      Desired desired = desired(state, observed.spec(), unit, entry.getValue());
      if (!told.hasActor(unit)) intents.add(new Intent.SpawnUnit(unit, state.modelUuid()));
      if (!desired.equals(told.assigned().get(unit))) {
        intents.add(new Intent.AssignUnit(unit, desired));
        changes.put(unit, desired);
      }
    }
    told = told.assigning(changes);
    for (UnitId unit : vanished) intents.add(new Intent.RemoveUnit(unit, true));
    return vanished.isEmpty() ? told : told.removingUnits(vanished);
  }

  private Desired desired(OperatorState state, Specification spec, UnitId unit, Life life) {
    return new Desired(
        life,
        state.charm(),
        state.configGeneration(),
        unit.equals(state.leader()),
        state.charmSettings().leaderSettingsGeneration(),
        spec.updateStatusInterval(),
        storage(state, unit),
        RelationScopes.snapshots(state, unit));
  }

  /**
   * The unit's storage instances: each storage the charm declares has one ({@code <name>/0}), plus
   * those the unit's hooks added ({@code <name>/1} …). Numbered per unit: Juju numbers them across
   * the model.
   */
  private List<UnitState.StorageInstance> storage(OperatorState state, UnitId unit) {
    List<UnitState.StorageInstance> instances = new ArrayList<>();
    new TreeMap<>(state.charm().storage())
        .forEach(
            (name, declared) -> {
              for (int i = 0; i < state.storageCount(unit, name); i++) {
                String id = name + "/" + i;
                instances.add(
                    new UnitState.StorageInstance(
                        id, declared.type(), storageLayout.location(unit, id, declared)));
              }
            });
    return instances;
  }

  private static OperatorState add(
      List<OperatorEvent> events, OperatorState state, OperatorEvent event) {
    events.add(event);
    return state.apply(event);
  }

  private static OperatorState applyAll(OperatorState state, List<OperatorEvent> events) {
    OperatorState s = state;
    for (OperatorEvent e : events) s = s.apply(e);
    return s;
  }
}
