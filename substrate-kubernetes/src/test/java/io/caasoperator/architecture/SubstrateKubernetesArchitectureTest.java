package io.caasoperator.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import io.caasoperator.substrate.kubernetes.KubernetesSubstrate;
import org.junit.jupiter.api.Test;

/**
 * {@code substrate-kubernetes} is a substrate like any other (docs/architecture.md, "Modules"): it
 * implements the core's {@code substrate} interfaces in plain records and knows neither Pekko nor
 * the actors that call it. A third substrate is a module of this shape. Plain tests (not ArchUnit's
 * engine), so that {@code -Dtest=} selects them as any other.
 */
class SubstrateKubernetesArchitectureTest {
  /** This module's classes: the directory or jar {@code KubernetesSubstrate} was loaded from. */
  private static final JavaClasses KUBERNETES =
      new ClassFileImporter()
          .importUrl(KubernetesSubstrate.class.getProtectionDomain().getCodeSource().getLocation());

  @Test
  void packagesFormNoCycles() {
    slices().matching("io.caasoperator.(**)").should().beFreeOfCycles().check(KUBERNETES);
  }

  /**
   * The actors ({@code operator}, {@code unit}) are on this module's class path, in {@code
   * operator-actors}, but the substrate speaks plain records ({@code UnitsObserved}, {@code
   * ApplicationReport}, {@code ApplicationNotice}) and runs its blocking calls on its own threads.
   */
  @Test
  void theSubstrateImportsNoActorTypes() {
    noClasses()
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "org.apache.pekko..", "io.caasoperator.operator..", "io.caasoperator.unit..")
        .because("a substrate speaks plain records; only the actors know actors")
        .check(KUBERNETES);
  }
}
