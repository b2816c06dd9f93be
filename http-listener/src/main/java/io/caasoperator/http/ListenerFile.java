package io.caasoperator.http;

import io.caasoperator.files.AtomicFile;
import io.caasoperator.http.setup.DataDirException;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * {@code <data-dir>/listener}: one line holding the URL of the running operator's listener. The
 * operator writes it once bound (the port may have been chosen by the OS) and deletes it on a clean
 * stop; the CLI reads it to find the operator.
 *
 * @param path the file
 */
public record ListenerFile(Path path) {

  public static final String FILE_NAME = "listener";

  public ListenerFile {
    Objects.requireNonNull(path, "path");
  }

  public static ListenerFile in(Path dataDir) {
    return new ListenerFile(dataDir.resolve(FILE_NAME));
  }

  /** Writes {@code url} atomically, so a reader never sees half a URL. */
  public void write(URI url) {
    try {
      Files.createDirectories(path.toAbsolutePath().getParent());
      AtomicFile.at(path).write(url + "\n", StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new DataDirException(
          "cannot write the listener address to " + path + ": " + e.getMessage(), e);
    }
  }

  /** The URL, or empty when no operator has published one. */
  public Optional<URI> read() {
    if (!Files.exists(path)) {
      return Optional.empty();
    }
    String text;
    try {
      text = Files.readString(path, StandardCharsets.UTF_8).strip();
    } catch (IOException e) {
      throw new DataDirException("cannot read " + path + ": " + e.getMessage(), e);
    }
    if (text.isEmpty()) {
      throw new DataDirException(path + " is empty; it should hold the operator's listener URL");
    }
    try {
      URI url = URI.create(text);
      if (!"https".equals(url.getScheme()) && !"http".equals(url.getScheme())
          || url.getHost() == null) {
        throw new IllegalArgumentException("not an http(s) URL with a host");
      }
      return Optional.of(url);
    } catch (IllegalArgumentException e) {
      throw new DataDirException(
          path + " does not hold a listener URL (" + text + "): " + e.getMessage(), e);
    }
  }

  /**
   * The URL, or empty when there is none or it cannot be read (for messages, not for connecting).
   */
  public Optional<URI> readQuietly() {
    try {
      return read();
    } catch (DataDirException e) {
      return Optional.empty();
    }
  }

  /** Removes the file; nothing happens when it is already gone. */
  public void delete() {
    try {
      Files.deleteIfExists(path);
    } catch (IOException e) {
      throw new DataDirException("cannot delete " + path + ": " + e.getMessage(), e);
    }
  }
}
