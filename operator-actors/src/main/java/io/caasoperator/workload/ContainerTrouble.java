package io.caasoperator.workload;

import io.caasoperator.domain.UnitId;
import java.time.Instant;

/**
 * A unit container whose Pebble cannot start, and why: what Juju shows of a container that never
 * became ready (its cloud container status), until its Pebble answers.
 *
 * @param reason what failed last, e.g. {@code cannot listen on ...: Permission denied}
 * @param since when it first failed in this run of failures
 * @param attempts how many times it failed in a row
 */
public record ContainerTrouble(
    UnitId unit, String container, String reason, Instant since, int attempts) {}
