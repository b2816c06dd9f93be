package io.caasoperator.app;

import io.caasoperator.metrics.OperatorMetrics;
import io.caasoperator.operator.ApplicationView;
import io.caasoperator.operator.OperatorActor;
import io.caasoperator.substrate.ApplicationReport;
import io.caasoperator.substrate.ApplicationReporting;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.function.BooleanSupplier;
import org.apache.pekko.actor.Cancellable;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.AskPattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Shows the application where its substrate shows it ({@link ApplicationReporting}): the status
 * every {@link #STATUS_INTERVAL}, and the journal's notable facts as they are persisted. Only while
 * this replica acts: a replica standing by leaves both to the one that acts. The substrate's calls
 * run on the blocking executor. The same status, on every substrate, sets the {@code caas_units}
 * gauge ({@link OperatorMetrics#unitsReported}); a replica standing by reports no units.
 */
final class ApplicationReporter implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(ApplicationReporter.class);

  /** How often the status is reported. */
  static final Duration STATUS_INTERVAL = Duration.ofSeconds(10);

  private final Cancellable reports;
  private final ApplicationEventFeed feed;

  /**
   * @param feed null when the substrate shows no facts
   */
  private ApplicationReporter(Cancellable reports, ApplicationEventFeed feed) {
    this.reports = reports;
    this.feed = feed;
  }

  /**
   * @param since facts persisted before this are not reported again (the process that had them did)
   * @param reporting {@link ApplicationReporting#NONE} when the substrate shows nothing: only the
   *     metrics are then kept
   */
  static ApplicationReporter start(
      ActorSystem<?> system,
      ActorRef<OperatorActor.Command> operator,
      String application,
      Instant since,
      ApplicationReporting reporting,
      Executor blocking,
      BooleanSupplier acting,
      OperatorMetrics metrics) {
    boolean shown = reporting != ApplicationReporting.NONE;
    ApplicationEventFeed feed =
        shown
            ? ApplicationEventFeed.start(system, application, since, reporting, blocking, acting)
            : null;
    Cancellable reports =
        system
            .scheduler()
            .scheduleWithFixedDelay(
                STATUS_INTERVAL,
                STATUS_INTERVAL,
                () -> {
                  if (!acting.getAsBoolean()) {
                    metrics.unitsReported(List.of());
                    return;
                  }
                  AskPattern.<OperatorActor.Command, ApplicationView>ask(
                          operator,
                          OperatorActor.GetStatus::new,
                          Duration.ofSeconds(10),
                          system.scheduler())
                      .thenApply(StatusReport::of)
                      .thenApply(
                          report -> {
                            metrics.unitsReported(unitStatuses(report));
                            return report;
                          })
                      .thenAcceptAsync(
                          report -> {
                            if (shown) reporting.report(report);
                          },
                          blocking)
                      .exceptionally(
                          e -> {
                            // The next round tries again; a status a few seconds late is harmless.
                            log.debug("reporting the application status failed: {}", e.toString());
                            return null;
                          });
                },
                system.executionContext());
    return new ApplicationReporter(reports, feed);
  }

  /** Each unit's statuses, as {@code caas_units} counts them. */
  static List<OperatorMetrics.UnitStatus> unitStatuses(ApplicationReport report) {
    return report.units().stream()
        .map(u -> new OperatorMetrics.UnitStatus(u.life(), u.agent().value(), u.workload().value()))
        .toList();
  }

  @Override
  public void close() {
    reports.cancel();
    if (feed != null) feed.close();
  }
}
