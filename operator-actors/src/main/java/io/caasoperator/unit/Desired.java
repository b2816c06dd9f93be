package io.caasoperator.unit;

import io.caasoperator.domain.CharmInfo;
import io.caasoperator.domain.Life;
import java.time.Duration;

/**
 * What the operator wants a unit to be now. Sent whole, whenever anything in it changes (and on
 * every start): the unit records only what differs from what it knows.
 */
public record Desired(
    Life life, CharmInfo charm, long configGeneration, boolean leader, long leaderSettingsGeneration,
    Duration updateStatusInterval) {}
