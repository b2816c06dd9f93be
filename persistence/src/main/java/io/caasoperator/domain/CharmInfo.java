package io.caasoperator.domain;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the journal records about a deployed charm: enough to run its hooks and validate its
 * config without reading the charm's files again.
 *
 * @param generation increases by one with every deployment, so units can tell a new charm from
 *     one they already upgraded to
 * @param name the charm's name from metadata.yaml
 * @param ref the reference it was deployed from
 * @param sha256 digest of the deployed content; the charm lives in {@code charms/<sha256>/}
 * @param containers container names from metadata.yaml, in file order
 * @param hooks names of the executables under {@code hooks/}
 * @param dispatch true when the charm has a {@code dispatch} script (it then runs every hook)
 * @param options the options of config.yaml
 */
public record CharmInfo(
    long generation,
    String name,
    CharmRef ref,
    String sha256,
    List<String> containers,
    Set<String> hooks,
    boolean dispatch,
    Map<String, ConfigOption> options) {

  public CharmInfo {
    containers = List.copyOf(containers);
    hooks = Set.copyOf(hooks);
    options = Map.copyOf(options);
  }

  /** Whether a process runs for this hook, or the hook is recorded as skipped. */
  public boolean implementsHook(String hookName) {
    return dispatch || hooks.contains(hookName);
  }

  public CharmInfo withGeneration(long newGeneration) {
    return new CharmInfo(newGeneration, name, ref, sha256, containers, hooks, dispatch, options);
  }
}
