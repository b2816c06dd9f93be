package io.caasoperator.unit;

import io.caasoperator.domain.Status;
import io.caasoperator.hooktool.PeerUnit;
import java.util.List;
import java.util.Map;

/**
 * What hook tools read about the whole application, taken by the operator when a tool is called.
 *
 * @param config the effective config: the charm's defaults overlaid with the specification's
 * @param applicationStatus the status the leader set, else the operator's
 */
public record ApplicationSnapshot(
    String modelName,
    Map<String, Object> config,
    Map<String, String> leaderSettings,
    Status applicationStatus,
    String workloadVersion,
    List<PeerUnit> units) {}
