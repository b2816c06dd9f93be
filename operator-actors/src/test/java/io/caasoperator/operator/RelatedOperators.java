package io.caasoperator.operator;

import io.caasoperator.domain.UnitId;
import io.caasoperator.hook.HookContexts;
import io.caasoperator.relation.RelationSides;
import io.caasoperator.testing.ScriptedExecutor;
import io.caasoperator.unit.ToolReply;
import io.caasoperator.unit.UnitDependencies;
import java.util.List;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.TestProbe;
import org.apache.pekko.actor.typed.ActorRef;

/** What the tests of operators related through the contract share (a model without its actor). */
final class RelatedOperators {
  private RelatedOperators() {}

  /**
   * {@code alone} with its units' {@code units}, publishing its relation sides to {@code sides}.
   */
  static OperatorDependencies related(
      OperatorDependencies alone, UnitDependencies units, RelationSides sides) {
    return new OperatorDependencies(
        alone.application(),
        alone.substrate(),
        alone.charms(),
        units,
        alone.charmRetry(),
        alone.blocking(),
        alone.clock(),
        alone.onApplicationGone(),
        sides);
  }

  /** Runs {@code tool} in the running hook {@code call} of {@code unit}; its reply. */
  static ToolReply tool(
      ActorTestKit testKit,
      ActorRef<OperatorActor.Command> operator,
      UnitId unit,
      ScriptedExecutor.Call call,
      String tool,
      String... args) {
    TestProbe<ToolReply> reply = testKit.createTestProbe();
    operator.tell(
        new OperatorActor.CallHookTool(
            new HookContexts.HookContext(unit, call.invocation().contextId(), call.hook()),
            tool,
            List.of(args),
            "",
            reply.ref()));
    return reply.receiveMessage();
  }
}
