package io.caasoperator.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import io.caasoperator.substrate.kubernetes.KubernetesSubstrate;

/**
 * {@code substrate-kubernetes} holds to what every substrate module does ({@link
 * SubstrateModuleRules}): it implements the core's {@code substrate} interfaces in plain records
 * (units observed, application reports and notices) and knows neither Pekko nor the actors that
 * call it. ArchUnit imports this module's main classes (all under {@code KubernetesSubstrate}'s
 * package). Rules as {@code @ArchTest} methods, not fields: Surefire 3.5.3 runs no field rules
 * (TNG/ArchUnit#1442).
 */
@AnalyzeClasses(
    packagesOf = KubernetesSubstrate.class,
    importOptions = ImportOption.DoNotIncludeTests.class)
class SubstrateKubernetesArchitectureTest {
  @ArchTest
  void packagesFormNoCycles(JavaClasses kubernetes) {
    SubstrateModuleRules.NO_CYCLES.check(kubernetes);
  }

  @ArchTest
  void theSubstrateImportsNoActorTypes(JavaClasses kubernetes) {
    SubstrateModuleRules.NO_ACTOR_TYPES.check(kubernetes);
  }
}
