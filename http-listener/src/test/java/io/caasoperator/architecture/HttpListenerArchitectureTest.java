package io.caasoperator.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import io.caasoperator.http.HttpListener;
import org.junit.jupiter.api.Test;

/**
 * Which package of {@code http-listener} may import which (docs/architecture.md, "Package
 * dependencies"): what setting up a listener reads ({@code setup}) at the bottom, TLS and tokens
 * above it, the listener, and the routes and the client on top.
 */
class HttpListenerArchitectureTest {
  /** This module's classes: the directory or jar {@code HttpListener} was loaded from. */
  private static final JavaClasses HTTP =
      new ClassFileImporter()
          .importUrl(HttpListener.class.getProtectionDomain().getCodeSource().getLocation());

  @Test
  void packagesFormNoCycles() {
    slices().matching("io.caasoperator.(**)").should().beFreeOfCycles().check(HTTP);
  }

  /** The client (the CLI's) talks HTTP to an operator; it never reaches into one. */
  @Test
  void theClientKnowsNoRoutesNorActors() {
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
        .check(HTTP);
  }
}
