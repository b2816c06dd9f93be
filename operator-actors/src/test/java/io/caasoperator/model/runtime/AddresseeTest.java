package io.caasoperator.model.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.domain.ApplicationName;
import io.caasoperator.domain.UnitId;
import io.caasoperator.hook.HookContexts;
import io.caasoperator.operator.OperatorActor;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A request from outside the model goes to the application of the unit it names. */
class AddresseeTest {
  private static final UnitId CLIENT_1 = UnitId.of("kv-client", 1);
  private static final ApplicationName CLIENT = ApplicationName.of("kv-client");

  @Test
  void everyRequestThatNamesAUnitGoesToItsApplication() {
    assertThat(
            List.<OperatorActor.Command>of(
                new OperatorActor.GetUnit(CLIENT_1, null),
                new OperatorActor.ResolveUnit(CLIENT_1, true, null),
                new OperatorActor.ExecOnUnit(CLIENT_1, "true", Duration.ofSeconds(1), null, null),
                new OperatorActor.RunAction(CLIENT_1, "backup", Map.of(), null),
                new OperatorActor.ListActionIds(Optional.of(CLIENT_1), 10, null),
                new OperatorActor.CallHookTool(
                    new HookContexts.HookContext(CLIENT_1, "ctx", "install"),
                    "is-leader",
                    List.of(),
                    "",
                    null)))
        .allSatisfy(command -> assertThat(Addressee.of(command)).contains(CLIENT));
  }

  @Test
  void aRequestThatNamesNoUnitHasNoAddressee() {
    assertThat(Addressee.of(new OperatorActor.GetAction(3, false, null))).isEmpty();
    assertThat(Addressee.of(new OperatorActor.ListActionIds(Optional.empty(), 10, null))).isEmpty();
    assertThat(Addressee.of(new OperatorActor.GetStatus(null))).isEmpty();
  }
}
