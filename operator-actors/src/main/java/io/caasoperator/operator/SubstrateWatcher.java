package io.caasoperator.operator;

import io.caasoperator.substrate.Watch;
import io.caasoperator.substrate.WatchSink;
import java.time.Duration;
import java.util.function.Function;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.PostStop;
import org.apache.pekko.actor.typed.PreRestart;
import org.apache.pekko.actor.typed.SupervisorStrategy;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;

/**
 * Adapts one substrate source (a file poll, a fabric8 informer) to messages for the operator. The
 * ApplicationWatcher, UnitsWatcher and ContainerStartWatcher are instances of it. When the watch
 * breaks the watcher fails and is restarted with backoff; the new watch re-lists everything
 * (level-triggered), so no change is ever missed.
 */
public final class SubstrateWatcher<T> extends AbstractBehavior<SubstrateWatcher.Command> {

  public sealed interface Command {}

  private record Observed(Object observation) implements Command {}

  private record WatchFailed(Throwable cause) implements Command {}

  /** Thrown to let supervision restart the watcher (and so re-list). */
  static final class WatchBroken extends RuntimeException {
    WatchBroken(String what, Throwable cause) {
      super(what + " watch failed: " + cause.getMessage(), cause);
    }
  }

  public static <T, U> Behavior<Command> create(
      String what, Function<WatchSink<T>, Watch> start, ActorRef<U> target, Function<T, U> adapt) {
    Behavior<Command> watcher =
        Behaviors.setup(ctx -> new SubstrateWatcher<>(ctx, what, start, target, adapt));
    return Behaviors.supervise(watcher)
        .onFailure(
            SupervisorStrategy.restartWithBackoff(
                Duration.ofSeconds(1), Duration.ofSeconds(30), 0.2));
  }

  private final String what;
  private final Watch watch;
  private final Function<Object, Object> adapt;
  private final ActorRef<Object> target;
  private final ClosableSink sink;

  @SuppressWarnings("unchecked")
  private <U> SubstrateWatcher(
      ActorContext<Command> ctx,
      String what,
      Function<WatchSink<T>, Watch> start,
      ActorRef<U> target,
      Function<T, U> adapt) {
    super(ctx);
    this.what = what;
    this.target = (ActorRef<Object>) target;
    this.adapt = o -> adapt.apply((T) o);
    this.sink = new ClosableSink(ctx.getSelf());
    this.watch = start.apply((WatchSink<T>) sink);
  }

  @Override
  public Receive<Command> createReceive() {
    return newReceiveBuilder()
        .onMessage(
            Observed.class,
            m -> {
              target.tell(adapt.apply(m.observation()));
              return this;
            })
        .onMessage(
            WatchFailed.class,
            m -> {
              getContext()
                  .getLog()
                  .warn("{} watch failed, restarting it: {}", what, m.cause().toString());
              throw new WatchBroken(what, m.cause());
            })
        .onSignal(PreRestart.class, s -> stop())
        .onSignal(PostStop.class, s -> stop())
        .build();
  }

  private SubstrateWatcher<T> stop() {
    sink.close();
    watch.close();
    return this;
  }

  /**
   * Drops callbacks that arrive after the watch was closed (a restarted watcher has a new sink).
   */
  private static final class ClosableSink implements WatchSink<Object> {
    private final ActorRef<Command> self;
    private volatile boolean open = true;

    ClosableSink(ActorRef<Command> self) {
      this.self = self;
    }

    @Override
    public void observed(Object observation) {
      if (open) self.tell(new Observed(observation));
    }

    @Override
    public void failed(Throwable cause) {
      if (open) self.tell(new WatchFailed(cause));
    }

    void close() {
      open = false;
    }
  }
}
