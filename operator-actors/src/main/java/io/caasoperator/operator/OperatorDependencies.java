package io.caasoperator.operator;

import io.caasoperator.charm.CharmStore;
import io.caasoperator.domain.ApplicationName;
import io.caasoperator.domain.RetryPolicy;
import io.caasoperator.relation.RelationSides;
import io.caasoperator.substrate.Substrate;
import io.caasoperator.unit.UnitDependencies;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.function.Consumer;

/**
 * What the OperatorActor needs, validated once: every missing field is named in one error.
 *
 * @param application the application this operator runs (its journal is {@code operator|<app>})
 * @param substrate where units live: the specification, units and container sources, the remover
 * @param charms fetches and unpacks charms into the data directory
 * @param units what each UnitActor needs
 * @param charmRetry backoff between attempts to fetch a charm whose source may recover
 * @param blocking runs blocking work (downloads, directory deletion, substrate calls)
 * @param clock the time recorded in events
 * @param onApplicationGone called once, on the actor's thread, when the application no longer
 *     exists; it must not block (the app starts a clean shutdown with exit code 0)
 * @param relationSides where the operator publishes its sides of relations with other applications
 *     (the model passes them on); {@link RelationSides#NONE} for a single application. An operator
 *     given any other runs in a model ({@link #inModel()})
 */
public record OperatorDependencies(
    ApplicationName application,
    Substrate substrate,
    CharmStore charms,
    UnitDependencies units,
    RetryPolicy charmRetry,
    Executor blocking,
    Clock clock,
    Consumer<String> onApplicationGone,
    RelationSides relationSides) {

  /**
   * The application runs in a model: given somewhere to publish its relation sides, it takes its
   * relations, peer relations included, only from the model's declarations ({@link
   * OperatorActor.RelationsDeclared}) and gives no relation id itself; alone ({@link
   * RelationSides#NONE}) it creates its peer relations.
   */
  public boolean inModel() {
    return relationSides != RelationSides.NONE;
  }

  public OperatorDependencies {
    List<String> problems = new ArrayList<>();
    if (application == null) problems.add("application name is missing");
    if (substrate == null) problems.add("substrate is missing");
    if (charms == null) problems.add("charm store is missing");
    if (units == null) problems.add("unit dependencies are missing");
    if (charmRetry == null) problems.add("charm retry policy is missing");
    if (blocking == null) problems.add("blocking executor is missing");
    if (clock == null) problems.add("clock is missing");
    if (onApplicationGone == null) problems.add("application-gone callback is missing");
    if (relationSides == null) problems.add("relation sides are missing");
    if (!problems.isEmpty())
      throw new IllegalArgumentException("operator dependencies: " + String.join("; ", problems));
  }
}
