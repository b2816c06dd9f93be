package io.caasoperator.persistence;

/**
 * A hook the unit decided to run, with what it satisfies when it completes.
 *
 * @param kind which hook
 * @param workload the container, for {@code pebble-ready}; null otherwise
 * @param containerStart the container start it answers, for {@code pebble-ready}; null otherwise
 * @param charmGeneration the charm generation it runs with (for upgrade-charm: the one upgraded to)
 * @param configGeneration the config generation it runs with (config-changed marks it seen)
 */
public record PlannedHook(
    HookKind kind, String workload, String containerStart, long charmGeneration, long configGeneration) {

  /** The hook's name as charms know it, e.g. {@code install} or {@code web-pebble-ready}. */
  public String name() {
    return kind == HookKind.PEBBLE_READY ? workload + "-pebble-ready" : kind.label();
  }

  public static PlannedHook of(HookKind kind, long charmGeneration, long configGeneration) {
    return new PlannedHook(kind, null, null, charmGeneration, configGeneration);
  }
}
