package io.caasoperator.persistence;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.caasoperator.domain.CharmInfo;
import io.caasoperator.domain.Life;
import io.caasoperator.domain.Status;
import io.caasoperator.domain.UnitId;
import io.caasoperator.persistence.UnitEvent.*;
import io.caasoperator.persistence.secret.SecretTrigger;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * Everything a unit knows, rebuilt from its events by {@link #apply}: the single event handler used
 * by the UnitActor and by replay alike. Immutable; every change returns a new copy. Grouped by who
 * decides each part: the operator ({@link Assigned}), the substrate ({@link Observed}), the unit's
 * hooks ({@link Progress}, {@link Hooks}, {@link Statuses}) and the charm itself ({@link
 * CharmData}), and the charm actions users ran on it ({@link Actions}); a new field joins one group
 * and touches that group's copies only.
 *
 * <p>Snapshots of the first version (one flat record) are read by {@link UnitStateV1}; those of the
 * second (grouped, before actions and storage) and the third (before relations) are read as they
 * are, the components they lack taking their empty values in the compact constructor (see {@code
 * JournalSerializer.JournalTypes.GROWN}).
 */
@StableName("snapshot.UnitState.v4")
public record UnitState(
    UnitId unit,
    Life life,
    Assigned assigned,
    Observed observed,
    Progress progress,
    Hooks hooks,
    Statuses statuses,
    CharmData charmData,
    Actions actions,
    Storage storage,
    UnitRelations relations)
    implements JournalEvent {

  /**
   * One storage instance of the unit.
   *
   * @param id {@code <storage name>/<number>}, e.g. {@code data/0}
   * @param kind {@code filesystem} or {@code block}
   * @param location where it is, as the unit's hooks see it
   */
  public record StorageInstance(String id, String kind, String location) {
    public StorageInstance {
      if (id == null || id.indexOf('/') <= 0)
        throw new IllegalArgumentException("storage id must be <name>/<n>, got " + id);
      java.util.Objects.requireNonNull(kind, "kind");
      java.util.Objects.requireNonNull(location, "location");
    }

    /** The storage's name in the charm's metadata: {@code data} of {@code data/0}. */
    public String name() {
      return id.substring(0, id.indexOf('/'));
    }
  }

  /**
   * The unit's storage: its instances, whose storage-attached hooks ran, whose storage-detaching
   * hooks ran.
   *
   * @param instances by id
   * @param attached ids whose storage-attached hook is done
   * @param detached ids whose storage-detaching hook is done
   */
  public record Storage(
      Map<String, StorageInstance> instances,
      SortedSet<String> attached,
      SortedSet<String> detached) {
    public static final Storage NONE = new Storage(Map.of(), new TreeSet<>(), new TreeSet<>());

    public Storage {
      instances = Map.copyOf(instances);
      attached = java.util.Collections.unmodifiableSortedSet(new TreeSet<>(attached));
      detached = java.util.Collections.unmodifiableSortedSet(new TreeSet<>(detached));
    }

    Storage with(StorageInstance instance) {
      TreeMap<String, StorageInstance> copy = new TreeMap<>(instances);
      copy.put(instance.id(), instance);
      return new Storage(copy, attached, detached);
    }

    Storage attached(String id) {
      TreeSet<String> copy = new TreeSet<>(attached);
      copy.add(id);
      return new Storage(instances, copy, detached);
    }

    Storage detached(String id) {
      TreeSet<String> copy = new TreeSet<>(detached);
      copy.add(id);
      return new Storage(instances, attached, copy);
    }
  }

  /**
   * What the operator wants of this unit.
   *
   * @param charm the charm it should run (null before the first)
   * @param configGeneration the config generation
   * @param leader whether it leads
   * @param leaderSettingsGeneration the generation of the leader settings
   */
  public record Assigned(
      CharmInfo charm, long configGeneration, boolean leader, long leaderSettingsGeneration) {
    static final Assigned NOTHING = new Assigned(null, 0, false, 0);

    Assigned withCharm(CharmInfo c) {
      return new Assigned(c, configGeneration, leader, leaderSettingsGeneration);
    }

    Assigned withConfig(long generation) {
      return new Assigned(charm, generation, leader, leaderSettingsGeneration);
    }

    Assigned withLeader(boolean l) {
      return new Assigned(charm, configGeneration, l, leaderSettingsGeneration);
    }

    Assigned withLeaderSettings(long generation) {
      return new Assigned(charm, configGeneration, leader, generation);
    }
  }

  /**
   * What the substrate reported about the unit.
   *
   * @param containerStarts container → id of its latest start
   * @param pebbleNotices custom notices and check transitions whose hooks have not run yet, in
   *     arrival order (absent from snapshots written before these hooks existed: none)
   * @param secretTriggers secret hooks due for this unit (the owner) that have not run yet, in
   *     arrival order (absent from snapshots written before these hooks existed: none)
   */
  public record Observed(
      Map<String, String> containerStarts,
      List<PebbleNotice> pebbleNotices,
      List<SecretTrigger> secretTriggers) {
    static final Observed NOTHING = new Observed(Map.of(), List.of(), List.of());

    public Observed {
      containerStarts = Map.copyOf(containerStarts);
      pebbleNotices = pebbleNotices == null ? List.of() : List.copyOf(pebbleNotices);
      secretTriggers = secretTriggers == null ? List.of() : List.copyOf(secretTriggers);
    }

    /** Before secret hooks existed. */
    public Observed(Map<String, String> containerStarts, List<PebbleNotice> pebbleNotices) {
      this(containerStarts, pebbleNotices, List.of());
    }

    Observed withStart(String container, String startId) {
      return new Observed(put(containerStarts, container, startId), pebbleNotices, secretTriggers);
    }

    /** Queued once: the same occurrence reported again (a re-delivery) is already waiting. */
    Observed withNotice(PebbleNotice notice) {
      return new Observed(containerStarts, queued(pebbleNotices, notice), secretTriggers);
    }

    Observed withoutNotice(PebbleNotice notice) {
      return new Observed(containerStarts, unqueued(pebbleNotices, notice), secretTriggers);
    }

    /** Queued once, as notices are. */
    Observed withSecretTrigger(SecretTrigger trigger) {
      return new Observed(containerStarts, pebbleNotices, queued(secretTriggers, trigger));
    }

    Observed withoutSecretTrigger(SecretTrigger trigger) {
      return new Observed(containerStarts, pebbleNotices, unqueued(secretTriggers, trigger));
    }

    private static <T> List<T> queued(List<T> queue, T item) {
      if (queue.contains(item)) return queue;
      List<T> more = new ArrayList<>(queue);
      more.add(item);
      return more;
    }

    private static <T> List<T> unqueued(List<T> queue, T item) {
      if (item == null || !queue.contains(item)) return queue;
      List<T> left = new ArrayList<>(queue);
      left.remove(item);
      return left;
    }
  }

  /**
   * What the unit's completed hooks have done.
   *
   * @param charmInUse the charm the unit's charm directory holds now
   * @param upgradedTo the charm generation the unit last installed or upgraded to
   * @param configSeen the config generation the last config-changed ran for (-1: run it again, e.g.
   *     after upgrade-charm)
   * @param leaderElectedSeen leader-elected ran since the unit became leader
   * @param leaderSettingsSeen one more than the leader-settings generation the last
   *     leader-settings-changed ran for, 0 if it never ran: a follower runs it once after install,
   *     as Juju does, even for generation 0 ({@link #leaderSettingsChangedRanFor}). Versions before
   *     stored the generation itself, and 0 for never (it ran for generations from 1 only), in the
   *     same field: a follower recovered from such a snapshot runs leader-settings-changed once
   *     more at most, as a Juju unit agent does after each restart.
   * @param containersReady container → start id its pebble-ready ran for
   */
  public record Progress(
      CharmInfo charmInUse,
      long upgradedTo,
      long configSeen,
      boolean leaderElectedSeen,
      long leaderSettingsSeen,
      boolean installed,
      boolean started,
      boolean stopped,
      Map<String, String> containersReady) {
    static final Progress NOTHING =
        new Progress(null, 0, 0, false, 0, false, false, false, Map.of());

    public Progress {
      containersReady = Map.copyOf(containersReady);
    }

    Progress withCharmInUse(CharmInfo c) {
      return with(p -> p.charmInUse = c);
    }

    Progress asInstalled(long generation) {
      return with(p -> p.upgradedTo = generation).with(p -> p.installed = true);
    }

    /** config-changed always follows upgrade-charm, as Juju does */
    Progress upgraded(long generation) {
      return with(p -> p.upgradedTo = generation).withConfigSeen(-1);
    }

    Progress withConfigSeen(long generation) {
      return with(p -> p.configSeen = generation);
    }

    Progress withLeaderElectedSeen(boolean seen) {
      return with(p -> p.leaderElectedSeen = seen);
    }

    /** leader-settings-changed ran for the leader-settings {@code generation}. */
    Progress withLeaderSettingsSeen(long generation) {
      return with(p -> p.leaderSettingsSeen = generation + 1);
    }

    /** Whether the last leader-settings-changed ran for the leader-settings {@code generation}. */
    public boolean leaderSettingsChangedRanFor(long generation) {
      return leaderSettingsSeen == generation + 1;
    }

    Progress asStarted() {
      return with(p -> p.started = true);
    }

    Progress asStopped() {
      return with(p -> p.stopped = true);
    }

    Progress withReady(String container, String startId) {
      return with(p -> p.containersReady = put(containersReady, container, startId));
    }

    /** A copy with what {@code change} assigns, as the unit state's own copies are made. */
    private Progress with(Consumer<Changed> change) {
      Changed c = new Changed();
      change.accept(c);
      return new Progress(
          c.charmInUse,
          c.upgradedTo,
          c.configSeen,
          c.leaderElectedSeen,
          c.leaderSettingsSeen,
          c.installed,
          c.started,
          c.stopped,
          c.containersReady);
    }

    /** The progress being changed, each field starting as it is; never persisted. */
    private final class Changed {
      CharmInfo charmInUse = charmInUse();
      long upgradedTo = upgradedTo();
      long configSeen = configSeen();
      boolean leaderElectedSeen = leaderElectedSeen();
      long leaderSettingsSeen = leaderSettingsSeen();
      boolean installed = installed();
      boolean started = started();
      boolean stopped = stopped();
      Map<String, String> containersReady = containersReady();
    }
  }

  /**
   * The unit's hooks: the one running, the one failed, the last that ended.
   *
   * @param running the hook whose process may be running (started, not yet finished)
   * @param failed the hook that failed and blocks later hooks until retried or resolved
   * @param last the last hook that ended
   * @param run hooks that ran to an end (completed or failed)
   */
  public record Hooks(RunningHook running, FailedHook failed, LastHook last, long run) {
    static final Hooks NONE = new Hooks(null, null, null, 0);

    Hooks started(RunningHook hook) {
      return new Hooks(hook, null, last, run);
    }

    Hooks ended(LastHook hook) {
      return new Hooks(null, null, hook, hook.outcome().ran() ? run + 1 : run);
    }

    Hooks failedWith(FailedHook hook, LastHook lastHook) {
      return new Hooks(null, hook, lastHook, run + 1);
    }
  }

  /**
   * @param agent the unit agent's status (idle, executing, error)
   * @param workload the workload status, as the charm set it or {@code error} after a failed hook
   * @param workloadBeforeError the charm's workload status while an error hides it
   */
  public record Statuses(Status agent, Status workload, Status workloadBeforeError) {
    static final Statuses INITIAL =
        new Statuses(
            Status.of("allocating", "", Instant.EPOCH),
            Status.of("waiting", "agent initialising", Instant.EPOCH),
            null);

    Statuses withAgent(Status status) {
      return new Statuses(status, workload, workloadBeforeError);
    }

    /** The charm set its workload status; while an error shows, it is what comes back after. */
    Statuses withWorkloadSet(Status status) {
      return workloadBeforeError != null
          ? new Statuses(agent, workload, status)
          : new Statuses(agent, status, null);
    }

    Statuses erred(Status agentStatus, Status error) {
      return new Statuses(
          agentStatus, error, workloadBeforeError != null ? workloadBeforeError : workload);
    }

    /** A hook ended without error: the workload status the charm set shows again. */
    Statuses cleared(Status agentStatus) {
      return new Statuses(
          agentStatus, workloadBeforeError != null ? workloadBeforeError : workload, null);
    }
  }

  /** What the charm keeps through hook tools: {@code state-set} values and opened ports. */
  public record CharmData(Map<String, String> state, SortedSet<String> ports) {
    public static final CharmData EMPTY = new CharmData(Map.of(), new TreeSet<>());

    public CharmData {
      state = Map.copyOf(state);
      ports = java.util.Collections.unmodifiableSortedSet(new TreeSet<>(ports));
    }

    CharmData withState(String key, String value) {
      TreeMap<String, String> copy = new TreeMap<>(state);
      if (value == null) copy.remove(key);
      else copy.put(key, value);
      return new CharmData(copy, ports);
    }

    CharmData withPort(String port, boolean open) {
      TreeSet<String> copy = new TreeSet<>(ports);
      if (open) copy.add(port);
      else copy.remove(port);
      return new CharmData(state, copy);
    }
  }

  /**
   * The charm actions run on this unit: those waiting, in the order they were queued (which is the
   * order of their ids), the one running, and the last {@link #KEPT} that finished, oldest first.
   * Older ones are in the journal only: a unit's snapshot stays bounded however long it lives.
   */
  public record Actions(List<UnitAction> pending, UnitAction running, List<UnitAction> finished) {
    /** How many finished actions a unit keeps in its state. */
    public static final int KEPT = 100;

    public static final Actions NONE = new Actions(List.of(), null, List.of());

    public Actions {
      pending = pending == null ? List.of() : List.copyOf(pending);
      finished = finished == null ? List.of() : List.copyOf(finished);
    }

    /**
     * The action {@code id}, wherever it is; empty when the unit never had it or no longer keeps
     * it.
     */
    public Optional<UnitAction> find(long id) {
      if (running != null && running.id() == id) return Optional.of(running);
      for (UnitAction a : pending) if (a.id() == id) return Optional.of(a);
      for (UnitAction a : finished) if (a.id() == id) return Optional.of(a);
      return Optional.empty();
    }

    /** The highest id waiting, or 0: an exec that arrives now goes after every action up to it. */
    public long lastPendingId() {
      return pending.isEmpty() ? 0 : pending.getLast().id();
    }

    Actions queued(UnitAction action) {
      List<UnitAction> more = new ArrayList<>(pending);
      more.add(action);
      return new Actions(more, running, finished);
    }

    Actions started(long id, String contextId, Instant at) {
      UnitAction action = pending.stream().filter(a -> a.id() == id).findFirst().orElse(null);
      if (action == null) return this;
      return new Actions(without(pending, id), action.started(contextId, at), finished);
    }

    Actions finished(UnitEvent.ActionFinished e) {
      UnitAction action =
          running != null && running.id() == e.id()
              ? running
              : pending.stream().filter(a -> a.id() == e.id()).findFirst().orElse(null);
      if (action == null) return this;
      List<UnitAction> done = new ArrayList<>(finished);
      done.add(action.finished(e));
      if (done.size() > KEPT) done = done.subList(done.size() - KEPT, done.size());
      return new Actions(without(pending, e.id()), action == running ? null : running, done);
    }

    private static List<UnitAction> without(List<UnitAction> actions, long id) {
      return actions.stream().filter(a -> a.id() != id).toList();
    }
  }

  /**
   * One charm action of the unit, as {@code show-action} shows it.
   *
   * @param id unique within the application, given by the operator
   * @param name the action, as in the charm's actions.yaml
   * @param params as validated, with the schema's defaults filled in
   * @param message why it failed (its {@code action-fail} message, {@code exit status N}, ...), or
   *     empty
   * @param results {@code action-set} values, with {@code return-code}, {@code stdout} and {@code
   *     stderr}
   * @param log its {@code action-log} messages
   * @param contextId the hook context it ran in, once started (null before)
   * @param enqueued when it was queued
   * @param started when its process started (null before)
   * @param completed when it finished (null before)
   */
  public record UnitAction(
      long id,
      String name,
      Map<String, Object> params,
      ActionStatus status,
      String message,
      Map<String, Object> results,
      List<ActionMessage> log,
      String contextId,
      Instant enqueued,
      Instant started,
      Instant completed) {
    public UnitAction {
      params = params == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(params));
      message = message == null ? "" : message;
      results =
          results == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(results));
      log = log == null ? List.of() : List.copyOf(log);
    }

    static UnitAction queued(UnitEvent.ActionQueued e) {
      return new UnitAction(
          e.id(),
          e.name(),
          e.params(),
          ActionStatus.PENDING,
          "",
          Map.of(),
          List.of(),
          null,
          e.at(),
          null,
          null);
    }

    UnitAction started(String context, Instant at) {
      return new UnitAction(
          id,
          name,
          params,
          ActionStatus.RUNNING,
          message,
          results,
          log,
          context,
          enqueued,
          at,
          null);
    }

    UnitAction finished(UnitEvent.ActionFinished e) {
      return new UnitAction(
          id,
          name,
          params,
          e.status(),
          e.message(),
          e.results(),
          e.log(),
          contextId,
          enqueued,
          started,
          e.at());
    }
  }

  /** A hook whose {@code HookStarted} is persisted and whose end is not. */
  public record RunningHook(PlannedHook hook, int attempt, String contextId, Instant startedAt) {}

  public record FailedHook(
      PlannedHook hook, int attempt, int exitCode, String reason, Instant at) {}

  public record LastHook(String name, HookOutcome outcome, Instant at, long durationMillis) {}

  public UnitState {
    // snapshots written before a group existed read it as null: give it its empty value
    charmData = charmData == null ? CharmData.EMPTY : charmData;
    actions = actions == null ? Actions.NONE : actions;
    storage = storage == null ? Storage.NONE : storage;
    relations = relations == null ? UnitRelations.NONE : relations;
  }

  public static UnitState initial(UnitId unit) {
    return new UnitState(
        unit,
        Life.ALIVE,
        Assigned.NOTHING,
        Observed.NOTHING,
        Progress.NOTHING,
        Hooks.NONE,
        Statuses.INITIAL,
        CharmData.EMPTY,
        Actions.NONE,
        Storage.NONE,
        UnitRelations.NONE);
  }

  @JsonIgnore
  public boolean isDead() {
    return life == Life.DEAD;
  }

  /** The charm the unit runs its hooks with now (null before its first). */
  public CharmInfo charmInUse() {
    return progress.charmInUse();
  }

  /** The hook whose process may be running, or null. */
  public RunningHook running() {
    return hooks.running();
  }

  /** The hook that failed and waits, or null. */
  public FailedHook failed() {
    return hooks.failed();
  }

  public UnitState apply(UnitEvent event) {
    return switch (event) {
      case LifeAssigned e -> with(c -> c.life = e.life());
      case Revived e -> initial(unit);
      case CharmAssigned e ->
          with(
              c -> {
                c.assigned = assigned.withCharm(e.charm());
                if (progress.charmInUse() == null) c.progress = progress.withCharmInUse(e.charm());
              });
      case CharmSwitched e -> with(c -> c.progress = progress.withCharmInUse(assigned.charm()));
      case ConfigAssigned e -> with(c -> c.assigned = assigned.withConfig(e.generation()));
      case LeadershipAssigned e ->
          with(
              c -> {
                c.assigned = assigned.withLeader(e.leader());
                c.progress =
                    progress.withLeaderElectedSeen(e.leader() && progress.leaderElectedSeen());
              });
      case ContainerStartObserved e ->
          with(c -> c.observed = observed.withStart(e.container(), e.startId()));
      case PebbleNoticeObserved e -> with(c -> c.observed = observed.withNotice(e.notice()));
      case SecretTriggerObserved e ->
          with(c -> c.observed = observed.withSecretTrigger(e.trigger()));
      case HookStarted e ->
          with(
              c -> {
                c.hooks =
                    hooks.started(new RunningHook(e.hook(), e.attempt(), e.contextId(), e.at()));
                c.statuses =
                    statuses.withAgent(
                        Status.of("executing", "running " + e.hook().name() + " hook", e.at()));
              });
      case HookCompleted e ->
          finished(
              hooks.running().hook(),
              new LastHook(e.hook(), HookOutcome.COMPLETED, e.at(), e.durationMillis()));
      case HookSkipped e ->
          finished(e.hook(), new LastHook(e.hook().name(), HookOutcome.SKIPPED, e.at(), 0));
      case HookFailed e -> failedWith(e);
      case HookResolved e ->
          e.retry() || hooks.failed() == null
              ? this
              : finished(
                  hooks.failed().hook(),
                  new LastHook(hooks.failed().hook().name(), HookOutcome.RESOLVED, e.at(), 0));
      case WorkloadStatusSet e -> with(c -> c.statuses = statuses.withWorkloadSet(e.status()));
      // an exec is an audit record: it changes nothing the unit decides on
      case ExecStarted e -> this;
      case ExecCompleted e -> this;
      case CharmStateSet e -> with(c -> c.charmData = charmData.withState(e.key(), e.value()));
      case CharmStateDeleted e -> with(c -> c.charmData = charmData.withState(e.key(), null));
      case PortOpened e -> with(c -> c.charmData = charmData.withPort(e.port(), true));
      case PortClosed e -> with(c -> c.charmData = charmData.withPort(e.port(), false));
      case LeaderSettingsAssigned e ->
          with(c -> c.assigned = assigned.withLeaderSettings(e.generation()));
      case ActionQueued e -> with(c -> c.actions = actions.queued(UnitAction.queued(e)));
      case ActionStarted e -> actionStarted(e);
      case ActionFinished e -> actionFinished(e);
      case StorageAssigned e -> with(c -> c.storage = storage.with(e.instance()));
      case RelationsAssigned e -> with(c -> c.relations = relations.assigned(e.relations()));
      case RelationSettingsWritten e -> with(c -> c.relations = relations.written(e));
    };
  }

  /**
   * The agent shows the running action, as Juju's does ({@code executing: running action <name>}),
   * unless a failed hook holds it in error: an action may run while a hook is failed, and does not
   * clear the error.
   */
  private UnitState actionStarted(ActionStarted e) {
    Actions after = actions.started(e.id(), e.contextId(), e.at());
    return withActions(
        after,
        after == actions
            ? null
            : Status.of("executing", "running action " + after.running().name(), e.at()));
  }

  private UnitState actionFinished(ActionFinished e) {
    boolean wasRunning = actions.running() != null && actions.running().id() == e.id();
    return withActions(actions.finished(e), wasRunning ? Status.of("idle", "", e.at()) : null);
  }

  /** The actions {@code after}, and the agent showing {@code agent} (null: as it was). */
  private UnitState withActions(Actions after, Status agent) {
    return with(
        c -> {
          c.actions = after;
          if (agent != null && hooks.failed() == null) c.statuses = statuses.withAgent(agent);
        });
  }

  /** What a hook that carries nothing but its kind marks seen when it is done. */
  private Progress lifecycleDone(PlannedHook.Lifecycle hook) {
    return switch (hook.kind()) {
      case INSTALL -> progress.asInstalled(hook.charmGeneration());
      case LEADER_ELECTED -> progress.withLeaderElectedSeen(assigned.leader());
      case CONFIG_CHANGED -> progress.withConfigSeen(hook.configGeneration());
      case START -> progress.asStarted();
      case UPGRADE_CHARM -> progress.upgraded(hook.charmGeneration());
      case STOP -> progress.asStopped();
      // journaled before leader-settings-changed carried the generation it was planned for
      case LEADER_SETTINGS_CHANGED ->
          progress.withLeaderSettingsSeen(assigned.leaderSettingsGeneration());
      // remove and update-status mark nothing; no other kind gets here: each carries something,
      // so has a record of its own (PlannedHook.Lifecycle refuses them)
      default -> progress;
    };
  }

  /** The effect of a hook that is done (completed, skipped, or resolved without retry). */
  private UnitState finished(PlannedHook hook, LastHook last) {
    Progress p =
        switch (hook) {
          case PlannedHook.PebbleReady h -> progress.withReady(h.workload(), h.containerStart());
          // the generation it was planned for: settings changed while it ran run it again
          case PlannedHook.LeaderSettings h ->
              progress.withLeaderSettingsSeen(h.leaderSettingsGeneration());
          case PlannedHook.Lifecycle h -> lifecycleDone(h);
          case PlannedHook.Notice h -> progress;
          case PlannedHook.Storage h -> progress;
          case PlannedHook.Relation h -> progress;
          case PlannedHook.Secret h -> progress;
        };
    Observed o =
        switch (hook) {
          case PlannedHook.Notice h -> observed.withoutNotice(h.notice());
          case PlannedHook.Secret h -> observed.withoutSecretTrigger(h.trigger());
          case PlannedHook.Lifecycle h -> observed;
          case PlannedHook.PebbleReady h -> observed;
          case PlannedHook.Storage h -> observed;
          case PlannedHook.Relation h -> observed;
          case PlannedHook.LeaderSettings h -> observed;
        };
    Storage st =
        hook instanceof PlannedHook.Storage h
            ? (h.kind() == HookKind.STORAGE_ATTACHED
                ? storage.attached(h.storage().id())
                : storage.detached(h.storage().id()))
            : storage;
    return with(
        c -> {
          if (hook.kind() == HookKind.REMOVE) c.life = Life.DEAD;
          c.observed = o;
          c.progress = p;
          c.hooks = hooks.ended(last);
          c.statuses = statuses.cleared(Status.of("idle", "", last.at()));
          c.storage = st;
          c.relations = relations.after(hook);
        });
  }

  private UnitState failedWith(HookFailed e) {
    PlannedHook hook = hooks.running() != null ? hooks.running().hook() : hooks.failed().hook();
    int attempt = hooks.running() != null ? hooks.running().attempt() : hooks.failed().attempt();
    return with(
        c -> {
          c.hooks =
              hooks.failedWith(
                  new FailedHook(hook, attempt, e.exitCode(), e.reason(), e.at()),
                  new LastHook(e.hook(), HookOutcome.FAILED, e.at(), e.durationMillis()));
          c.statuses =
              statuses.erred(
                  Status.of("error", e.reason(), e.at()),
                  Status.of("error", "hook failed: \"" + e.hook() + "\"", e.at()));
        });
  }

  private static Map<String, String> put(Map<String, String> map, String key, String value) {
    TreeMap<String, String> copy = new TreeMap<>(map);
    copy.put(key, value);
    return copy;
  }

  /** A copy with what {@code change} assigns: each event names only the parts it changes. */
  private UnitState with(Consumer<Changed> change) {
    Changed changed = new Changed();
    change.accept(changed);
    return changed.state();
  }

  /**
   * The parts of this state being changed, each starting as it is; never persisted (only the record
   * is). The unit's name never changes: {@link Revived} starts a new state instead.
   */
  private final class Changed {
    Life life = UnitState.this.life;
    Assigned assigned = UnitState.this.assigned;
    Observed observed = UnitState.this.observed;
    Progress progress = UnitState.this.progress;
    Hooks hooks = UnitState.this.hooks;
    Statuses statuses = UnitState.this.statuses;
    CharmData charmData = UnitState.this.charmData;
    Actions actions = UnitState.this.actions;
    Storage storage = UnitState.this.storage;
    UnitRelations relations = UnitState.this.relations;

    UnitState state() {
      return new UnitState(
          unit, life, assigned, observed, progress, hooks, statuses, charmData, actions, storage,
          relations);
    }
  }
}
