package io.caasoperator.charm.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class DeployPlanTest {

  private static CharmManifest manifest(String... paths) {
    return new CharmManifest("2222", new TreeSet<>(List.of(paths)));
  }

  @Test
  void whatTheOldVersionPlacedAndTheNewOneLacksIsRemovedDeepestFirst() {
    DeployPlan plan =
        DeployPlan.of(
            List.of("hooks", "hooks/install", "hooks/old", "lib", "lib/a", "lib/a/b.sh"),
            manifest("hooks", "hooks/install", "templates", "templates/x"));

    assertThat(plan.remove()).containsExactly("lib/a/b.sh", "lib/a", "lib", "hooks/old");
    assertThat(plan.write()).containsExactly("hooks", "hooks/install", "templates", "templates/x");
  }

  @Test
  void aFirstDeployRemovesNothing() {
    DeployPlan plan = DeployPlan.of(List.of(), manifest("dispatch"));

    assertThat(plan.remove()).isEmpty();
    assertThat(plan.write()).containsExactly("dispatch");
  }

  @Test
  void parentsAreWrittenBeforeWhatTheyHoldWhateverTheNames() {
    DeployPlan plan = DeployPlan.of(List.of(), manifest("a-b", "a/c", "a", "a.d", "a/c/e"));

    List<String> order = List.copyOf(plan.write());
    assertThat(order.indexOf("a")).isLessThan(order.indexOf("a/c"));
    assertThat(order.indexOf("a/c")).isLessThan(order.indexOf("a/c/e"));
  }
}
