package io.caasoperator.charm.deploy;

import java.nio.file.Path;

/**
 * What {@link UnitCharmDeployer#deploy} did.
 *
 * @param version the charm version the unit's charm directory now holds
 * @param charmDir the unit's charm directory
 * @param changed false when the unit already had that version (nothing was touched)
 * @param written paths of the charm written
 * @param removed paths of an earlier version removed
 * @param resumed true when an interrupted deploy was found and finished or replaced
 */
public record UnitCharmDeployment(
    String version, Path charmDir, boolean changed, int written, int removed, boolean resumed) {}
