package io.caasoperator.http.hooktool;

import io.caasoperator.hooktool.ToolOutcome;
import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * Where the listener sends a hook-tool call: implemented by the actors that own running contexts.
 * One method rather than "authorize, then call" so the token is checked and the tool run in one
 * step against one snapshot: a hook that ends between the two cannot be written to.
 */
@FunctionalInterface
public interface HookToolGateway {

  /**
   * Runs {@code tool} in the context that {@code token} belongs to.
   *
   * @param token the bearer token the call presented ({@code CAAS_OPERATOR_CONTEXT_TOKEN})
   * @param tool the tool's name from the URL; unknown names are the interpreter's to answer (exit
   *     1, {@code ERROR unknown command})
   * @param args the tool's arguments
   * @param stdin its standard input, empty when none was sent
   * @return completes with the outcome once its effects are persisted; completes exceptionally with
   *     {@link HookToolDenied} when the token is not that of a hook, action or exec running now
   *     (answered 403); any other failure is answered as the listener maps it (a {@code
   *     TimeoutException} is a 408)
   */
  CompletionStage<ToolOutcome> call(String token, String tool, List<String> args, String stdin);

  /**
   * A cheap check made before the body is read, so a finished hook's token is refused with 403
   * whatever it sends; {@link #call} still decides.
   */
  default boolean recognises(String token) {
    return true;
  }
}
