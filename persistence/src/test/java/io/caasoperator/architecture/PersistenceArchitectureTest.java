package io.caasoperator.architecture;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.type;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import io.caasoperator.persistence.HookKind;
import io.caasoperator.persistence.JournalEvent;
import io.caasoperator.persistence.StableName;
import org.junit.jupiter.api.Test;

/**
 * Which package of {@code persistence} may import which (docs/architecture.md, "Package
 * dependencies"): the domain's names at the bottom, each feature's journal slice ({@code
 * persistence.secret}) below the unit's and operator's state that compose them, the journal's
 * reading and writing on top.
 */
class PersistenceArchitectureTest {
  /** This module's classes: the directory or jar {@code JournalEvent} was loaded from. */
  private static final JavaClasses MAIN =
      new ClassFileImporter()
          .importUrl(JournalEvent.class.getProtectionDomain().getCodeSource().getLocation());

  /**
   * No cycles. One exception, until the unit's resolvers can move with it (issue 25: they are
   * rewritten as hook sources and import it): {@code persistence.secret} still uses three base
   * types of {@code persistence}. {@code HookKind} belongs in {@code domain}, {@code JournalEvent}
   * and {@code StableName} in a base package below both; any other dependency of the secret slice
   * on the composed state is a cycle.
   */
  @Test
  void packagesFormNoCycles() {
    slices()
        .matching("io.caasoperator.(**)")
        .should()
        .beFreeOfCycles()
        .ignoreDependency(
            resideInAPackage("io.caasoperator.persistence.secret"),
            type(HookKind.class).or(type(JournalEvent.class)).or(type(StableName.class)))
        .check(MAIN);
  }

  /** The domain's names are plain values: no journal, no Pekko. */
  @Test
  void theDomainImportsNeitherTheJournalNorPekko() {
    noClasses()
        .that()
        .resideInAPackage("io.caasoperator.domain..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("io.caasoperator.persistence..", "org.apache.pekko..")
        .check(MAIN);
  }

  /** An actor reference in an event or a snapshot would not survive a restart, nor replay. */
  @Test
  void nothingJournaledHoldsAnActorType() {
    noClasses()
        .that()
        .areAssignableTo(JournalEvent.class)
        .should()
        .dependOnClassesThat()
        .resideInAPackage("org.apache.pekko..")
        .check(MAIN);
  }
}
