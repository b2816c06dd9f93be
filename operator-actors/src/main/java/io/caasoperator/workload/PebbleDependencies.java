package io.caasoperator.workload;

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
 * @param clock the time recorded in events the actor makes itself
 */
public record PebbleDependencies(
    PebbleOpener opener, OpenPebbles open, Executor blocking, Clock clock) {
  public PebbleDependencies {
    List<String> problems = new ArrayList<>();
    if (opener == null) problems.add("Pebble opener is missing");
    if (open == null) problems.add("open Pebbles are missing");
    if (blocking == null) problems.add("blocking executor is missing");
    if (clock == null) problems.add("clock is missing");
    if (!problems.isEmpty())
      throw new IllegalArgumentException("Pebble dependencies: " + String.join("; ", problems));
  }
}
