package io.caasoperator.testing;

import io.caasoperator.hook.HookContexts;
import io.caasoperator.hook.HookEnvironment;
import io.caasoperator.hook.HookExecutor;
import io.caasoperator.unit.RetryPolicy;
import io.caasoperator.unit.UnitDependencies;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;

/** Unit dependencies for actor tests: a data directory, an executor, defaults for the rest. */
public final class TestUnits {
  private TestUnits() {}

  public static UnitDependencies dependencies(HookExecutor executor, Path data) {
    return new UnitDependencies(
        executor,
        data.resolve("agents"),
        data.resolve("charms"),
        new HookEnvironment("test", "3.6.0", data.resolve("tools"), "/usr/bin:/bin", "", null),
        RetryPolicy.DEFAULT.withoutJitter(),
        Duration.ofMinutes(1),
        4096,
        4096,
        new HookContexts(),
        Clock.systemUTC());
  }
}
