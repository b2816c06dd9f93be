package io.caasoperator.http.hooktool;

import io.caasoperator.hook.HookContexts;
import io.caasoperator.hook.HookContexts.HookContext;
import io.caasoperator.hooktool.ToolOutcome;
import io.caasoperator.operator.OperatorActor;
import io.caasoperator.unit.ToolReply;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletionStage;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.AskPattern;

/**
 * Hook-tool calls answered by the actors: the token must belong to a hook or exec running now
 * (registered in {@link HookContexts}); the call then goes to the operator, which forwards it to
 * that unit with a snapshot of the application.
 */
public final class ActorHookToolGateway extends RunningContextGateway {
  private final ActorRef<OperatorActor.Command> operator;
  private final ActorSystem<?> system;
  private final Duration timeout;

  public ActorHookToolGateway(
      HookContexts contexts,
      ActorRef<OperatorActor.Command> operator,
      ActorSystem<?> system,
      Duration timeout) {
    super(contexts);
    this.operator = operator;
    this.system = system;
    this.timeout = timeout;
  }

  @Override
  protected CompletionStage<ToolOutcome> answer(
      HookContext context, String token, String tool, List<String> args, String stdin) {
    CompletionStage<ToolReply> reply =
        AskPattern.ask(
            operator,
            r -> new OperatorActor.CallHookTool(context, tool, args, stdin, r),
            timeout,
            system.scheduler());
    return reply.thenApply(
        r -> {
          if (r.denied() != null) throw new HookToolDenied(r.denied());
          return r.outcome();
        });
  }
}
