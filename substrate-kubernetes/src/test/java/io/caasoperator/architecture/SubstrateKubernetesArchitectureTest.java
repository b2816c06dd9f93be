package io.caasoperator.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import io.caasoperator.substrate.kubernetes.KubernetesSubstrate;
import org.junit.jupiter.api.Test;

/**
 * {@code substrate-kubernetes} holds to what every substrate module does ({@link
 * SubstrateModuleRules}): it implements the core's {@code substrate} interfaces in plain records
 * (units observed, application reports and notices) and knows neither Pekko nor the actors that
 * call it. Plain tests (not ArchUnit's engine), so that {@code -Dtest=} selects them as any other.
 */
class SubstrateKubernetesArchitectureTest {
  private static final JavaClasses KUBERNETES =
      SubstrateModuleRules.classesOfModule(KubernetesSubstrate.class);

  @Test
  void packagesFormNoCycles() {
    SubstrateModuleRules.NO_CYCLES.check(KUBERNETES);
  }

  @Test
  void theSubstrateImportsNoActorTypes() {
    SubstrateModuleRules.NO_ACTOR_TYPES.check(KUBERNETES);
  }
}
