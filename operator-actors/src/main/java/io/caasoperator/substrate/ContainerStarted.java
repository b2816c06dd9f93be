package io.caasoperator.substrate;

import io.caasoperator.domain.UnitId;

/**
 * A charm container of a unit started. {@code startId} identifies this start (a container id, a
 * restart count): the same start reported twice (re-list, operator restart) runs {@code
 * <container>-pebble-ready} once.
 */
public record ContainerStarted(UnitId unit, String container, String startId) {}
