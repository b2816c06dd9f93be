package io.caasoperator.domain;

/**
 * Where a charm comes from and which revision of it is wanted.
 *
 * @param url local path, {@code file:} or {@code http(s):} URL
 * @param sha256 expected digest of the archive (lower-case hex), or null when not given
 * @param modifiedVersion bumped by the user to force a redeploy of the same url
 * @param forceUpgrade when it becomes true, the charm is redeployed even if nothing else changed
 */
public record CharmRef(String url, String sha256, long modifiedVersion, boolean forceUpgrade) {
  public CharmRef {
    if (url == null || url.isBlank()) throw new IllegalArgumentException("charm url is empty");
    sha256 = sha256 == null || sha256.isBlank() ? null : sha256.toLowerCase(java.util.Locale.ROOT);
  }

  /**
   * Juju's "charm modified" test: the url or modified-version changed, or force-upgrade has just
   * been set. Pure, so the operator's decision is unit-tested without any I/O.
   */
  public boolean isModifiedFrom(CharmRef deployed) {
    if (deployed == null) return true;
    return !url.equals(deployed.url)
        || modifiedVersion != deployed.modifiedVersion
        || (sha256 != null && !sha256.equals(deployed.sha256))
        || (forceUpgrade && !deployed.forceUpgrade);
  }
}
