package io.caasoperator.secret;

import io.caasoperator.persistence.JournalHealth;
import io.caasoperator.persistence.secret.SecretEvent;
import io.caasoperator.persistence.secret.SecretsState;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.SupervisorStrategy;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
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
 * for hook tools. Its log lines name ids, labels and digests, never content.
 */
public final class SecretStore
    extends EventSourcedBehavior<SecretStore.Command, SecretEvent, SecretsState> {

  public sealed interface Command {}

  /**
   * Commits a completed hook's {@code changes}; replies {@link Committed} once they are in the
   * journal and published (a hook's completion is recorded only after that).
   */
  public record Commit(String unit, List<SecretChange> changes, ActorRef<Committed> replyTo)
      implements Command {}

  /** Replies with the state now (show-secret). */
  public record GetState(ActorRef<SecretsState> replyTo) implements Command {}

  /** How many events the commit wrote. */
  public record Committed(int events) {}

  private static final Logger log = LoggerFactory.getLogger(SecretStore.class);
  private static final Duration RESTART_DELAY = Duration.ofSeconds(3);

  public static String persistenceId(String application) {
    return "secrets|" + application;
  }

  public static Behavior<Command> create(String application, Secrets secrets, Clock clock) {
    return Behaviors.supervise(
            Behaviors.<Command>setup(
                ctx -> {
                  ActorRef<Command> self = ctx.getSelf();
                  secrets.attach(self);
                  return new SecretStore(
                      application, secrets, clock, JournalHealth.get(ctx.getSystem()));
                }))
        .onFailure(SupervisorStrategy.restartWithBackoff(RESTART_DELAY, RESTART_DELAY, 0.0));
  }

  private final String application;
  private final Secrets secrets;
  private final Clock clock;
  private final JournalHealth health;

  private SecretStore(String application, Secrets secrets, Clock clock, JournalHealth health) {
    // a failed write restarts the store (recovering from the journal), as the units' actors do;
    // the unanswered commit fails its hook (no answer in time), which then runs again
    super(
        PersistenceId.ofUniqueId(persistenceId(application)),
        SupervisorStrategy.restartWithBackoff(RESTART_DELAY, RESTART_DELAY, 0.0));
    this.application = application;
    this.secrets = secrets;
    this.clock = clock;
    this.health = health;
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
        .build();
  }

  private org.apache.pekko.persistence.typed.javadsl.Effect<SecretEvent, SecretsState> onCommit(
      SecretsState state, Commit cmd) {
    List<SecretEvent> events =
        SecretCommit.events(state, cmd.changes(), secrets.cipher()::seal, clock.instant());
    if (events.isEmpty()) return Effect().reply(cmd.replyTo(), new Committed(0));
    return Effect()
        .persist(events)
        .thenRun(
            after -> {
              secrets.published(after);
              for (SecretEvent e : events)
                log.info("{} {}: {} secret {}", application, cmd.unit(), describe(e), e.id());
            })
        .thenReply(cmd.replyTo(), after -> new Committed(events.size()));
  }

  private static String describe(SecretEvent event) {
    return switch (event) {
      case SecretEvent.SecretCreated e -> "created (" + e.content().digest() + ")";
      case SecretEvent.SecretUpdated e ->
          e.content() == null ? "updated" : "new revision (" + e.content().digest() + ")";
      case SecretEvent.SecretRemoved e ->
          e.revision() == null ? "removed" : "removed revision " + e.revision() + " of";
    };
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
        .onSignal(RecoveryCompleted.instance(), state -> secrets.published(state))
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
