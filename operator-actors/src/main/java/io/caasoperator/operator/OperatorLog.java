package io.caasoperator.operator;

import io.caasoperator.domain.ApplicationName;
import io.caasoperator.operator.OperatorPlan.Input;
import io.caasoperator.persistence.OperatorEvent;
import io.caasoperator.persistence.OperatorState;
import io.caasoperator.substrate.ApplicationObservation;
import java.util.List;
import org.slf4j.Logger;

/**
 * What the operator tells its log: how its recovery went, what it recorded that a reader looks for
 * (a charm deployed, a leader elected), and the reports it acts on that need a word (a rejected
 * specification, a failed charm, a removed unit). Counts the events replayed for the recovery line;
 * confined to the operator actor.
 */
final class OperatorLog {
  private final Logger log;
  private final ApplicationName application;

  // From construction (or a restart for the journal, then including the time it was down) to
  // RecoveryCompleted; -1 once recovered, so live events are not counted.
  private long recoveryStartedNanos = System.nanoTime();
  private long recoveredEvents = 0;

  OperatorLog(Logger log, ApplicationName application) {
    this.log = log;
    this.application = application;
  }

  /** An event was applied: counted while recovering. */
  void applied() {
    if (recoveredEvents >= 0) recoveredEvents++;
  }

  /** The operator restarts for its journal: its next recovery is timed from now. */
  void restarting() {
    recoveredEvents = 0;
    recoveryStartedNanos = System.nanoTime();
  }

  /**
   * @param lastSequenceNumber the journal's last event, so those before the replayed ones came from
   *     the snapshot
   */
  void recovered(OperatorState state, long lastSequenceNumber) {
    log.info(
        "recovered operator|{} from snapshot {} + {} events in {} ms: charm generation {}, {} unit(s), leader {}",
        application,
        lastSequenceNumber - recoveredEvents,
        recoveredEvents,
        (System.nanoTime() - recoveryStartedNanos) / 1_000_000,
        state.charmGeneration(),
        state.units().size(),
        state.leader());
    recoveredEvents = -1;
  }

  void recorded(List<OperatorEvent> events) {
    for (OperatorEvent event : events) {
      if (event instanceof OperatorEvent.CharmDeployed deployed) {
        log.info(
            "charm {} deployed: {} generation {} (sha256 {})",
            deployed.charm().ref().url(),
            deployed.charm().name(),
            deployed.charm().generation(),
            deployed.charm().sha256());
      } else if (event instanceof OperatorEvent.LeaderElected elected) {
        log.info("unit {} is the leader", elected.unit());
      }
    }
  }

  /**
   * What the plan is about to learn that deserves a line: a rejected specification, a charm failure
   * the plan still waits for (a superseded attempt's is not news), a unit's removal done.
   */
  void learnt(Input input, Observed observed) {
    if (input instanceof Input.ApplicationReported reported
        && reported.observation() instanceof ApplicationObservation.Invalid invalid) {
      log.warn("specification rejected, keeping the last good one: {}", invalid.problem());
    } else if (input instanceof Input.CharmSettled settled
        && settled.result() instanceof CharmDeployer.Failed failed
        && observed.charm().awaits(failed)) {
      log.warn("{}", failed.problem().getMessage());
    } else if (input instanceof Input.UnitReleased released) {
      log.info("unit {} removed", released.unit());
    }
  }
}
