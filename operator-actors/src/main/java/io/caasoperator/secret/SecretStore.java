package io.caasoperator.secret;

import io.caasoperator.persistence.JournalHealth;
import io.caasoperator.persistence.secret.SecretEvent;
import io.caasoperator.persistence.secret.SecretTrigger;
import io.caasoperator.persistence.secret.SecretsState;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.pekko.Done;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.SupervisorStrategy;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.TimerScheduler;
import org.apache.pekko.persistence.typed.JournalPersistFailed;
import org.apache.pekko.persistence.typed.PersistenceId;
import org.apache.pekko.persistence.typed.RecoveryCompleted;
import org.apache.pekko.persistence.typed.RecoveryFailed;
import org.apache.pekko.persistence.typed.javadsl.CommandHandler;
import org.apache.pekko.persistence.typed.javadsl.EventHandler;
import org.apache.pekko.persistence.typed.javadsl.EventSourcedBehavior;
import org.apache.pekko.persistence.typed.javadsl.SignalHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The application's own secrets ({@code secrets|<app>}), a journal of their own so that the
 * operator's and units' state keep their shapes: it commits what completed hooks changed ({@link
 * SecretCommit}), sealed by the {@link SecretCipher}, and publishes its state to {@link Secrets}
 * for hook tools. Its log lines name ids, labels and digests, never content. It also keeps the
 * owners' secret hooks on time: whenever its state changes, and at the next trigger's time (a
 * timer), it hands the triggers {@link SecretSchedule} finds due to their owners through {@link
 * Secrets}; the owner's completed hook is committed here like any change, and the trigger is no
 * longer due.
 */
