package io.caasoperator.architecture;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import io.caasoperator.app.Main;
import org.junit.jupiter.api.Test;

/**
 * {@code operator-app} wires everything below it (docs/architecture.md, "Package dependencies");
 * its own packages ({@code app}, {@code app.datadir}, {@code app.logging}) form no cycle.
 */
class OperatorAppArchitectureTest {
  /** This module's classes: the directory or jar {@code Main} was loaded from. */
  private static final JavaClasses APP =
      new ClassFileImporter()
          .importUrl(Main.class.getProtectionDomain().getCodeSource().getLocation());

  @Test
  void packagesFormNoCycles() {
    slices().matching("io.caasoperator.(**)").should().beFreeOfCycles().check(APP);
  }
}
