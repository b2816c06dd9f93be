package io.caasoperator.http.hooktool;

import io.caasoperator.domain.ApplicationName;
import io.caasoperator.hook.HookContexts;
import io.caasoperator.hook.HookContexts.HookContext;
import io.caasoperator.hooktool.ToolOutcome;
import io.caasoperator.unit.ToolViews;
import java.time.Clock;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

/**
 * The hook-tool gateway of a model: each application publishes its own views (its snapshot is its
 * own), so a call is answered from the views of the application its unit belongs to ({@link
 * ViewFirstToolGateway}), and otherwise by the actors, through the model to that application.
 */
public final class ModelToolGateway extends RunningContextGateway {
  private final Function<ApplicationName, Optional<ToolViews>> views;
  private final Clock clock;
  private final HookToolGateway actors;

  /**
   * @param views each application's views, while it is operated
   * @param actors answers what the views cannot (the model's front, which routes by unit)
   */
  public ModelToolGateway(
      HookContexts contexts,
      Function<ApplicationName, Optional<ToolViews>> views,
      Clock clock,
      HookToolGateway actors) {
    super(contexts);
    this.views = Objects.requireNonNull(views, "views");
    this.clock = Objects.requireNonNull(clock, "clock");
    this.actors = Objects.requireNonNull(actors, "actors");
  }

  @Override
  protected CompletionStage<ToolOutcome> answer(
      HookContext context, String token, String tool, List<String> args, String stdin) {
    return views
        .apply(context.unit().application())
        .map(
            v ->
                new ViewFirstToolGateway(contexts, v, clock, actors).call(token, tool, args, stdin))
        .orElseGet(() -> actors.call(token, tool, args, stdin));
  }
}
