package io.caasoperator.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import io.caasoperator.http.HttpListener;

/**
 * Which package of {@code http-listener} may import which (docs/architecture.md, "Package
 * dependencies"): what setting up a listener reads ({@code setup}) at the bottom, TLS and tokens
 * above it, the listener, and the routes and the client on top. ArchUnit imports this module's main
 * classes (all under {@code HttpListener}'s package) once for every rule.
 */
@AnalyzeClasses(
    packagesOf = HttpListener.class,
    importOptions = ImportOption.DoNotIncludeTests.class)
class HttpListenerArchitectureTest {
  @ArchTest
  void packagesFormNoCycles(JavaClasses http) {
    slices().matching("io.caasoperator.(**)").should().beFreeOfCycles().check(http);
  }

  /** The client (the CLI's) talks HTTP to an operator; it never reaches into one. */
  @ArchTest
  void theClientKnowsNoRoutesNorActors(JavaClasses http) {
    noClasses()
        .that()
        .resideInAPackage("io.caasoperator.http.client..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "io.caasoperator.http.routes..",
            "io.caasoperator.operator..",
            "io.caasoperator.unit..",
            "org.apache.pekko..")
        .check(http);
  }
}
