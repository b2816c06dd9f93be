package io.caasoperator.app;

import io.caasoperator.persistence.timeline.JournalReader;
import io.caasoperator.substrate.ApplicationNotice;
import io.caasoperator.substrate.ApplicationReporting;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.stream.KillSwitches;
import org.apache.pekko.stream.RestartSettings;
import org.apache.pekko.stream.UniqueKillSwitch;
import org.apache.pekko.stream.javadsl.Keep;
import org.apache.pekko.stream.javadsl.RestartSource;
import org.apache.pekko.stream.javadsl.Sink;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Follows the application's journal and reports hook failures and charm deployments where the
 * substrate shows such facts (Kubernetes: Events on the Application). The journal is the source
 * because every such fact is persisted there exactly once, whichever actor had it; the feed never
 * touches the actors.
 *
 * <p>Only facts persisted since this process started are recorded (earlier ones were recorded by
 * the process that had them), and only while this replica acts, so replicas sharing a journal under
 * leader election do not record them twice. A failed read of the journal restarts with backoff from
 * the last entry recorded.
 */
final class ApplicationEventFeed implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(ApplicationEventFeed.class);

  private final UniqueKillSwitch running;

  private ApplicationEventFeed(UniqueKillSwitch running) {
    this.running = running;
  }

  /**
   * @param since facts persisted before this are not recorded
   * @param blocking where the recorder's API calls run
   */
  static ApplicationEventFeed start(
      ActorSystem<?> system,
      String application,
      Instant since,
      ApplicationReporting reporting,
      Executor blocking,
      BooleanSupplier acting) {
    JournalReader journal = JournalReader.using(system);
    AtomicLong seen = new AtomicLong();
    RestartSettings backoff =
        RestartSettings.create(Duration.ofSeconds(1), Duration.ofSeconds(30), 0.2);
    UniqueKillSwitch running =
        RestartSource.onFailuresWithBackoff(
                backoff,
                () ->
                    journal
                        .events(application, seen.get(), true)
                        .filter(entry -> !entry.time().isBefore(since))
                        .map(
                            entry -> {
                              seen.set(entry.offset());
                              return ApplicationNotice.of(entry);
                            })
                        .filter(Optional::isPresent)
                        .map(Optional::get))
            .filter(notice -> acting.getAsBoolean())
            .viaMat(KillSwitches.single(), Keep.right())
            .mapAsync(
                1, notice -> CompletableFuture.runAsync(() -> reporting.notice(notice), blocking))
            .toMat(Sink.ignore(), Keep.left())
            .run(system);
    log.debug("reporting notable facts of {} from the journal since {}", application, since);
    return new ApplicationEventFeed(running);
  }

  @Override
  public void close() {
    running.shutdown();
  }
}
