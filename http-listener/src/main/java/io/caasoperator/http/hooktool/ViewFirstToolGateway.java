package io.caasoperator.http.hooktool;

import io.caasoperator.domain.ApplicationName;
import io.caasoperator.hook.HookContexts;
import io.caasoperator.hook.HookContexts.HookContext;
import io.caasoperator.hooktool.ToolOutcome;
import io.caasoperator.unit.ToolViewAnswer;
import io.caasoperator.unit.ToolViews;
import java.time.Clock;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

/**
 * Answers a read-only hook-tool call from what the actors published ({@link ToolViewAnswer}), and
 * sends every other call to {@code actors}. A read then costs no message to the operator or the
 * unit (no snapshot of the application, no wait in a mailbox behind other units' reports); the
 * actors stay the only writers and answer every call with effects.
 *
 * <p>Where several applications publish views ({@link ModelToolGateway}), a call is answered from
 * the views of the application its unit belongs to.
 */
public class ViewFirstToolGateway extends RunningContextGateway {
  private final Function<ApplicationName, Optional<ToolViews>> views;
  private final Clock clock;
  private final HookToolGateway actors;

  /**
   * @param contexts the running contexts, whose tokens authorise calls
   * @param views what the unit actors and the operator publish
   * @param clock the actors' clock, for a tool that reads the time
   * @param actors answers what the views cannot
   */
  public ViewFirstToolGateway(
      HookContexts contexts, ToolViews views, Clock clock, HookToolGateway actors) {
    this(contexts, published(views), clock, actors);
  }

  /**
   * @param views each application's views, while it is operated: a unit of an application with none
   *     is answered by the actors
   */
  protected ViewFirstToolGateway(
      HookContexts contexts,
      Function<ApplicationName, Optional<ToolViews>> views,
      Clock clock,
      HookToolGateway actors) {
    super(contexts);
    this.views = Objects.requireNonNull(views, "views");
    this.clock = Objects.requireNonNull(clock, "clock");
    this.actors = Objects.requireNonNull(actors, "actors");
  }

  private static Function<ApplicationName, Optional<ToolViews>> published(ToolViews views) {
    Objects.requireNonNull(views, "views");
    return application -> Optional.of(views);
  }

  @Override
  protected final CompletionStage<ToolOutcome> answer(
      HookContext context, String token, String tool, List<String> args, String stdin) {
    Optional<ToolViews> published = views.apply(context.unit().application());
    if (published.isPresent() && !contexts.answeredThroughActors(token)) {
      switch (ToolViewAnswer.answer(context, published.get(), tool, args, stdin, clock.instant())) {
        case ToolViewAnswer.Result.Answered answered -> {
          return CompletableFuture.completedFuture(answered.outcome());
        }
        case ToolViewAnswer.Result.AskTheActors ask -> {
          if (ask.touchesApplication()) contexts.answerThroughActors(token);
        }
      }
    }
    return actors.call(token, tool, args, stdin);
  }
}
