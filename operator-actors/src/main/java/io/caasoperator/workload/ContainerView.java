package io.caasoperator.workload;

import io.caasoperator.pebble.checks.CheckHealth;
import io.caasoperator.pebble.services.ServiceInfo;
import java.util.List;

/**
 * A unit container as {@code status} shows it: whether its Pebble answers, its boot id, its
 * services and checks.
 *
 * @param socket where its Pebble listens on this machine (the real, short path)
 * @param problem why its Pebble cannot start, while it cannot; empty otherwise
 */
public record ContainerView(
    String container,
    boolean ready,
    String bootId,
    List<ServiceInfo> services,
    List<CheckHealth> checks,
    String socket,
    String problem) {}