public final class SecretStore
    extends EventSourcedBehavior<SecretStore.Command, SecretEvent, SecretsState> {

  public sealed interface Command {}

  /**
   * Commits a completed hook's {@code changes}; replies {@link Committed} once they are in the
   * journal and published (a hook's completion is recorded only after that).
   */
  public record Commit(
      String unit,
      List<SecretChange> changes,
      List<SecretTrigger> handled,
      ActorRef<Committed> replyTo)
      implements Command {
    public Commit {
      changes = List.copyOf(changes);
      handled = List.copyOf(handled);
    }

    /** Changes of a context that ran no secret hook. */
    public Commit(String unit, List<SecretChange> changes, ActorRef<Committed> replyTo) {
      this(unit, changes, List.of(), replyTo);
    }
  }

  /**
   * A user's change to the model's secrets ({@code juju add-secret} and the like), decided against
   * the state now by {@code decision} ({@link UserSecrets#decide}): replies its {@link
   * UserSecrets.Outcome} once the changes are in the journal and published, or at once when it was
   * refused. {@code by} names who asked, for the log.
   */
  public record Decide(
      java.util.function.Function<SecretsState, UserSecrets.Outcome> decision,
      String by,
      ActorRef<UserSecrets.Outcome> replyTo)
      implements Command {}

  /**
   * The model removed the application: every secret it and its units own, and every record of its
   * units reading another owner's, is removed ({@link ApplicationRemoval}) in the journal, so that
   * a restart does not bring them back and an application deployed later under the same name starts
   * with none; replies once that is journaled, and the store stops.
   */
  public record Leave(ActorRef<Done> replyTo) implements Command {}

  /** Replies with the state now (show-secret). */
  public record GetState(ActorRef<SecretsState> replyTo) implements Command {}

  /**
   * The unit {@code unit} became an owner (its actor started) or its leadership changed: it gets
   * the triggers due now that are its. No reply.
   */
  record Redeliver(String unit) implements Command {}

  /**
   * Another owner of the model published: a unit of this application that reads one of its secrets
   * may have to run {@code secret-changed}. No reply.
   */
  record OthersPublished() implements Command {}

  /** The next trigger's time came (or a state change may have made one due). */
  private record Tick() implements Command {}

  /** How many events the commit wrote. */
  public record Committed(int events) {}

  private static final Logger log = LoggerFactory.getLogger(SecretStore.class);
  private static final Duration RESTART_DELAY = Duration.ofSeconds(3);
  private static final Object TICK_TIMER = "tick";
  private static final Tick TICK = new Tick();
  private static final Duration MAX_TICK = Duration.ofDays(1);

  public static String persistenceId(String application) {
    return "secrets|" + application;
  }

  /**
   * What {@link #create} takes in place of an application's name for the model's own (user)
   * secrets: their journal is {@code secrets|model:<model>}, beside the applications' (an
   * application's name cannot hold a colon, so the two never meet).
   */
  public static String ofModel(String model) {
    return "model:" + model;
  }

  public static Behavior<Command> create(String application, Secrets secrets, Clock clock) {
    return Behaviors.supervise(
            Behaviors.<Command>setup(
                ctx -> {
                  ActorRef<Command> self = ctx.getSelf();
                  secrets.attach(self);
                  return Behaviors.<Command>withTimers(
                      timers ->
                          new SecretStore(
                              application,
                              secrets,
                              clock,
                              JournalHealth.get(ctx.getSystem()),
                              timers));
                }))
        .onFailure(SupervisorStrategy.restartWithBackoff(RESTART_DELAY, RESTART_DELAY, 0.0));
  }

  private final String application;
  private final Secrets secrets;
  private final Clock clock;
  private final JournalHealth health;
  private final TimerScheduler<Command> timers;

  /**
   * The triggers handed out in this incarnation and still due: not handed out again at every tick
   * (a restart hands them out again; the owner queues each once).
   */
  private Set<SecretTrigger> handedOut = Set.of();

  private SecretStore(
      String application,
      Secrets secrets,
      Clock clock,
      JournalHealth health,
      TimerScheduler<Command> timers) {
    // a failed write restarts the store (recovering from the journal), as the units' actors do;
    // the unanswered commit fails its hook (no answer in time), which then runs again
    super(
        PersistenceId.ofUniqueId(persistenceId(application)),
        SupervisorStrategy.restartWithBackoff(RESTART_DELAY, RESTART_DELAY, 0.0));
    this.application = application;
    this.secrets = secrets;
    this.clock = clock;
    this.health = health;
    this.timers = timers;
  }

  @Override
  public SecretsState emptyState() {
    return SecretsState.EMPTY;
  }

  @Override
  public CommandHandler<Command, SecretEvent, SecretsState> commandHandler() {
    return newCommandHandlerBuilder()
        .forAnyState()
        .onCommand(Commit.class, this::onCommit)
        .onCommand(GetState.class, (state, cmd) -> Effect().reply(cmd.replyTo(), state))
        .onCommand(Decide.class, this::onDecide)
        .onCommand(Leave.class, this::onLeave)
        .onCommand(
            Tick.class,
            (state, cmd) -> {
              schedule(state);
              return Effect().none();
            })
        .onCommand(
            OthersPublished.class,
            (state, cmd) -> {
              schedule(state);
              return Effect().none();
            })
        .onCommand(
            Redeliver.class,
            (state, cmd) -> {
              for (SecretTrigger due : due(state, clock.instant()))
                secrets.deliver(due, cmd.unit());
              return Effect().none();
            })
        .build();
  }

  private org.apache.pekko.persistence.typed.javadsl.Effect<SecretEvent, SecretsState> onCommit(
      SecretsState state, Commit cmd) {
    Instant now = clock.instant();
    List<SecretEvent> events =
        new ArrayList<>(SecretCommit.events(state, cmd.changes(), secrets.cipher()::seal, now));
    // the completed secret hooks, judged after the hook's own changes (a rotation that made a new
    // revision is not retried)
    SecretsState changed = state;
    for (SecretEvent e : events) changed = changed.apply(e);
    for (SecretTrigger trigger : cmd.handled())
      SecretSchedule.completed(changed, trigger, now).ifPresent(events::add);
    if (events.isEmpty()) return Effect().reply(cmd.replyTo(), new Committed(0));
    return persist(events, cmd.unit())
        .thenReply(cmd.replyTo(), after -> new Committed(events.size()));
  }

  /**
   * Persists {@code events}, then publishes the state, logs each (never content) and reschedules.
   */
  private org.apache.pekko.persistence.typed.javadsl.EffectBuilder<SecretEvent, SecretsState>
      persist(List<SecretEvent> events, String by) {
    return Effect()
        .persist(events)
        .thenRun(
            after -> {
              secrets.published(after);
              for (SecretEvent e : events)
                log.info("{} {}: {} secret {}", application, by, describe(e), e.id());
              schedule(after);
            });
  }

  private org.apache.pekko.persistence.typed.javadsl.Effect<SecretEvent, SecretsState> onDecide(
      SecretsState state, Decide cmd) {
    UserSecrets.Outcome outcome = cmd.decision().apply(state);
    List<SecretEvent> events =
        switch (outcome) {
          case UserSecrets.Refused refused -> List.of();
          case UserSecrets.Changed changed ->
              SecretCommit.events(
                  state, changed.changes(), secrets.cipher()::seal, clock.instant());
        };
    if (events.isEmpty()) return Effect().reply(cmd.replyTo(), outcome);
    return persist(events, cmd.by()).thenReply(cmd.replyTo(), after -> outcome);
  }

  private org.apache.pekko.persistence.typed.javadsl.Effect<SecretEvent, SecretsState> onLeave(
      SecretsState state, Leave cmd) {
    List<SecretEvent> events = ApplicationRemoval.events(state, clock.instant());
    log.info(
        "{} was removed from the model: its secrets go with it ({} secrets, {} consumer records)",
        application,
        state.secrets().size(),
        state.consumed().size());
    var removed = events.isEmpty() ? Effect().stop() : persist(events, "removed").thenStop();
    return removed.thenReply(cmd.replyTo(), after -> Done.getInstance());
  }

  private static String describe(SecretEvent event) {
    return switch (event) {
      case SecretEvent.SecretCreated e -> "created (" + e.content().digest() + ")";
      case SecretEvent.SecretUpdated e ->
          e.content() == null ? "updated" : "new revision (" + e.content().digest() + ")";
      case SecretEvent.SecretRemoved e ->
          e.revision() == null ? "removed" : "removed revision " + e.revision() + " of";
      case SecretEvent.SecretRotated e -> "rotates next at " + e.nextRotation() + ":";
      case SecretEvent.SecretGranted e ->
          "granted " + e.relation() + (e.unit().isEmpty() ? "" : " " + e.unit()) + " access to";
      case SecretEvent.SecretRevoked e ->
          "revoked " + e.relation() + (e.unit().isEmpty() ? "" : " " + e.unit()) + " access to";
      case SecretEvent.SecretExpiryNotified e ->
          "expired revision "
              + e.revision()
              + " reported, again at "
              + e.retryAt()
              + " unless removed, of";
      case SecretEvent.SecretRemovalNotified e ->
          "obsolete revision " + e.revision() + " reported of";
      case SecretEvent.SecretConsumed e ->
          "tracks revision " + e.revision() + " for " + e.unit() + " of another owner's";
      case SecretEvent.SecretChangeSeen e ->
          "secret-changed of revision " + e.revision() + " ran on " + e.unit() + " for";
      case SecretEvent.SecretConsumerRemoved e ->
          "forgot what " + e.unit() + " tracks of another owner's";
    };
  }

  /**
   * The owners' hooks due now, then the consumers' {@code secret-changed} (another owner's secret
   * has a newer revision than a unit of this application has seen).
   */
  private List<SecretTrigger> due(SecretsState state, Instant now) {
    List<SecretTrigger> due = new ArrayList<>(SecretSchedule.due(state, now, secrets.inUse()));
    due.addAll(ConsumerChanges.due(state, secrets.others()));
    return due;
  }

  /**
   * Hands the triggers due now that were not handed out yet to their owners, and sets the timer for
   * the next one.
   */
  private void schedule(SecretsState state) {
    Instant now = clock.instant();
    List<SecretTrigger> due = due(state, now);
    for (SecretTrigger trigger : due) {
      if (!handedOut.contains(trigger)) {
        log.info(
            "{}: {} due for secret {} revision {} on {}",
            application,
            trigger.kind().label(),
            trigger.id(),
            trigger.revision(),
            trigger.owner().name());
        secrets.deliver(trigger, null);
      }
    }
    handedOut = Set.copyOf(due);
    Optional<Instant> next = SecretSchedule.next(state, now);
    if (next.isPresent()) {
      // at most a day ahead: Pekko's scheduler takes no delay beyond about 248 days (yearly
      // rotations), and a tick that finds nothing due only sets the timer again
      Duration delay = Duration.between(now, next.get());
      timers.startSingleTimer(TICK_TIMER, TICK, delay.compareTo(MAX_TICK) > 0 ? MAX_TICK : delay);
    } else {
      timers.cancel(TICK_TIMER);
    }
  }

  /**
   * The application's tag, as the operator's and units' events have: {@code journal --follow} reads
   * by it.
   */
  @Override
  public java.util.Set<String> tagsFor(SecretEvent event) {
    return java.util.Set.of("app:" + application);
  }

  @Override
  public EventHandler<SecretsState, SecretEvent> eventHandler() {
    return newEventHandlerBuilder().forAnyState().onAnyEvent(SecretsState::apply);
  }

  @Override
  public SignalHandler<SecretsState> signalHandler() {
    return newSignalHandlerBuilder()
        .onSignal(
            RecoveryCompleted.instance(),
            state -> {
              secrets.published(state);
              schedule(state);
            })
        .onSignal(
            JournalPersistFailed.class,
            (state, failed) -> health.writeFailed(persistenceId(application), failed.getFailure()))
        .onSignal(
            RecoveryFailed.class,
            (state, failed) ->
                health.recoveryFailed(persistenceId(application), failed.getFailure()))
        .build();
  }
}
