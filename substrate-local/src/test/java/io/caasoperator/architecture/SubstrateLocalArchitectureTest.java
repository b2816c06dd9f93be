package io.caasoperator.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import io.caasoperator.substrate.local.LocalSubstrate;
import org.junit.jupiter.api.Test;

/**
 * {@code substrate-local} holds to what every substrate module does ({@link SubstrateModuleRules}),
 * with one exception stated here: the Pebble of each local unit container is an event-sourced actor
 * of the substrate's own ({@code substrate.local.workload.PebbleActor}, journaled as {@code
 * pebble|<unit>/<container>}), spawned by {@code Pebbles} and asked by {@code PebbleContainers} for
 * the container routes. Those three use Pekko; nothing else in the module does, and nothing in it
 * knows the core's actors ({@code operator}, {@code unit}): the core hears of its containers only
 * through plain records ({@code ContainerStarted}, {@code WorkloadNotice}) and the routes through
 * the core's {@code workload.UnitContainers}. Plain tests (not ArchUnit's engine), so that {@code
 * -Dtest=} selects them as any other.
 */
class SubstrateLocalArchitectureTest {
  private static final JavaClasses LOCAL =
      SubstrateModuleRules.classesOfModule(LocalSubstrate.class);

  @Test
  void packagesFormNoCycles() {
    SubstrateModuleRules.NO_CYCLES.check(LOCAL);
  }

  @Test
  void theSubstrateImportsNoCoreActors() {
    SubstrateModuleRules.NO_CORE_ACTORS.check(LOCAL);
  }

  @Test
  void onlyTheContainersPebblesAreActors() {
    SubstrateModuleRules.pekkoOnlyIn(
            "io\\.caasoperator\\.substrate\\.local\\.workload\\.(PebbleActor|Pebbles|PebbleContainers)",
            "a container's Pebble is the substrate's own actor; the spec, the units and the"
                + " containers' processes are plain code")
        .check(LOCAL);
  }
}
