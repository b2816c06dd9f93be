package io.caasoperator.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.lang.ArchRule;

/**
 * What a substrate module ({@code substrate-kubernetes}, and the next substrate, a module of its
 * own) holds to, stated once in the core's test-jar so that each substrate's architecture test
 * checks the same rules: its packages form no cycle, and it speaks plain records to the core, never
 * actor types (docs/architecture.md, "Modules").
 */
public final class SubstrateModuleRules {
  /** Pekko and the packages of the actors, which call substrates and are never called back. */
  static final String[] ACTOR_PACKAGES = {
    "org.apache.pekko..", "io.caasoperator.operator..", "io.caasoperator.unit.."
  };

  /** No cycle between the module's packages. */
  public static final ArchRule NO_CYCLES =
      slices().matching("io.caasoperator.(**)").should().beFreeOfCycles();

  /**
   * No class of the module knows an actor type, although the actors are on its class path (the
   * module depends on {@code operator-actors} for the {@code substrate} interfaces).
   */
  public static final ArchRule NO_ACTOR_TYPES =
      noClasses()
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(ACTOR_PACKAGES)
          .because("a substrate speaks plain records; only the actors know actors");

  /**
   * No class of the module knows the core's actors ({@code operator}, {@code unit}). Stated apart
   * from {@link #NO_ACTOR_TYPES} for a substrate that keeps actors of its own (the local
   * substrate's Pebbles): it still speaks plain records to the core and is never called back.
   */
  public static final ArchRule NO_CORE_ACTORS =
      noClasses()
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage("io.caasoperator.operator..", "io.caasoperator.unit..")
          .because("a substrate speaks plain records; only the core's actors know its actors");

  /**
   * Pekko in no class of the module but those whose name matches {@code actors} (a regular
   * expression over the full name; nested classes included).
   */
  public static ArchRule pekkoOnlyIn(String actors, String reason) {
    return noClasses()
        .that()
        .haveNameNotMatching(actors + "(\\$.*)?")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("org.apache.pekko..")
        .because(reason);
  }

  private SubstrateModuleRules() {}
}
