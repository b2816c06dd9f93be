package io.caasoperator.it;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;

/**
 * A charm whose executables a test writes out in full: {@code metadata.yaml} (one container, {@code
 * web}), {@code config.yaml} ({@code greeting}: string, default {@code hi}; {@code port}: int,
 * default 8080) and the given scripts, keyed by their path in the charm ({@code hooks/install},
 * {@code dispatch}), and any further metadata (relation endpoints) a test adds.
 */
final class ScriptCharm {

  private ScriptCharm() {}

  /** Writes the charm {@code name} with {@code scripts} into {@code dir}; returns {@code dir}. */
  static Path write(Path dir, String name, Map<String, String> scripts) {
    return write(dir, name, "", scripts);
  }

  /**
   * Writes the charm {@code name} with {@code scripts} into {@code dir}, its {@code metadata.yaml}
   * ending with {@code moreMetadata} (YAML, such as {@code "provides:\n db:\n interface: db\n"});
   * returns {@code dir}.
   */
  static Path write(Path dir, String name, String moreMetadata, Map<String, String> scripts) {
    try {
      Files.createDirectories(dir);
      Files.writeString(
          dir.resolve("metadata.yaml"),
          """
                    name: %s
                    summary: written by the integration tests
                    containers:
                      web: {}
                    """
                  .formatted(name)
              + moreMetadata);
      Files.writeString(
          dir.resolve("config.yaml"),
          """
                    options:
                      greeting:
                        type: string
                        default: hi
                      port:
                        type: int
                        default: 8080
                    """);
      for (Map.Entry<String, String> script : scripts.entrySet()) {
        Path file = dir.resolve(script.getKey());
        Files.createDirectories(file.getParent());
        Files.writeString(file, script.getValue());
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
      }
      return dir;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the charm " + name + " into " + dir, e);
    }
  }
}
