package io.caasoperator.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The {@code ops} library for test charms (ops 2.17.0, Apache-2.0, in {@code ../shared/vendor}
 * beside the repository) and the Python it needs: Debian's {@code /usr/bin/python3} with PyYAML
 * ({@code python3-yaml}). A test that needs them is skipped, saying why, where they are missing,
 * and fails in CI ({@link Prerequisite}).
 */
final class VendoredOps {
  /** charmcraft's generated dispatch ({@code charmcraft/const.py} {@code DISPATCH_CONTENT}). */
  static final String DISPATCH =
      """
            #!/bin/sh
            JUJU_DISPATCH_PATH="${JUJU_DISPATCH_PATH:-$0}" PYTHONPATH=lib:venv:$PYTHONPATH exec ./src/charm.py
            """;

  /** What {@code charmcraft pack} writes beside the charm. */
  static final String MANIFEST =
      "charmcraft-version: 3.2.2\nbases:\n- name: ubuntu\n  channel: '22.04'\n";

  private VendoredOps() {}

  /**
   * The {@code ops} package directory to copy into a charm's {@code venv/}; skips the test when
   * absent (fails it in CI).
   */
  static Path opsPackage() throws IOException, InterruptedException {
    Path home =
        Path.of(System.getProperty("caas.operator.home", "../..")).toAbsolutePath().normalize();
    Path vendor = home.getParent().resolve("shared/vendor/ops-2.17.0");
    Prerequisite.require(
        Files.isDirectory(vendor.resolve("ops")),
        "ops 2.17.0 at " + vendor + " (../shared/vendor/ops-2.17.0 beside the repository)");
    Prerequisite.require(
        pythonHasYaml(), "/usr/bin/python3 with PyYAML (apt-get install python3-yaml)");
    return vendor.resolve("ops");
  }

  /**
   * An ops charm as {@code charmcraft pack} leaves it: charmcraft's dispatch, a link to it for each
   * of {@code hooks}, {@code src/charm.py}, ops in {@code venv/} and the manifest; the test adds
   * metadata.yaml and the rest. Skips the test where ops or its Python are missing.
   */
  static CharmArchive charm(String charmPy, String... hooks)
      throws IOException, InterruptedException {
    CharmArchive charm = new CharmArchive().executable("dispatch", DISPATCH);
    for (String hook : hooks) charm.symlink("hooks/" + hook, "../dispatch");
    return charm
        .executable("src/charm.py", charmPy)
        .tree(opsPackage(), "venv/ops")
        .file("manifest.yaml", MANIFEST);
  }

  /**
   * An ops charm ({@link #charm}, with links for install and start) with its {@code metadata.yaml},
   * {@code config.yaml} and a recorder module {@code src/recorder.py}, packed at {@code to}.
   */
  static Path recordingCharm(
      Path to, String charmPy, String metadata, String config, String recorder)
      throws IOException, InterruptedException {
    return charm(charmPy, "install", "start")
        .file("metadata.yaml", metadata)
        .file("config.yaml", config)
        .file("src/recorder.py", recorder)
        .writeTo(to);
  }

  /**
   * The operator's environment for ops charms: Debian's python3 (it has PyYAML) first on the PATH.
   */
  static Map<String, String> environment() {
    return Map.of("PATH", "/usr/bin:" + System.getenv("PATH"));
  }

  private static boolean pythonHasYaml() throws IOException, InterruptedException {
    if (!Files.isExecutable(Path.of("/usr/bin/python3"))) return false;
    Process check =
        new ProcessBuilder("/usr/bin/python3", "-c", "import yaml")
            .redirectErrorStream(true)
            .start();
    return check.waitFor(30, TimeUnit.SECONDS) && check.exitValue() == 0;
  }
}
