package io.caasoperator.persistence;

import java.time.Clock;
import java.time.Instant;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.Extension;
import org.apache.pekko.actor.typed.ExtensionId;

/**
 * What the event-sourced actors last learnt about the journal, one entry per entity whose write or
 * recovery failed. An entity is unhealthy from its {@code JournalPersistFailed} or {@code
 * RecoveryFailed} signal until its next {@code RecoveryCompleted}: after a failure the actor
 * restarts with backoff and recovers from the journal, so a completed recovery is the proof that
 * the journal answers again. The journal is available when no entity is unhealthy.
 *
 * <p>Deliberately no probe of its own: the failing actors retry every few seconds anyway, and an
 * extra query would say only that the database answers a SELECT, not that this actor's events can
 * be written and read. The price: an outage nobody writes during is seen only at the next write.
 *
 * <p>An actor-system extension, so the actors and the HTTP routes find the one instance through the
 * system they already have.
 */
public final class JournalHealth implements Extension {

  private record Failure(String detail, Instant since) {}

  private final Clock clock;
  private final Map<String, Failure> failing = new HashMap<>();
  private Instant availableSince;

  JournalHealth(Clock clock) {
    this.clock = clock;
    this.availableSince = clock.instant();
  }

  public static JournalHealth get(ActorSystem<?> system) {
    return Id.INSTANCE.apply(system);
  }

  /** The entity could not write an event ({@code JournalPersistFailed}). */
  public void writeFailed(String entity, Throwable cause) {
    failed(entity, entity + " cannot write: " + rootMessage(cause));
  }

  /** The entity could not recover ({@code RecoveryFailed}). */
  public void recoveryFailed(String entity, Throwable cause) {
    failed(entity, entity + " cannot read: " + rootMessage(cause));
  }

  private synchronized void failed(String entity, String detail) {
    // The first failure's time stays: "since" is when the outage began for this entity.
    Failure before = failing.get(entity);
    failing.put(entity, new Failure(detail, before == null ? clock.instant() : before.since()));
  }

  /** The entity recovered from the journal ({@code RecoveryCompleted}). */
  public synchronized void recovered(String entity) {
    if (failing.remove(entity) != null && failing.isEmpty()) availableSince = clock.instant();
  }

  /** The entity stopped for good: its failure, if any, is no longer anyone's concern. */
  public void stopped(String entity) {
    recovered(entity);
  }

  public synchronized JournalStatus status() {
    // The oldest failure describes the outage; its entity has been failing the longest.
    return failing.values().stream()
        .min(Comparator.comparing(Failure::since))
        .map(
            f ->
                new JournalStatus(
                    false,
                    f.detail()
                        + (failing.size() > 1 ? " (and " + (failing.size() - 1) + " more)" : ""),
                    f.since()))
        .orElseGet(() -> new JournalStatus(true, "ok", availableSince));
  }

  private static String rootMessage(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null && t.getCause() != t) t = t.getCause();
    return t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
  }

  private static final class Id extends ExtensionId<JournalHealth> {
    static final Id INSTANCE = new Id();

    @Override
    public JournalHealth createExtension(ActorSystem<?> system) {
      return new JournalHealth(Clock.systemUTC());
    }
  }
}
