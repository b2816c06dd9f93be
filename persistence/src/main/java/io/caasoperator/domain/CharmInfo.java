package io.caasoperator.domain;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the journal records about a deployed charm: enough to run its hooks and validate its config
 * without reading the charm's files again.
 *
 * @param generation increases by one with every deployment, so units can tell a new charm from one
 *     they already upgraded to
 * @param name the charm's name from metadata.yaml (or charmcraft.yaml)
 * @param ref the reference it was deployed from
 * @param sha256 digest of the deployed content; the charm lives in {@code charms/<sha256>/}
 * @param containers container names from metadata.yaml, in file order
 * @param hooks names of the hook files under {@code hooks/}, executable or not (a unit's copy of
 *     the charm makes them executable, as Juju's deployer does)
 * @param dispatch true when the charm has a {@code dispatch} script (it then runs every hook)
 * @param options the options of config.yaml
 * @param actions the actions of actions.yaml (or charmcraft.yaml), by name
 * @param peers the peer relations of metadata.yaml: relation name to interface
 * @param storage the storage of metadata.yaml, by name
 */
public record CharmInfo(
    long generation,
    String name,
    CharmRef ref,
    String sha256,
    List<String> containers,
    Set<String> hooks,
    boolean dispatch,
    Map<String, ConfigOption> options,
    Map<String, CharmAction> actions,
    Map<String, String> peers,
    Map<String, CharmStorage> storage) {

  private static final Canonical<Map<String, CharmAction>> SHARED_ACTIONS = new Canonical<>();

  /**
   * Journals written before actions, peers and storage were recorded lack those fields: they read
   * as empty, which is what those charms' records meant. Equal action maps are shared between
   * records (see {@link Canonical}): each unit recovers its charm's record on its own.
   */
  public CharmInfo {
    containers = List.copyOf(containers);
    hooks = Set.copyOf(hooks);
    options = Map.copyOf(options);
    actions =
        actions == null || actions.isEmpty() ? Map.of() : SHARED_ACTIONS.of(Map.copyOf(actions));
    peers = peers == null ? Map.of() : Map.copyOf(peers);
    storage = storage == null ? Map.of() : Map.copyOf(storage);
  }

  /** A charm without actions, peer relations or storage. */
  public CharmInfo(
      long generation,
      String name,
      CharmRef ref,
      String sha256,
      List<String> containers,
      Set<String> hooks,
      boolean dispatch,
      Map<String, ConfigOption> options) {
    this(
        generation,
        name,
        ref,
        sha256,
        containers,
        hooks,
        dispatch,
        options,
        Map.of(),
        Map.of(),
        Map.of());
  }

  /** Whether a process runs for this hook, or the hook is recorded as skipped. */
  public boolean implementsHook(String hookName) {
    return dispatch || hooks.contains(hookName);
  }

  public CharmInfo withGeneration(long newGeneration) {
    return new CharmInfo(
        newGeneration,
        name,
        ref,
        sha256,
        containers,
        hooks,
        dispatch,
        options,
        actions,
        peers,
        storage);
  }
}
