package io.caasoperator.it;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipArchiveOutputStream;

/**
 * A {@code .charm} file as {@code charmcraft pack} writes one: a zip whose entries carry their Unix
 * modes (made by Unix, mode in the high half of the external attributes), executables {@code 0755},
 * other files {@code 0644}, and symlinks as links ({@code 0120777}, the target as content), as
 * charmcraft links {@code hooks/install}, {@code hooks/start} and {@code hooks/upgrade-charm} to
 * {@code ../dispatch}.
 */
final class CharmArchive {

  private record Entry(String name, byte[] content, int mode) {}

  private final List<Entry> entries = new ArrayList<>();

  CharmArchive file(String name, String content) {
    entries.add(new Entry(name, content.getBytes(StandardCharsets.UTF_8), 0100644));
    return this;
  }

  CharmArchive executable(String name, String content) {
    entries.add(new Entry(name, content.getBytes(StandardCharsets.UTF_8), 0100755));
    return this;
  }

  CharmArchive symlink(String name, String target) {
    entries.add(new Entry(name, target.getBytes(StandardCharsets.UTF_8), 0120777));
    return this;
  }

  /**
   * Every regular file under {@code source}, as {@code prefix/<relative path>} (e.g. a vendored
   * package into venv/).
   */
  CharmArchive tree(Path source, String prefix) {
    try (Stream<Path> files = Files.walk(source)) {
      for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
        String name = prefix + "/" + source.relativize(file).toString().replace('\\', '/');
        entries.add(
            new Entry(
                name, Files.readAllBytes(file), Files.isExecutable(file) ? 0100755 : 0100644));
      }
      return this;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + source, e);
    }
  }

  /** Writes the archive to {@code file}; returns {@code file}. */
  Path writeTo(Path file) {
    try {
      var bytes = new ByteArrayOutputStream();
      try (var zip = new ZipArchiveOutputStream(bytes)) {
        for (Entry entry : entries) {
          var zipEntry = new ZipArchiveEntry(entry.name());
          // made by Unix, the mode in the high half of the external attributes
          zipEntry.setUnixMode(entry.mode());
          zip.putArchiveEntry(zipEntry);
          zip.write(entry.content());
          zip.closeArchiveEntry();
        }
      }
      Files.createDirectories(file.getParent());
      Files.write(file, bytes.toByteArray());
      return file;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file, e);
    }
  }
}
