package io.caasoperator.unit;

import io.caasoperator.domain.Life;
import io.caasoperator.domain.Status;
import io.caasoperator.domain.UnitId;
import io.caasoperator.persistence.UnitRelations;
import io.caasoperator.persistence.UnitState;
import java.time.Instant;

/**
 * A unit as status shows it.
 *
 * @param charmGeneration the generation of the charm the unit's charm view shows (0: none yet)
 * @param runningHook the hook running now, or null
 * @param failedHook the hook that failed and waits for a retry or a resolve, or null
 * @param failedAttempts how many times the failed hook failed in a row
 * @param lastHook the last hook that ended, e.g. {@code config-changed}, or null
 * @param lastHookOutcome completed, failed, skipped or resolved
 * @param ports ports the charm opened ({@code 80/tcp})
 * @param relationWrites the unit's own databag writes, by relation id (for the operator to record)
 * @param address where the unit is reached, as its substrate says (Juju's status {@code address}:
 *     on Kubernetes the pod's; on this machine 127.0.0.1), or null when it does not say
 */
public record UnitView(
    UnitId unit,
    Life life,
    boolean leader,
    Status agentStatus,
    Status workloadStatus,
    long charmGeneration,
    String runningHook,
    String failedHook,
    int failedAttempts,
    String lastHook,
    String lastHookOutcome,
    long hooksRun,
    java.util.List<String> ports,
    // for the operator, not for people: status shows relations from the operator's journal
    @com.fasterxml.jackson.annotation.JsonIgnore
        java.util.Map<Long, UnitRelations.OwnSettings> relationWrites,
    @com.fasterxml.jackson.annotation.JsonInclude(
            com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
        String address) {

  public UnitView {
    relationWrites =
        relationWrites == null ? java.util.Map.of() : java.util.Map.copyOf(relationWrites);
  }

  /** A unit the operator added whose actor has not reported yet. */
  public static UnitView placeholder(UnitId unit, Life life) {
    Instant epoch = Instant.EPOCH;
    return new UnitView(
        unit,
        life,
        false,
        Status.of("allocating", "", epoch),
        Status.of("waiting", "agent initialising", epoch),
        0,
        null,
        null,
        0,
        null,
        null,
        0,
        java.util.List.of(),
        null,
        null);
  }

  /** The same unit, reached at {@code address} (null or empty: not known). */
  public UnitView withAddress(String address) {
    return asShown(workloadStatus, address == null || address.isEmpty() ? null : address);
  }

  /**
   * The same unit with the workload status status shows (the charm's, or its containers' trouble:
   * {@code workload.DisplayedStatus}).
   */
  public UnitView withWorkloadStatus(Status shown) {
    return asShown(shown, address);
  }

  /** The same unit as status shows it: with {@code workload} status, reached at {@code address}. */
  private UnitView asShown(Status workload, String address) {
    return new UnitView(
        unit,
        life,
        leader,
        agentStatus,
        workload,
        charmGeneration,
        runningHook,
        failedHook,
        failedAttempts,
        lastHook,
        lastHookOutcome,
        hooksRun,
        ports,
        relationWrites,
        address);
  }

  public static UnitView of(UnitState s) {
    return new UnitView(
        s.unit(),
        s.life(),
        s.assigned().leader(),
        s.statuses().agent(),
        s.statuses().workload(),
        s.charmInUse() == null ? 0 : s.charmInUse().generation(),
        s.running() == null ? null : s.running().hook().name(),
        s.failed() == null ? null : s.failed().hook().name(),
        s.failed() == null ? 0 : s.failed().attempt(),
        s.hooks().last() == null ? null : s.hooks().last().name(),
        s.hooks().last() == null ? null : s.hooks().last().outcome().label(),
        s.hooks().run(),
        java.util.List.copyOf(s.charmData().ports()),
        s.relations().written(),
        null);
  }
}
