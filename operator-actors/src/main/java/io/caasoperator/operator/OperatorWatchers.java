package io.caasoperator.operator;

import io.caasoperator.operator.OperatorPlan.Input;
import io.caasoperator.substrate.Substrate;
import io.caasoperator.substrate.Watch;
import io.caasoperator.substrate.WatchSink;
import java.util.function.Function;
import org.apache.pekko.actor.typed.javadsl.ActorContext;

/**
 * The operator's four watchers of its substrate, spawned once it recovered (each re-lists all it
 * watches, so what changed while the operator was down is reported): the application's
 * specification and the units' lives, which go to the plan as they are, and container starts and
 * workload notices, which go to the units.
 */
final class OperatorWatchers {
  private OperatorWatchers() {}

  static void spawn(ActorContext<OperatorActor.Command> ctx, Substrate source) {
    watch(ctx, "application", source.applicationSource()::watch, Input.ApplicationReported::new);
    watch(ctx, "units", source.unitSource()::watch, Input.UnitsReported::new);
    ctx.spawn(
        SubstrateWatcher.create(
            "container starts",
            source.containerStartSource()::watch,
            ctx.getSelf(),
            OperatorActor.ContainerStartReported::new),
        "container-start-watcher");
    ctx.spawn(
        SubstrateWatcher.create(
            "workload notices",
            source.workloadNoticeSource()::watch,
            ctx.getSelf(),
            OperatorActor.WorkloadNoticeReported::new),
        "workload-notice-watcher");
  }

  /** A watcher whose reports are the plan's input; the actor is named {@code <what>-watcher}. */
  private static <T> void watch(
      ActorContext<OperatorActor.Command> ctx,
      String what,
      Function<WatchSink<T>, Watch> start,
      Function<T, Input> input) {
    ctx.spawn(
        SubstrateWatcher.create(
            what, start, ctx.getSelf(), report -> new OperatorActor.Learnt(input.apply(report))),
        what + "-watcher");
  }
}
