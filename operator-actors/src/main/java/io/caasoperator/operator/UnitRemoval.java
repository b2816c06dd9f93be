package io.caasoperator.operator;

import io.caasoperator.domain.DurationText;
import io.caasoperator.domain.UnitId;
import io.caasoperator.files.RecursiveDelete;
import io.caasoperator.substrate.UnitRemover;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.Behaviors;

/**
 * Removes what is left of a unit once its actor is stopped: deletes its directory, then tells the
 * substrate it may go (Kubernetes: releases the pod's finalizer). Both are blocking, so they run on
 * the blocking executor, and idempotent, so a failure is simply tried again every {@link #RETRY}
 * until it succeeds. Then it replies {@link Removed} once and stops.
 */
public final class UnitRemoval {
  private UnitRemoval() {}

  /** How long to wait after a failed attempt (a substrate that cannot be reached right now). */
  public static final Duration RETRY = Duration.ofSeconds(3);

  public sealed interface Command {}

  /** The unit's directory is deleted and the substrate released it. */
  public record Removed(UnitId unit) {}

  /** An attempt ended; {@code failure} is null when it succeeded. */
  private record Attempted(Throwable failure) implements Command {}

  private record RetryDue() implements Command {}

  public static Behavior<Command> create(
      UnitId unit,
      Path unitDir,
      UnitRemover remover,
      Executor blocking,
      ActorRef<Removed> replyTo) {
    return Behaviors.setup(
        ctx ->
            Behaviors.withTimers(
                timers -> {
                  Runnable attempt =
                      () ->
                          ctx.pipeToSelf(
                              CompletableFuture.runAsync(
                                  () -> remove(unit, unitDir, remover), blocking),
                              (ok, failure) -> new Attempted(failure));
                  attempt.run();
                  return Behaviors.receive(Command.class)
                      .onMessage(
                          Attempted.class,
                          done -> {
                            if (done.failure() == null) {
                              replyTo.tell(new Removed(unit));
                              return Behaviors.stopped();
                            }
                            // The timer first: whoever sees this warning may count on the retry
                            // being scheduled.
                            timers.startSingleTimer(new RetryDue(), RETRY);
                            Throwable cause =
                                done.failure().getCause() != null
                                    ? done.failure().getCause()
                                    : done.failure();
                            ctx.getLog()
                                .warn(
                                    "unit {}: cannot release it yet, retrying in {}: {}",
                                    unit,
                                    DurationText.format(RETRY),
                                    cause.getMessage());
                            return Behaviors.same();
                          })
                      .onMessage(
                          RetryDue.class,
                          due -> {
                            attempt.run();
                            return Behaviors.same();
                          })
                      .build();
                }));
  }

  private static void remove(UnitId unit, Path unitDir, UnitRemover remover) {
    try {
      remover.stopWorkloads(unit); // its services run in the directory about to go
    } catch (Exception e) {
      throw new IllegalStateException(
          "cannot stop the workloads of " + unit + ": " + e.getMessage(), e);
    }
    try {
      RecursiveDelete.delete(unitDir);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot delete " + unitDir + ": " + e.getMessage(), e);
    }
    try {
      remover.release(unit);
    } catch (Exception e) {
      throw new IllegalStateException(e.getMessage(), e);
    }
  }
}
