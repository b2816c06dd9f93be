package io.caasoperator.unit;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.domain.CharmInfo;
import io.caasoperator.domain.CharmRef;
import io.caasoperator.domain.Life;
import io.caasoperator.domain.UnitId;
import io.caasoperator.persistence.UnitEvent.CharmAssigned;
import io.caasoperator.persistence.UnitEvent.LifeAssigned;
import io.caasoperator.persistence.UnitState;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Which execs a unit takes, and in which order they run (execs go before hooks: UnitResolverTest).
 */
class ExecQueueTest {
  private static final UnitId UNIT = UnitId.of("mariadb", 0);
  private static final Instant AT = Instant.EPOCH;
  private static final UnitState NO_CHARM = UnitState.initial(UNIT);
  private static final UnitState ALIVE =
      NO_CHARM.apply(
          new CharmAssigned(
              new CharmInfo(
                  1,
                  "mariadb",
                  new CharmRef("/c", null, 1, false),
                  "c".repeat(64),
                  List.of(),
                  Set.of(),
                  false,
                  Map.of()),
              AT));

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

  @Test
  void anAliveUnitWithACharmTakesExecs() {
    assertThat(ExecQueue.refusal(ALIVE, false)).isEmpty();
  }

  @Test
  void nothingIsTakenWhileTheOperatorShutsDownWhateverTheUnit() {
    assertThat(ExecQueue.refusal(ALIVE, true)).contains("the operator is shutting down");
  }

  @Test
  void aUnitThatIsGoingAwayRefusesSayingSo() {
    assertThat(ExecQueue.refusal(ALIVE.apply(new LifeAssigned(Life.DYING, AT)), false))
        .contains("unit mariadb/0 is dying");
    assertThat(ExecQueue.refusal(ALIVE.apply(new LifeAssigned(Life.DEAD, AT)), false))
        .contains("unit mariadb/0 is dead");
  }

  @Test
  void aUnitWithoutACharmYetRefuses() {
    assertThat(ExecQueue.refusal(NO_CHARM, false)).contains("unit mariadb/0 has no charm yet");
  }
}
