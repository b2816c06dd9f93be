package io.caasoperator.charm.deploy;

import java.util.Collection;
import java.util.Collections;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * What deploying a charm version into a unit's charm directory does, decided from manifests alone:
 * the paths to remove (placed by an earlier version, or by an interrupted deploy, and not part of
 * the new one) and the paths to write (all of the new version's). Anything else in the directory
 * was written by the unit (ops' {@code .unit-state.db}, {@code __pycache__}, a hook's own files)
 * and is left alone, as by Juju's manifest deployer ({@code
 * worker/uniter/charm/manifest_deployer.go}, {@code removeDiff}). Like Juju, a removed directory
 * goes with everything in it, the unit's files included.
 *
 * @param remove deepest first, so a directory is emptied of what the charm placed before it goes
 * @param write parents first
 */
record DeployPlan(SortedSet<String> remove, SortedSet<String> write) {

  DeployPlan {
    remove = Collections.unmodifiableSortedSet(remove);
    write = Collections.unmodifiableSortedSet(write);
  }

  /**
   * @param mayBePlaced every path an earlier version (or an interrupted deploy) may have placed
   * @param target the version being deployed
   */
  static DeployPlan of(Collection<String> mayBePlaced, CharmManifest target) {
    SortedSet<String> remove = new TreeSet<>(Collections.reverseOrder());
    for (String path : mayBePlaced) {
      if (!target.paths().contains(path)) remove.add(path);
    }
    return new DeployPlan(remove, new TreeSet<>(target.paths()));
  }
}
