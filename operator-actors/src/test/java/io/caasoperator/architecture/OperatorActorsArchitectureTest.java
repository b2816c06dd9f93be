package io.caasoperator.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import io.caasoperator.operator.OperatorActor;
import io.caasoperator.persistence.OperatorState;
import java.net.URL;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Which package of {@code operator-actors} may import which (docs/architecture.md, "Package
 * dependencies"): no cycles; the substrates and the feature packages speak plain records, never
 * actors; the decisions the actors apply (the operator's plan, the unit's resolvers) are pure; the
 * core knows no Kubernetes client (that substrate is the module {@code substrate-kubernetes}) and
 * nothing of the local substrate (the module {@code substrate-local}). Plain tests with importers
 * of their own (not ArchUnit's {@code @AnalyzeClasses}, as in the other modules): two class sets,
 * for the transitive rules follow dependencies into {@code persistence}.
 *
 * <p>The layers, each importing only those below it (the cycle rule holds them so):
 *
 * <pre>
 * operator · model.runtime
 * unit · hooktool.transport
 * hooktool.catalogue                        every tool, by name
 * secret.tools                              (reads relations through relation's tools)
 * lifecycle · leadership · config · relation · storage · action · unitcontext · workload
 * hooktool · substrate                      the tool framework and the context's vocabulary
 * hook · secret · resolve                   resolve: HookSource
 * charm.deploy · model
 * charm
 * </pre>
 */
class OperatorActorsArchitectureTest {
  /** This module's classes: the directory or jar {@code OperatorActor} was loaded from. */
  private static final JavaClasses MAIN =
      new ClassFileImporter().importUrl(locationOf(OperatorActor.class));

  /**
   * With the classes of {@code persistence} (its state and events), so that the transitive rules
   * follow a dependency there; library classes are known by name only (test resource {@code
   * archunit.properties}), which keeps the import fast.
   */
  private static final JavaClasses WITH_PERSISTENCE =
      new ClassFileImporter()
          .importUrls(List.of(locationOf(OperatorActor.class), locationOf(OperatorState.class)));

  private static URL locationOf(Class<?> type) {
    return type.getProtectionDomain().getCodeSource().getLocation();
  }

  @Test
  void packagesFormNoCycles() {
    slices().matching("io.caasoperator.(**)").should().beFreeOfCycles().check(MAIN);
  }

  /**
   * A substrate adapts where units live (files, processes, Pebbles) to plain records; a plumbing
   * package (hook running, the hook-tool framework, its catalogue and transport, charms) does one
   * thing. Neither knows actors: the actors in {@code operator} and {@code unit} call them.
   */
  @Test
  void substratesAndPlumbingImportNoActorTypes() {
    noClasses()
        .that()
        .resideInAnyPackage(
            "io.caasoperator.substrate..",
            "io.caasoperator.hook..",
            "io.caasoperator.hooktool..",
            "io.caasoperator.charm..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(SubstrateModuleRules.ACTOR_PACKAGES)
        .because("substrates speak plain records; only the actors know actors")
        .check(MAIN);
  }

  /**
   * The feature packages: each owns its slice of a unit (its hook source, its tools' handlers, its
   * pure decisions) and sits below the actors that compose them ({@code unit.UnitResolver} lists
   * the hook sources in their one order; {@code hooktool.catalogue} lists the tools).
   */
  static final String[] FEATURE_PACKAGES = {
    "io.caasoperator.resolve..",
    "io.caasoperator.lifecycle..",
    "io.caasoperator.leadership..",
    "io.caasoperator.config..",
    "io.caasoperator.relation..",
    "io.caasoperator.secret..",
    "io.caasoperator.storage..",
    "io.caasoperator.workload..",
    "io.caasoperator.action..",
    "io.caasoperator.unitcontext.."
  };

  /**
   * A feature decides and answers hook tools from plain records: it imports neither Pekko nor the
   * actors ({@code unit}, {@code operator}) nor the model's runtime. Two exceptions, by name: the
   * application's secret store is an actor that lives with its feature ({@code secret.SecretStore}
   * and {@code secret.Secrets}, the view it publishes, which the actors spawn and ask); and {@code
   * workload.ContainerTroubles}, the system's extension where a substrate records a container that
   * cannot start and the status route reads it.
   */
  @Test
  void featuresImportNoPekkoNorTheActors() {
    noClasses()
        .that()
        .resideInAnyPackage(FEATURE_PACKAGES)
        .and()
        .haveNameNotMatching(
            "io\\.caasoperator\\.(secret\\.(SecretStore|Secrets)|workload\\.ContainerTroubles)(\\$.*)?")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "org.apache.pekko..",
            "io.caasoperator.unit..",
            "io.caasoperator.operator..",
            "io.caasoperator.model.runtime..")
        .because("a feature speaks plain records; only the actors know actors")
        .check(MAIN);
  }

  /**
   * The core compiles without fabric8 (its pom does not have it); should a library bring fabric8
   * back onto this module's class path, nothing here may start using it: a Kubernetes concern
   * belongs in {@code substrate-kubernetes}, behind the {@code substrate} interfaces.
   */
  @Test
  void theCoreKnowsNoKubernetesClient() {
    noClasses()
        .should()
        .dependOnClassesThat()
        .resideInAPackage("io.fabric8..")
        .because("the Kubernetes substrate is a module of its own, substrate-kubernetes")
        .check(MAIN);
  }

  /**
   * The core compiles without the local substrate (module {@code substrate-local}, which depends on
   * this one): nothing here names its spec file, its pods or its containers' Pebbles; the routes
   * reach those through {@code workload.UnitContainers}, the actors through the {@code substrate}
   * interfaces.
   */
  @Test
  void theCoreKnowsNoLocalSubstrate() {
    noClasses()
        .should()
        .dependOnClassesThat()
        .resideInAPackage("io.caasoperator.substrate.local..")
        .because("the local substrate is a module of its own, substrate-local")
        .check(MAIN);
  }

  /**
   * The operator's plan decides everything from what it is given: neither it nor anything it
   * reaches holds an actor reference (where to reply stays with the actors, {@code UnitRequests}).
   */
  @Test
  void thePlannerAndItsInputsImportNoPekko() {
    noClasses()
        .that()
        .haveNameMatching(
            "io\\.caasoperator\\.operator\\.(OperatorPlan|Observed|Children|CharmDeployment)(\\$.*)?")
        .should()
        .transitivelyDependOnClassesThat()
        .resideInAPackage("org.apache.pekko..")
        .because("the plan is a pure function of the journal, what is observed and its input")
        .check(WITH_PERSISTENCE);
  }

  /**
   * The unit's hook order is a pure decision, tested without an actor system: {@code
   * unit.UnitResolver}, every feature's hook source ({@code *Resolver}) and {@code
   * resolve.HookSource}.
   */
  @Test
  void theResolversImportNoPekko() {
    noClasses()
        .that()
        .haveNameMatching("io\\.caasoperator\\.([a-z]+\\.)*([A-Za-z]*Resolver|HookSource)(\\$.*)?")
        .should()
        .transitivelyDependOnClassesThat()
        .resideInAPackage("org.apache.pekko..")
        .because("the next hook is decided from the unit's state alone")
        .check(WITH_PERSISTENCE);
  }
}
