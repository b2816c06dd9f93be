package io.caasoperator.unit;

import io.caasoperator.action.ActionRun;
import io.caasoperator.domain.UnitAddresses;
import io.caasoperator.hook.HookContexts;
import io.caasoperator.hooktool.ForwardingToolContext;
import io.caasoperator.hooktool.PeerUnit;
import io.caasoperator.hooktool.RelationView;
import io.caasoperator.hooktool.ToolEffects;
import io.caasoperator.hooktool.ToolOutcome;
import io.caasoperator.hooktool.catalogue.HookTools;
import io.caasoperator.persistence.UnitState;
import io.caasoperator.secret.SecretBook;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

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

  /** The unit's tool context, without what only the operator or the unit's actor knows. */
  private record Published(UnitToolContext delegate) implements ForwardingToolContext {
    // The application's units, its addresses, resources and whether storage may be added are
    // the operator's, not in the views: such a call asks the actors.
    @Override
    public List<PeerUnit> units() {
      throw new NotPublished();
    }

    @Override
    public UnitAddresses addresses() {
      throw new NotPublished();
    }

    @Override
    public Map<String, String> resources() {
      throw new NotPublished();
    }

    @Override
    public boolean canAddStorage() {
      throw new NotPublished();
    }

    // relation tools read the hook's own unrecorded writes, which only the unit's actor holds
    @Override
    public Map<Long, RelationView> relations() {
      throw new NotPublished();
    }

    // A hook's pending secret changes live in its unit's actor: secret tools ask it.
    @Override
    public SecretBook secrets() {
      throw new NotPublished();
    }
  }
}
