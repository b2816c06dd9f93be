package io.caasoperator.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import io.caasoperator.pebble.Pebble;

/**
 * Which package of {@code pebble} may import which (docs/architecture.md, "Package dependencies"):
 * what it reports ({@code events}) and the users and paths of a container at the bottom, the
 * managers (services, checks, notices, files, exec) above them, {@code Pebble} composing them, and
 * its HTTP API ({@code api}) on top. ArchUnit imports this module's main classes (all under {@code
 * Pebble}'s package) once for every rule.
 */
@AnalyzeClasses(packagesOf = Pebble.class, importOptions = ImportOption.DoNotIncludeTests.class)
class PebbleArchitectureTest {
  @ArchTest
  void packagesFormNoCycles(JavaClasses pebble) {
    slices().matching("io.caasoperator.(**)").should().beFreeOfCycles().check(pebble);
  }

  /** The API serves a {@code Pebble}; nothing below it knows there is an HTTP server. */
  @ArchTest
  void onlyTheApiKnowsTheApi(JavaClasses pebble) {
    noClasses()
        .that()
        .resideOutsideOfPackage("io.caasoperator.pebble.api..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("io.caasoperator.pebble.api..")
        .check(pebble);
  }

  /** A Pebble is a library of its own: the operator's actors drive it, it knows none. */
  @ArchTest
  void pebbleImportsNoPekkoNorTheOperator(JavaClasses pebble) {
    noClasses()
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("org.apache.pekko..", "io.caasoperator.workload..")
        .check(pebble);
  }
}
