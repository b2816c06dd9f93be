package io.caasoperator.model.runtime;

import io.caasoperator.domain.ApplicationName;
import io.caasoperator.operator.OperatorActor;
import java.util.Optional;

/**
 * Which application's operator a request from outside the model is for: the application of the unit
 * it names (a unit's name starts with its application's). A request that names no unit (an action
 * by id alone, the status of one application) has no addressee here.
 */
public final class Addressee {
  private Addressee() {}

  public static Optional<ApplicationName> of(OperatorActor.Command command) {
    if (command instanceof OperatorActor.GetUnit get) return Optional.of(get.unit().application());
    if (command instanceof OperatorActor.CallHookTool call)
      return Optional.of(call.context().unit().application());
    if (command instanceof OperatorActor.UnitRequest request) {
      return switch (request) {
        case OperatorActor.ResolveUnit resolve -> Optional.of(resolve.unit().application());
        case OperatorActor.ExecOnUnit exec -> Optional.of(exec.unit().application());
        case OperatorActor.RunAction run -> Optional.of(run.unit().application());
        case OperatorActor.ListActionIds list -> list.unit().map(u -> u.application());
        case OperatorActor.GetAction get -> Optional.empty();
      };
    }
    return Optional.empty();
  }
}
