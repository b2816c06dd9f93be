package io.caasoperator.testing;

import io.caasoperator.domain.CharmInfo;
import io.caasoperator.domain.CharmRef;
import io.caasoperator.domain.RetryPolicy;
import io.caasoperator.hook.HookContexts;
import io.caasoperator.hook.HookEnvironment;
import io.caasoperator.hook.HookExecutor;
import io.caasoperator.hook.ProcessResult;
import io.caasoperator.secret.Secrets;
import io.caasoperator.unit.ApplicationSnapshot;
import io.caasoperator.unit.PodWait;
import io.caasoperator.unit.ToolViews;
import io.caasoperator.unit.UnitDependencies;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Unit dependencies for actor tests (a data directory, an executor, defaults for the rest) and the
 * charm they run.
 */
public final class TestUnits {
  /** An executor whose every hook succeeds at once, printing nothing. */
  public static final HookExecutor SUCCEEDING =
      invocation ->
          CompletableFuture.completedFuture(
              new ProcessResult(0, "", "", Duration.ZERO, false, false, null));

  /**
   * The hooks of a unit's life without relations, storage, secrets or workloads: a test charm with
   * these runs whatever the unit's life, leadership and charm generation ask for.
   */
  public static final Set<String> LIFECYCLE_HOOKS =
      Set.of(
          "install",
          "leader-elected",
          "leader-settings-changed",
          "config-changed",
          "start",
          "upgrade-charm",
          "update-status",
          "stop",
          "remove");

  /** What a hook tool call carries of an application with no config, settings or peers. */
  public static final ApplicationSnapshot APPLICATION =
      new ApplicationSnapshot(
          "test",
          Map.of(),
          Map.of(),
          io.caasoperator.domain.Status.of("active", "", java.time.Instant.EPOCH),
          "",
          List.of());

  private TestUnits() {}

  /** {@link #LIFECYCLE_HOOKS} and {@code more}, e.g. a container's pebble-ready hook. */
  public static Set<String> lifecycleHooksAnd(String... more) {
    return Stream.concat(LIFECYCLE_HOOKS.stream(), Stream.of(more))
        .collect(Collectors.toUnmodifiableSet());
  }

  public static UnitDependencies dependencies(HookExecutor executor, Path data) {
    return new UnitDependencies(
        executor,
        data.resolve("agents"),
        data.resolve("charms"),
        new HookEnvironment("test", "3.6.0", data.resolve("tools"), "/usr/bin:/bin", "", null, ""),
        RetryPolicy.DEFAULT.withoutJitter(),
        Duration.ofMinutes(1),
        4096,
        4096,
        new HookContexts(),
        Clock.systemUTC(),
        PodWait.DEFAULT,
        new ToolViews(),
        Secrets.NONE);
  }

  /**
   * The charm "test" at {@code /charms/test} in its given generation (its digest ends in the
   * generation), with these hook files and containers, no dispatch and no options.
   */
  public static CharmInfo charm(long generation, Set<String> hooks, String... containers) {
    return charm(generation, hooks, Map.of(), containers);
  }

  /**
   * The charm "test" as {@link #charm(long, Set, String...)} gives it, with these peer relations.
   */
  public static CharmInfo charm(
      long generation, Set<String> hooks, Map<String, String> peers, String... containers) {
    return new CharmInfo(
        generation,
        "test",
        new CharmRef("/charms/test", null, generation, false),
        String.format("%064d", generation),
        List.of(containers),
        hooks,
        false,
        Map.of(),
        Map.of(),
        peers,
        Map.of());
  }
}
