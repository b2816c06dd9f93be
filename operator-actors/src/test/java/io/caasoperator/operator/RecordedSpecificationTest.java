package io.caasoperator.operator;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.domain.ApplicationName;
import io.caasoperator.domain.CharmInfo;
import io.caasoperator.domain.CharmRef;
import io.caasoperator.persistence.OperatorEvent;
import io.caasoperator.persistence.OperatorState;
import io.caasoperator.substrate.Specification;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RecordedSpecificationTest {
  private static final Instant AT = Instant.parse("2026-11-27T20:00:00Z");
  private static final ApplicationName CLIENT = ApplicationName.of("client");
  private static final CharmRef REF =
      new CharmRef("/bundle/charms/client", "ab".repeat(32), 3, false);

  @Test
  void theCharmDeployedAndTheConfigRecordedAreTheSpecification() {
    CharmInfo charm =
        new CharmInfo(1, "client", REF, "cd".repeat(32), List.of(), Set.of(), true, Map.of());
    OperatorState journal =
        OperatorState.initial()
            .apply(new OperatorEvent.CharmDeployed(charm, AT))
            .apply(new OperatorEvent.ConfigChanged(Map.of("greeting", "hey"), 1, AT));

    assertThat(RecordedSpecification.of(CLIENT, journal))
        .contains(
            new Specification(
                CLIENT,
                REF,
                Map.of("greeting", "hey"),
                Specification.DEFAULT_UPDATE_STATUS_INTERVAL));
  }

  @Test
  void aJournalWithoutACharmStandsForNoSpecification() {
    assertThat(RecordedSpecification.of(CLIENT, OperatorState.initial())).isEmpty();
  }
}
