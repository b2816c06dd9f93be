package io.caasoperator.http.hooktool;

import io.caasoperator.hook.HookContexts;
import io.caasoperator.hook.HookContexts.HookContext;
import io.caasoperator.hooktool.ToolOutcome;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * A gateway that answers only the tokens of hooks, actions and execs running now (registered in
 * {@link HookContexts}): any other token is refused ({@link HookToolRoutes#STALE_TOKEN}) before
 * anything is read or asked.
 */
public abstract class RunningContextGateway implements HookToolGateway {
  protected final HookContexts contexts;

  protected RunningContextGateway(HookContexts contexts) {
    this.contexts = Objects.requireNonNull(contexts, "contexts");
  }

  @Override
  public final boolean recognises(String token) {
    return contexts.lookup(token).isPresent();
  }

  @Override
  public final CompletionStage<ToolOutcome> call(
      String token, String tool, List<String> args, String stdin) {
    Optional<HookContext> context = contexts.lookup(token);
    if (context.isEmpty()) {
      return CompletableFuture.failedFuture(new HookToolDenied(HookToolRoutes.STALE_TOKEN));
    }
    return answer(context.get(), token, tool, args, stdin);
  }

  /** Runs {@code tool} in {@code context}, the running context {@code token} belongs to. */
  protected abstract CompletionStage<ToolOutcome> answer(
      HookContext context, String token, String tool, List<String> args, String stdin);
}
