package io.caasoperator.substrate.local.workload;

import io.caasoperator.domain.RetryPolicy;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;

/**
 * What every {@link PebbleActor} needs, validated once: every missing field named in one error.
 *
 * @param opener makes a container's Pebble listen (blocking; {@link PebbleOpener#local})
 * @param open the Pebbles open now, closed when their actor stops and at shutdown
 * @param blocking runs opening, probing and orphan stopping off actor threads
 * @param clock the time recorded in events the actor makes itself, and of a failed start
 * @param sockets where each container's socket directory is (prepared at start-up)
 * @param reopen how long to wait before trying again to start a Pebble that could not start
 */
public record PebbleDependencies(
    PebbleOpener opener,
    OpenPebbles open,
    Executor blocking,
    Clock clock,
    SocketRoot sockets,
    RetryPolicy reopen) {

  /** 5 s, doubling to a minute: a fixed cause (a directory made writable) is seen soon. */
  public static final RetryPolicy REOPEN =
      new RetryPolicy(java.time.Duration.ofSeconds(5), java.time.Duration.ofMinutes(1));

  public PebbleDependencies {
    List<String> problems = new ArrayList<>();
    if (opener == null) problems.add("Pebble opener is missing");
    if (open == null) problems.add("open Pebbles are missing");
    if (blocking == null) problems.add("blocking executor is missing");
    if (clock == null) problems.add("clock is missing");
    if (sockets == null) problems.add("socket directory is missing");
    if (reopen == null) problems.add("reopen retry policy is missing");
    if (!problems.isEmpty())
      throw new IllegalArgumentException("Pebble dependencies: " + String.join("; ", problems));
  }

  /** Where {@code container} of {@code unit}, whose directory is {@code unitDir}, lives. */
  public ContainerLayout layout(
      io.caasoperator.domain.UnitId unit, java.nio.file.Path unitDir, String container) {
    return new ContainerLayout(unitDir, container, sockets.dirFor(unit, container));
  }
}
