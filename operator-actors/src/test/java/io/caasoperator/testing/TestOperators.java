package io.caasoperator.testing;

import io.caasoperator.charm.CharmStore;
import io.caasoperator.charm.UnpackLimits;
import io.caasoperator.domain.ApplicationName;
import io.caasoperator.domain.RetryPolicy;
import io.caasoperator.hook.HookExecutor;
import io.caasoperator.operator.OperatorDependencies;
import io.caasoperator.relation.RelationSides;
import io.caasoperator.substrate.Substrate;
import java.nio.file.Path;
import java.time.Clock;
import java.util.concurrent.Executors;
import java.util.function.Consumer;

/**
 * Operator dependencies for actor tests: {@link TestUnits#dependencies} for its units, a charm
 * store under the data directory, defaults for the rest.
 */
public final class TestOperators {
  private TestOperators() {}

  public static OperatorDependencies dependencies(
      ApplicationName app,
      Substrate substrate,
      HookExecutor executor,
      Path data,
      Consumer<String> onApplicationGone) {
    return new OperatorDependencies(
        app,
        substrate,
        new CharmStore(data.resolve("charms"), UnpackLimits.DEFAULT),
        TestUnits.dependencies(executor, data),
        RetryPolicy.DEFAULT,
        Executors.newVirtualThreadPerTaskExecutor(),
        Clock.systemUTC(),
        onApplicationGone,
        RelationSides.NONE);
  }
}
