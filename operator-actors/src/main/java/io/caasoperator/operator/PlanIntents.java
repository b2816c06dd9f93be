package io.caasoperator.operator;

import io.caasoperator.operator.OperatorPlan.Input;
import io.caasoperator.operator.OperatorPlan.Intent;
import java.util.List;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.TimerScheduler;

/**
 * Carries out what an {@link OperatorPlan} intends, once its events are persisted: asks the charm
 * deployer, schedules the charm's retry, tells the substrate, spawns and tells the units, starts
 * unit removals, stops operating. Decides nothing; confined to the operator actor (it uses its
 * context). The deployer is its child: spawned when the operator recovered, forgotten when a
 * restart stopped it.
 */
final class PlanIntents {
  private final ActorContext<OperatorActor.Command> ctx;
  private final TimerScheduler<OperatorActor.Command> timers;
  private final OperatorDependencies deps;
  private final UnitActors units;
  private final UnitRequests requests;

  /** Where the deployer answers, as the plan's input. */
  private final ActorRef<CharmDeployer.Result> charmResults;

  /** Where each {@link UnitRemoval} says it is done, as the plan's input. */
  private final ActorRef<UnitRemoval.Removed> removals;

  private ActorRef<CharmDeployer.Command> deployer;

  PlanIntents(
      ActorContext<OperatorActor.Command> ctx,
      TimerScheduler<OperatorActor.Command> timers,
      OperatorDependencies deps,
      UnitActors units,
      UnitRequests requests) {
    this.ctx = ctx;
    this.timers = timers;
    this.deps = deps;
    this.units = units;
    this.requests = requests;
    this.charmResults =
        ctx.messageAdapter(
            CharmDeployer.Result.class,
            result -> new OperatorActor.Learnt(new Input.CharmSettled(result)));
    this.removals =
        ctx.messageAdapter(
            UnitRemoval.Removed.class,
            removed -> new OperatorActor.Learnt(new Input.UnitReleased(removed.unit())));
  }

  /** The operator recovered: the deployer starts (the plan asks nothing of it before). */
  void started() {
    deployer = ctx.spawn(CharmDeployer.create(deps.charms(), deps.blocking()), "charm-deployer");
  }

  /** A restart stopped every child, the deployer too; recovery starts another. */
  void stopped() {
    deployer = null;
  }

  void carryOut(List<Intent> intents) {
    intents.forEach(this::carryOut);
  }

  private void carryOut(Intent intent) {
    switch (intent) {
      case Intent.DeployCharm deploy -> {
        ctx.getLog().info("deploying charm {}", deploy.ref().url());
        deployer.tell(new CharmDeployer.Deploy(deploy.ref(), charmResults));
      }
      case Intent.EnsureCharm ensure ->
          deployer.tell(new CharmDeployer.Ensure(ensure.charm(), charmResults));
      // one timer: a later retry replaces an earlier one
      case Intent.RetryCharm retry ->
          timers.startSingleTimer(
              Input.CharmRetryDue.class,
              new OperatorActor.Learnt(new Input.CharmRetryDue()),
              retry.after());
      case Intent.AnnounceCharm announce -> deps.substrate().charmDeployed(announce.charm());
      case Intent.SpawnUnit spawn -> units.spawn(spawn.unit(), spawn.modelUuid());
      case Intent.AssignUnit assign -> units.assign(assign.unit(), assign.desired());
      case Intent.RemoveUnit remove -> {
        if (remove.vanished())
          ctx.getLog().info("unit {} is no longer in the substrate: removing it", remove.unit());
        units.stop(remove.unit());
        ctx.spawnAnonymous(
            UnitRemoval.create(
                remove.unit(),
                deps.units().unitDir(remove.unit()),
                deps.substrate().unitRemover(),
                deps.blocking(),
                removals));
      }
      case Intent.StopOperating stop -> {
        ctx.getLog()
            .info(
                "application {} is gone ({}): stopping; journal, charms and unit data are kept",
                deps.application(),
                stop.reason());
        deps.onApplicationGone().accept(stop.reason());
      }
      case Intent.QueueAction queue -> requests.queueAction(queue.id(), queue.accepted());
    }
  }
}
