package io.caasoperator.architecture;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import io.caasoperator.app.Main;

/**
 * {@code operator-app} wires everything below it (docs/architecture.md, "Package dependencies");
 * its own packages ({@code app}, {@code app.datadir}, {@code app.logging}) form no cycle. ArchUnit
 * imports this module's main classes (all under {@code Main}'s package).
 */
@AnalyzeClasses(packagesOf = Main.class, importOptions = ImportOption.DoNotIncludeTests.class)
class OperatorAppArchitectureTest {
  @ArchTest
  void packagesFormNoCycles(JavaClasses app) {
    slices().matching("io.caasoperator.(**)").should().beFreeOfCycles().check(app);
  }
}
