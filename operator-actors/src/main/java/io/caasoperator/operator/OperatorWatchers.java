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
    watch(
        ctx,
        "application",
        "application-watcher",
        source.applicationSource()::watch,
        report -> learnt(new Input.ApplicationReported(report)));
    watch(
        ctx,
        "units",
        "units-watcher",
        source.unitSource()::watch,
        report -> learnt(new Input.UnitsReported(report)));
    watch(
        ctx,
        "container starts",
        "container-start-watcher",
        source.containerStartSource()::watch,
        OperatorActor.ContainerStartReported::new);
    watch(
        ctx,
        "workload notices",
        "workload-notice-watcher",
        source.workloadNoticeSource()::watch,
        OperatorActor.WorkloadNoticeReported::new);
  }

  /** What the plan learns from a watcher's report. */
  private static OperatorActor.Command learnt(Input input) {
    return new OperatorActor.Learnt(input);
  }

  /**
   * A watcher of {@code what}, an actor named {@code name}, telling the operator {@code toCommand}.
   */
  private static <T> void watch(
      ActorContext<OperatorActor.Command> ctx,
      String what,
      String name,
      Function<WatchSink<T>, Watch> start,
      Function<T, OperatorActor.Command> toCommand) {
    ctx.spawn(SubstrateWatcher.create(what, start, ctx.getSelf(), toCommand), name);
  }
}
