package io.caasoperator.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;

/**
 * A charm whose hooks do almost nothing, so what is measured is the operator. Its config-changed
 * records, when the unit directory holds a {@code fanout} file, the time it started (bash's
 * $EPOCHREALTIME: no extra process).
 */
final class BenchCharm {
  static final List<String> HOOKS = List.of("install", "leader-elected", "start");

  private BenchCharm() {}

  static Path write(Path dir) throws IOException {
    Files.createDirectories(dir.resolve("hooks"));
    Files.writeString(dir.resolve("metadata.yaml"), "name: bench\n");
    Files.writeString(dir.resolve("config.yaml"), "options:\n  round: {type: int, default: 0}\n");
    for (String hook : HOOKS) executable(dir.resolve("hooks").resolve(hook), "#!/bin/sh\nexit 0\n");
    executable(
        dir.resolve("hooks/config-changed"),
        "#!/bin/bash\n[ -f \"$HOME/fanout\" ] && echo \"$EPOCHREALTIME\" > \"$HOME/config-changed.started\"\nexit 0\n");
    return dir;
  }

  static Path hook(Path charm, String name) {
    return charm.resolve("hooks").resolve(name);
  }

  private static void executable(Path file, String content) throws IOException {
    Files.writeString(file, content);
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
  }
}
