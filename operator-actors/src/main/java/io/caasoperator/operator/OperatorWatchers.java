package io.caasoperator.operator;

import io.caasoperator.operator.OperatorPlan.Input;
import io.caasoperator.substrate.Substrate;
import org.apache.pekko.actor.typed.javadsl.ActorContext;

/**
 * The operator's four watchers of its substrate, spawned once it recovered (each re-lists all it
 * watches, so what changed while the operator was down is reported): the application's
 * specification, the units' lives, container starts, workload notices.
 */
final class OperatorWatchers {
  private OperatorWatchers() {}

  static void spawn(ActorContext<OperatorActor.Command> ctx, Substrate source) {
    var operator = ctx.getSelf();
    ctx.spawn(
        SubstrateWatcher.create(
            "application",
            source.applicationSource()::watch,
            operator,
            observation -> new OperatorActor.Learnt(new Input.ApplicationReported(observation))),
        "application-watcher");
    ctx.spawn(
        SubstrateWatcher.create(
            "units",
            source.unitSource()::watch,
            operator,
            observation -> new OperatorActor.Learnt(new Input.UnitsReported(observation))),
        "units-watcher");
    ctx.spawn(
        SubstrateWatcher.create(
            "container starts",
            source.containerStartSource()::watch,
            operator,
            OperatorActor.ContainerStartReported::new),
        "container-start-watcher");
    ctx.spawn(
        SubstrateWatcher.create(
            "workload notices",
            source.workloadNoticeSource()::watch,
            operator,
            OperatorActor.WorkloadNoticeReported::new),
        "workload-notice-watcher");
  }
}
