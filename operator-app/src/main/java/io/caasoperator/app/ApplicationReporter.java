package io.caasoperator.app;

import io.caasoperator.operator.ApplicationView;
import io.caasoperator.operator.OperatorActor;
import io.caasoperator.substrate.ApplicationReporting;
import java.time.Duration;
import java.time.Instant;
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
 * run on the blocking executor.
 */
final class ApplicationReporter implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(ApplicationReporter.class);

  /** How often the status is reported. */
  static final Duration STATUS_INTERVAL = Duration.ofSeconds(10);

  private final Cancellable reports;
  private final ApplicationEventFeed feed;

  private ApplicationReporter(Cancellable reports, ApplicationEventFeed feed) {
    this.reports = reports;
    this.feed = feed;
  }

  /**
   * @param since facts persisted before this are not reported again (the process that had them did)
   */
  static ApplicationReporter start(ActorSystem<?> system, ActorRef<OperatorActor.Command> operator, String application,
      Instant since, ApplicationReporting reporting, Executor blocking, BooleanSupplier acting) {
    ApplicationEventFeed feed = ApplicationEventFeed.start(system, application, since, reporting, blocking, acting);
    Cancellable reports = system.scheduler().scheduleWithFixedDelay(STATUS_INTERVAL, STATUS_INTERVAL, () -> {
      if (!acting.getAsBoolean()) return;
      AskPattern.<OperatorActor.Command, ApplicationView>ask(operator, OperatorActor.GetStatus::new,
              Duration.ofSeconds(10), system.scheduler())
          .thenAcceptAsync(view -> reporting.report(StatusReport.of(view)), blocking)
          .exceptionally(e -> {
            // The next round tries again; a status a few seconds late is harmless.
            log.debug("reporting the application status failed: {}", e.toString());
            return null;
          });
    }, system.executionContext());
    return new ApplicationReporter(reports, feed);
  }

  @Override
  public void close() {
    reports.cancel();
    feed.close();
  }
}
