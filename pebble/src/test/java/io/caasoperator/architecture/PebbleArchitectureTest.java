package io.caasoperator.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import io.caasoperator.pebble.Pebble;
import org.junit.jupiter.api.Test;

/**
 * Which package of {@code pebble} may import which (docs/architecture.md, "Package dependencies"):
 * what it reports ({@code events}) and the users and paths of a container at the bottom, the
 * managers (services, checks, notices, files, exec) above them, {@code Pebble} composing them, and
 * its HTTP API ({@code api}) on top.
 */
class PebbleArchitectureTest {
  /** This module's classes: the directory or jar {@code Pebble} was loaded from. */
  private static final JavaClasses PEBBLE =
      new ClassFileImporter()
          .importUrl(Pebble.class.getProtectionDomain().getCodeSource().getLocation());

  @Test
  void packagesFormNoCycles() {
    slices().matching("io.caasoperator.(**)").should().beFreeOfCycles().check(PEBBLE);
  }

  /** The API serves a {@code Pebble}; nothing below it knows there is an HTTP server. */
  @Test
  void onlyTheApiKnowsTheApi() {
    noClasses()
        .that()
        .resideOutsideOfPackage("io.caasoperator.pebble.api..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("io.caasoperator.pebble.api..")
        .check(PEBBLE);
  }

  /** A Pebble is a library of its own: the operator's actors drive it, it knows none. */
  @Test
  void pebbleImportsNoPekkoNorTheOperator() {
    noClasses()
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("org.apache.pekko..", "io.caasoperator.workload..")
        .check(PEBBLE);
  }
}
