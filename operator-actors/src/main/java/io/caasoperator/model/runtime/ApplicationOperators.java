package io.caasoperator.model.runtime;

import io.caasoperator.domain.ApplicationName;
import io.caasoperator.operator.OperatorActor;
import io.caasoperator.relation.RelationSides;
import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;
import org.apache.pekko.Done;
import org.apache.pekko.actor.typed.Behavior;

/**
 * How the model starts the operator of one of its applications (its substrate, secret store and
 * dependencies are the wiring's: {@code OperatorRuntime}), and lets go of what it started.
 */
public interface ApplicationOperators {

  /**
   * The operator of {@code application}.
   *
   * @param sides where it publishes its relation sides (the model passes them on)
   * @param onGone called by the operator when its application is gone (removed from the model and
   *     its units too); the model then stops it, and the process carries on
   */
  Behavior<OperatorActor.Command> operate(
      ApplicationName application, RelationSides sides, Consumer<String> onGone);

  /**
   * {@code application} was removed from the model and is dying (called before {@link #operate}
   * when its operator starts again for that): its operator tears it down whatever the model's
   * description now says of that name, its units scaled to zero, until none is left; then it
   * reports the application gone. Until {@link #stopped}.
   */
  void removing(ApplicationName application);

  /**
   * The model stopped {@code application}'s operator: release what {@link #operate} made. When it
   * was {@link #removing}, its secrets leave the model with it: the stage completes once their
   * removal is journaled, or once that failed (logged), never exceptionally. The model journals the
   * application's removal only then, so a kill between the two writes leaves it dying in the
   * model's journal, and its removal, secrets and all, is redone after a restart: a second removal
   * of secrets already removed must be harmless.
   */
  CompletionStage<Done> stopped(ApplicationName application);
}
