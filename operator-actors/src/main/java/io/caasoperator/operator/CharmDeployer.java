package io.caasoperator.operator;

import io.caasoperator.charm.CharmException;
import io.caasoperator.charm.CharmStore;
import io.caasoperator.charm.DeployedCharm;
import io.caasoperator.domain.CharmInfo;
import io.caasoperator.domain.CharmRef;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.Behaviors;

/**
 * Fetches, verifies and unpacks charms, off the actor threads. Each charm version is unpacked once
 * ({@code charms/<sha256>/}); the switch of a unit to it happens later, in its UnitActor.
 */
public final class CharmDeployer {
  private CharmDeployer() {}

  public sealed interface Command {}

  /** Fetch and unpack {@code ref}; replies {@link Deployed} or {@link Failed}. */
  public record Deploy(CharmRef ref, ActorRef<Result> replyTo) implements Command {}

  /**
   * Make sure a charm the journal names is on disk, fetching it again (and checking it is the same
   * content) if its directory is gone; replies {@link Deployed} or {@link Failed}.
   */
  public record Ensure(CharmInfo charm, ActorRef<Result> replyTo) implements Command {}

  public sealed interface Result {
    CharmRef ref();
  }

  public record Deployed(CharmRef ref, DeployedCharm charm) implements Result {}

  public record Failed(CharmRef ref, CharmException problem) implements Result {}

  public static Behavior<Command> create(CharmStore store, Executor blocking) {
    return Behaviors.receive(Command.class)
        .onMessage(
            Deploy.class,
            cmd -> {
              run(blocking, cmd.ref(), cmd.replyTo(), () -> store.deploy(cmd.ref()));
              return Behaviors.same();
            })
        .onMessage(
            Ensure.class,
            cmd -> {
              CharmInfo charm = cmd.charm();
              run(
                  blocking,
                  charm.ref(),
                  cmd.replyTo(),
                  () -> {
                    Optional<DeployedCharm> present = store.deployed(charm.ref(), charm.sha256());
                    if (present.isPresent()) return present.get();
                    DeployedCharm fetched = store.deploy(charm.ref());
                    if (!fetched.info().sha256().equals(charm.sha256())) {
                      throw new CharmException(
                          charm.ref().url(),
                          "charm files were missing and the source now holds different content (expected sha256 "
                              + charm.sha256()
                              + ", got "
                              + fetched.info().sha256()
                              + ")",
                          false);
                    }
                    return fetched;
                  });
              return Behaviors.same();
            })
        .build();
  }

  private interface Work {
    DeployedCharm run() throws CharmException;
  }

  private static void run(Executor blocking, CharmRef ref, ActorRef<Result> replyTo, Work work) {
    CompletableFuture.supplyAsync(
            () -> {
              try {
                return work.run();
              } catch (CharmException e) {
                throw new CompletionException(e);
              }
            },
            blocking)
        .whenComplete(
            (charm, error) ->
                replyTo.tell(
                    error == null
                        ? new Deployed(ref, charm)
                        : new Failed(ref, asCharmException(ref, error))));
  }

  private static CharmException asCharmException(CharmRef ref, Throwable error) {
    Throwable cause =
        error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
    if (cause instanceof CharmException e) return e;
    return new CharmException(ref.url(), "unexpected error: " + cause, false, cause);
  }
}
