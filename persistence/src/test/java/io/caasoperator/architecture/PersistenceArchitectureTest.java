package io.caasoperator.architecture;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.type;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import io.caasoperator.persistence.HookKind;
import io.caasoperator.persistence.JournalEvent;
import io.caasoperator.persistence.StableName;

/**
 * Which package of {@code persistence} may import which (docs/architecture.md, "Package
 * dependencies"): the domain's names at the bottom, each feature's journal slice ({@code
 * persistence.secret}) below the unit's and operator's state that compose them, the journal's
 * reading and writing on top. ArchUnit imports this module's main classes: all of {@code
 * io.caasoperator} on its class path, for it depends on no other module of ours.
 */
@AnalyzeClasses(packages = "io.caasoperator", importOptions = ImportOption.DoNotIncludeTests.class)
class PersistenceArchitectureTest {

  /**
   * No cycles. One exception, until the unit's resolvers can move with it (issue 25: they are
   * rewritten as hook sources and import it): {@code persistence.secret} still uses three base
   * types of {@code persistence}. {@code HookKind} belongs in {@code domain}, {@code JournalEvent}
   * and {@code StableName} in a base package below both; any other dependency of the secret slice
   * on the composed state is a cycle.
   */
  @ArchTest
  void packagesFormNoCycles(JavaClasses persistence) {
    slices()
        .matching("io.caasoperator.(**)")
        .should()
        .beFreeOfCycles()
        .ignoreDependency(
            resideInAPackage("io.caasoperator.persistence.secret"),
            type(HookKind.class).or(type(JournalEvent.class)).or(type(StableName.class)))
        .check(persistence);
  }

  /** The domain's names are plain values: no journal, no Pekko. */
  @ArchTest
  void theDomainImportsNeitherTheJournalNorPekko(JavaClasses persistence) {
    noClasses()
        .that()
        .resideInAPackage("io.caasoperator.domain..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("io.caasoperator.persistence..", "org.apache.pekko..")
        .check(persistence);
  }

  /** An actor reference in an event or a snapshot would not survive a restart, nor replay. */
  @ArchTest
  void nothingJournaledHoldsAnActorType(JavaClasses persistence) {
    noClasses()
        .that()
        .areAssignableTo(JournalEvent.class)
        .should()
        .dependOnClassesThat()
        .resideInAPackage("org.apache.pekko..")
        .check(persistence);
  }
}
