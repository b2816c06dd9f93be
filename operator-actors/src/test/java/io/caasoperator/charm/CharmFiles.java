package io.caasoperator.charm;

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
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * Builds test charms as real directories or real zip archives. java.util.zip cannot write unix
 * modes, so the archive's central directory is patched afterwards the way Info-ZIP writes it (host
 * "Unix", mode in the high 16 bits of the external attributes). Public for the tests of the
 * packages that run charms (the unit's charm directory, hook processes).
 */
public final class CharmFiles {
  private record Entry(String name, byte[] content, int mode, Long claimedSize) {}

  private final List<Entry> entries = new ArrayList<>();

  public static CharmFiles named(String name) {
    return new CharmFiles().file("metadata.yaml", "name: " + name + "\n");
  }

  public static CharmFiles empty() {
    return new CharmFiles();
  }

  public CharmFiles file(String name, String content) {
    return entry(name, content.getBytes(StandardCharsets.UTF_8), 0100644, null);
  }

  public CharmFiles executable(String name, String content) {
    return entry(name, content.getBytes(StandardCharsets.UTF_8), 0100755, null);
  }

  /** Hook files {@code hooks/<name>} that do nothing, executable. */
  public CharmFiles hooks(String... names) {
    for (String name : names) executable("hooks/" + name, "#!/bin/sh\n");
    return this;
  }

  public CharmFiles symlink(String name, String target) {
    return entry(name, target.getBytes(StandardCharsets.UTF_8), 0120777, null);
  }

  /** An archive entry whose central directory claims a smaller size than it inflates to. */
  CharmFiles understated(String name, byte[] content, long claimedSize) {
    return entry(name, content, 0100644, claimedSize);
  }

  CharmFiles entry(String name, byte[] content, int mode, Long claimedSize) {
    entries.add(new Entry(name, content, mode, claimedSize));
    return this;
  }

  public Path writeDirectory(Path dir) {
    try {
      Files.createDirectories(dir);
      for (Entry entry : entries) {
        Path path = dir.resolve(entry.name());
        Files.createDirectories(path.getParent());
        if ((entry.mode() & 0170000) == 0120000) {
          Files.createSymbolicLink(
              path, Path.of(new String(entry.content(), StandardCharsets.UTF_8)));
        } else {
          Files.write(path, entry.content());
          Files.setPosixFilePermissions(path, FileModes.fromMode(entry.mode()));
        }
      }
      return dir;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public Path writeZip(Path file) {
    try {
      Files.createDirectories(file.getParent());
      Files.write(file, zipBytes());
      return file;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  byte[] zipBytes() throws IOException {
    var bytes = new ByteArrayOutputStream();
    try (var zip = new ZipOutputStream(bytes)) {
      for (Entry entry : entries) {
        zip.putNextEntry(new ZipEntry(entry.name()));
        zip.write(entry.content());
        zip.closeEntry();
      }
    }
    ByteBuffer buffer = ByteBuffer.wrap(bytes.toByteArray()).order(ByteOrder.LITTLE_ENDIAN);
    int eocd = buffer.limit() - 22; // no archive comment
    int pos = buffer.getInt(eocd + 16);
    for (Entry entry : entries) {
      buffer.put(pos + 5, (byte) 3); // made by: Unix
      buffer.putInt(pos + 38, entry.mode() << 16);
      if (entry.claimedSize() != null) buffer.putInt(pos + 24, entry.claimedSize().intValue());
      pos +=
          46
              + (buffer.getShort(pos + 28) & 0xFFFF)
              + (buffer.getShort(pos + 30) & 0xFFFF)
              + (buffer.getShort(pos + 32) & 0xFFFF);
    }
    return buffer.array();
  }
}
