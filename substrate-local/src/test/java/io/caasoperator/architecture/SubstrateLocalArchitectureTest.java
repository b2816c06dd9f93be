package io.caasoperator.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import io.caasoperator.substrate.local.LocalSubstrate;

/**
 * {@code substrate-local} holds to what every substrate module does ({@link SubstrateModuleRules}),
 * with one exception stated here: the Pebble of each local unit container is an event-sourced actor
 * of the substrate's own ({@code substrate.local.workload.PebbleActor}, journaled as {@code
 * pebble|<unit>/<container>}), spawned by {@code Pebbles} and asked by {@code PebbleContainers} for
 * the container routes. Those three use Pekko; nothing else in the module does, and nothing in it
 * knows the core's actors ({@code operator}, {@code unit}): the core hears of its containers only
 * through plain records ({@code ContainerStarted}, {@code WorkloadNotice}) and the routes through
 * the core's {@code workload.UnitContainers}. ArchUnit imports this module's main classes (all
 * under {@code LocalSubstrate}'s package).
 */
@AnalyzeClasses(
    packagesOf = LocalSubstrate.class,
    importOptions = ImportOption.DoNotIncludeTests.class)
class SubstrateLocalArchitectureTest {
  @ArchTest
  void packagesFormNoCycles(JavaClasses local) {
    SubstrateModuleRules.NO_CYCLES.check(local);
  }

  @ArchTest
  void theSubstrateImportsNoCoreActors(JavaClasses local) {
    SubstrateModuleRules.NO_CORE_ACTORS.check(local);
  }

  @ArchTest
  void onlyTheContainersPebblesAreActors(JavaClasses local) {
    SubstrateModuleRules.pekkoOnlyIn(
            "io\\.caasoperator\\.substrate\\.local\\.workload\\.(PebbleActor|Pebbles|PebbleContainers)",
            "a container's Pebble is the substrate's own actor; the spec, the units and the"
                + " containers' processes are plain code")
        .check(local);
  }
}
