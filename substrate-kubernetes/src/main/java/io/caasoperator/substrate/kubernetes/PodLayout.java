package io.caasoperator.substrate.kubernetes;

/**
 * Where the operator puts things in a unit's pod: the shared volume that the init container and the
 * workload container both mount (see {@code conf/kubernetes/statefulset-example.yaml}).
 *
 * @param root mount point of the shared volume in every container, e.g. {@code /var/lib/caas}
 */
public record PodLayout(String root) {

  public static final PodLayout DEFAULT = new PodLayout("/var/lib/caas");

  public PodLayout {
    if (root == null || !root.startsWith("/") || root.endsWith("/") || root.contains("'")) {
      throw new IllegalArgumentException(
          "pod root must be an absolute path without a trailing slash, got " + root);
    }
  }

  /** The unit's charm as hooks see it: {@code JUJU_CHARM_DIR}. */
  public String charmDir() {
    return root + "/charm";
  }

  /** The hook-tool shims, first on the hooks' PATH. */
  public String toolsDir() {
    return root + "/tools";
  }

  /** The listener's CA certificate the hook tools trust. */
  public String caFile() {
    return root + "/ca.crt";
  }

  /** The init container waits for this file, then exits so the workload containers start. */
  public String readyFile() {
    return root + "/.ready";
  }
}
