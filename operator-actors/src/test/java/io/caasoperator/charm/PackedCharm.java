package io.caasoperator.charm;

/**
 * Test charms laid out exactly as {@code charmcraft pack} leaves an {@code ops} charm ({@code
 * charmcraft/charm_builder.py}, {@code charmcraft/const.py}): its generated {@code dispatch}, the
 * compatibility hooks linked to it, {@code src/charm.py} as the entrypoint, the generated {@code
 * metadata.yaml}, {@code config.yaml} and {@code actions.yaml}, and {@code manifest.yaml}. The
 * entrypoint is a POSIX shell script standing in for Python: like {@code ops} it finds everything
 * relative to the charm directory it runs in, and keeps its state in {@code .unit-state.db} there
 * ({@code ops/_main.py}, {@code CHARM_STATE_FILE}).
 */
public final class PackedCharm {
  /**
   * {@code charmcraft/const.py} {@code DISPATCH_CONTENT}, with {@code src/charm.py} as entrypoint.
   */
  public static final String DISPATCH =
      """
      #!/bin/sh

      JUJU_DISPATCH_PATH="${JUJU_DISPATCH_PATH:-$0}" PYTHONPATH=lib:venv \\
        exec ./src/charm.py
      """;

  /**
   * Appends the event to {@code .unit-state.db} (a relative path: it works only when the hook runs
   * in the charm directory, as under Juju), then prints the unit, the event, how many events the
   * state holds and which revision of the charm ran.
   */
  private static final String ENTRYPOINT =
      """
      #!/bin/sh
      # revision %s
      set -e
      . ./lib/charms/state.sh
      event=${JUJU_DISPATCH_PATH#hooks/}
      remember "$event"
      echo "$JUJU_UNIT_NAME $event $(wc -l < .unit-state.db | tr -d ' ') r%s"
      """;

  private PackedCharm() {}

  /** The packed charm {@code name}; {@code revision} changes its entrypoint, so its digest. */
  public static CharmFiles ops(String name, String revision) {
    return CharmFiles.empty()
        .executable("dispatch", DISPATCH)
        .symlink("hooks/install", "../dispatch")
        .symlink("hooks/start", "../dispatch")
        .symlink("hooks/upgrade-charm", "../dispatch")
        .executable("src/charm.py", ENTRYPOINT.formatted(revision, revision))
        .file("lib/charms/state.sh", "remember() { echo \"$1\" >> .unit-state.db; }\n")
        .file("venv/ops/__init__.py", "# the ops package charmcraft installs into venv/\n")
        .file(
            "metadata.yaml",
            """
            name: %s
            display-name: A packed charm
            summary: Packed by charmcraft.
            description: Packed by charmcraft.
            containers:
              workload:
                resource: workload-image
            resources:
              workload-image:
                type: oci-image
            peers:
              cluster:
                interface: %s-peers
            storage:
              data:
                type: filesystem
                location: /var/lib/data
            """
                .formatted(name, name))
        .file(
            "config.yaml",
            """
            options:
              log-level:
                type: string
                default: info
                description: How much to log.
            """)
        .file(
            "actions.yaml",
            """
            snapshot:
              description: Take a snapshot.
              params:
                filename:
                  type: string
              required: [filename]
            """)
        .file(
            "manifest.yaml",
            """
            analysis:
              attributes:
              - name: framework
                result: operator
            charmcraft-started-at: '2026-11-20T09:12:44.000000Z'
            charmcraft-version: 3.4.6
            bases:
            - name: ubuntu
              channel: '24.04'
              architectures:
              - amd64
            """);
  }
}
