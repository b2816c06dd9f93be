package io.caasoperator.http.hooktool;

import io.caasoperator.domain.ApplicationName;
import io.caasoperator.hook.HookContexts;
import io.caasoperator.unit.ToolViews;
import java.time.Clock;
import java.util.Optional;
import java.util.function.Function;

/**
 * The hook-tool gateway of a model: each application publishes its own views (its snapshot is its
 * own), so a call is answered from the views of the application its unit belongs to ({@link
 * ViewFirstToolGateway}), and otherwise by the actors, through the model to that application.
 */
public final class ModelToolGateway extends ViewFirstToolGateway {

  /**
   * @param views each application's views, while it is operated
   * @param actors answers what the views cannot (the model's front, which routes by unit)
   */
  public ModelToolGateway(
      HookContexts contexts,
      Function<ApplicationName, Optional<ToolViews>> views,
      Clock clock,
      HookToolGateway actors) {
    super(contexts, views, clock, actors);
  }
}
