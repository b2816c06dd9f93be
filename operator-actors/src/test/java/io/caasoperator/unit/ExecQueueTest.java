package io.caasoperator.unit;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * In which order a unit's execs run (execs go before hooks: UnitResolverTest; which execs a unit
 * takes at all: ActionRequestsTest).
 */
class ExecQueueTest {
  private static UnitActor.RunExec exec(String commands) {
    return new UnitActor.RunExec(commands, Duration.ofSeconds(30), null, null);
  }

  @Test
  void execsRunInTheOrderTheyCame() {
    ExecQueue queue = ExecQueue.EMPTY.add(exec("first")).add(exec("second"));
    assertThat(queue.first().commands()).isEqualTo("first");
    assertThat(queue.withoutFirst().first().commands()).isEqualTo("second");
    assertThat(queue.withoutFirst().withoutFirst().isEmpty()).isTrue();
    assertThat(queue.waiting()).as("the queue itself is unchanged").hasSize(2);
  }
}
