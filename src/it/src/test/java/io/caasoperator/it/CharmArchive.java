package io.caasoperator.it;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

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
      try (var zip = new ZipOutputStream(bytes)) {
        for (Entry entry : entries) {
          zip.putNextEntry(new ZipEntry(entry.name()));
          zip.write(entry.content());
          zip.closeEntry();
        }
      }
      // The modes go into the central directory, which ZipOutputStream writes without them.
      ByteBuffer buffer = ByteBuffer.wrap(bytes.toByteArray()).order(ByteOrder.LITTLE_ENDIAN);
      int pos = buffer.getInt(buffer.limit() - 22 + 16); // end of central directory, no comment
      for (Entry entry : entries) {
        buffer.put(pos + 5, (byte) 3); // made by: Unix
        buffer.putInt(pos + 38, entry.mode() << 16);
        pos +=
            46
                + (buffer.getShort(pos + 28) & 0xFFFF)
                + (buffer.getShort(pos + 30) & 0xFFFF)
                + (buffer.getShort(pos + 32) & 0xFFFF);
      }
      Files.createDirectories(file.getParent());
      Files.write(file, buffer.array());
      return file;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file, e);
    }
  }
}
