package io.caasoperator.unit;

import io.caasoperator.domain.ApplicationName;
import io.caasoperator.domain.CharmStorage;
import io.caasoperator.domain.Status;
import io.caasoperator.domain.UnitId;
import io.caasoperator.hook.HookContexts;
import io.caasoperator.hooktool.HookTools;
import io.caasoperator.hooktool.PeerUnit;
import io.caasoperator.hooktool.Port;
import io.caasoperator.hooktool.RelationView;
import io.caasoperator.hooktool.RunningAction;
import io.caasoperator.hooktool.ToolContext;
import io.caasoperator.hooktool.ToolEffects;
import io.caasoperator.hooktool.ToolOutcome;
import io.caasoperator.persistence.RelationHook;
import io.caasoperator.persistence.UnitState;
import io.caasoperator.substrate.UnitAddresses;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The read-only answering path: a hook-tool call answered from {@link ToolViews}, by the same
 * interpreter against the same state as its unit's actor would use, when the call changes nothing
 * (and {@code juju-log}, whose only effect is a line in the operator's log, written here).
 * Everything else (a call with effects, one that lists the application's units, a unit or
 * application not published yet) is left to the actors, which stay the only writers.
 */
public final class ToolViewAnswer {

  private ToolViewAnswer() {}

  /** What to do with a call. */
  public sealed interface Result {
    /** Answered from the views; {@code juju-log} lines are already in the log. */
    record Answered(ToolOutcome outcome) implements Result {}

    /**
     * The actors must answer it.
     *
     * @param touchesApplication its effects change what the operator publishes (application status,
     *     leader settings, workload version), which the operator records after the unit answered:
     *     the context's later calls must go to the actors too, to read what it wrote
     */
    record AskTheActors(boolean touchesApplication) implements Result {}
  }

  private static final Result ACTORS = new Result.AskTheActors(false);

  /**
   * Answers {@code tool} for {@code context} from {@code views} if it can; {@code now} as the
   * actors' clock would give.
   */
  public static Result answer(
      HookContexts.HookContext context,
      ToolViews views,
      String tool,
      List<String> args,
      String stdin,
      Instant now) {
    Optional<UnitState> unit = views.unit(context.unit());
    Optional<ApplicationSnapshot> app = views.application();
    if (unit.isEmpty() || app.isEmpty()) return ACTORS;
    ActionRun action =
        context.action() == null
            ? null
            : new ActionRun(context.action().name(), context.action().params());
    ToolOutcome outcome;
    try {
      outcome =
          HookTools.run(
              tool,
              args,
              stdin,
              new Published(
                  new UnitToolContext(unit.get(), app.get(), context.hookName(), action, Map.of())),
              now);
    } catch (NotPublished e) {
      return ACTORS;
    }
    ToolEffects effects = ToolEffects.split(outcome.effects(), now);
    boolean readOnly =
        effects.unitEvents().isEmpty()
            && effects.applicationEvents().isEmpty()
            && effects.actionEffects().isEmpty()
            && effects.secretChanges().isEmpty();
    if (!readOnly) return new Result.AskTheActors(!effects.applicationEvents().isEmpty());
    String where = context.hookName() == null ? "exec" : context.hookName();
    effects
        .logged()
        .forEach(line -> UnitToolCall.write(context.unit(), where, context.contextId(), line));
    return new Result.Answered(outcome);
  }

  /** A read of something the views do not hold (the application's units). */
  private static final class NotPublished extends RuntimeException {
    NotPublished() {
      super(null, null, false, false);
    }
  }

  /** The unit's tool context, without the application's units (which only the operator has). */
  private record Published(UnitToolContext inner) implements ToolContext {
    @Override
    public UnitId unit() {
      return inner.unit();
    }

    @Override
    public ApplicationName application() {
      return inner.application();
    }

    @Override
    public String modelName() {
      return inner.modelName();
    }

    @Override
    public Optional<String> hookName() {
      return inner.hookName();
    }

    @Override
    public boolean isLeader() {
      return inner.isLeader();
    }

    @Override
    public Status unitStatus() {
      return inner.unitStatus();
    }

    @Override
    public Map<String, Object> unitStatusData() {
      return inner.unitStatusData();
    }

    @Override
    public Status applicationStatus() {
      return inner.applicationStatus();
    }

    @Override
    public Map<String, Object> applicationStatusData() {
      return inner.applicationStatusData();
    }

    @Override
    public Map<String, Object> config() {
      return inner.config();
    }

    @Override
    public Map<String, String> leaderSettings() {
      return inner.leaderSettings();
    }

    @Override
    public Map<String, String> charmState() {
      return inner.charmState();
    }

    @Override
    public Set<Port> openedPorts() {
      return inner.openedPorts();
    }

    @Override
    public String workloadVersion() {
      return inner.workloadVersion();
    }

    @Override
    public List<PeerUnit> units() {
      throw new NotPublished();
    }

    // What only the operator knows now (addresses, resources, whether storage may be added) is
    // not in the views: such a call asks the actors.
    @Override
    public UnitAddresses addresses() {
      throw new NotPublished();
    }

    @Override
    public Map<String, String> resources() {
      throw new NotPublished();
    }

    // relation tools read the hook's own unrecorded writes, which only the unit's actor holds
    @Override
    public Map<Long, RelationView> relations() {
      throw new NotPublished();
    }

    @Override
    public Optional<RelationHook> hookRelation() {
      return inner.hookRelation();
    }

    // A hook's pending secret changes live in its unit's actor: secret tools ask it.
    @Override
    public io.caasoperator.secret.SecretBook secrets() {
      throw new NotPublished();
    }

    @Override
    public boolean canAddStorage() {
      throw new NotPublished();
    }

    @Override
    public Map<String, UnitState.StorageInstance> storage() {
      return inner.storage();
    }

    @Override
    public Optional<String> hookStorage() {
      return inner.hookStorage();
    }

    @Override
    public Map<String, CharmStorage> charmStorage() {
      return inner.charmStorage();
    }

    @Override
    public Optional<RunningAction> action() {
      return inner.action();
    }
  }
}
