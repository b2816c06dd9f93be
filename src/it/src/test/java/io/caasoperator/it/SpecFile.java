package io.caasoperator.it;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The application specification file the operator polls. {@link #write()} and {@link #writeRaw}
 * replace the file atomically (write a sibling, then rename), so the operator never reads half an
 * edit; {@link #writeInPlace} writes it the way scripts and some editors do, and {@link
 * #replaceWithNamedPipe} puts something there that is not a file at all.
 *
 * @param path the spec file
 * @param application the application name
 * @param charm the charm directory (written as an absolute path)
 * @param modifiedVersion bumped to redeploy a charm whose url did not change
 * @param scale the number of units
 * @param config charm config values
 */
record SpecFile(
    Path path,
    String application,
    Path charm,
    int modifiedVersion,
    int scale,
    Map<String, Object> config) {

  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

  SpecFile {
    config = Map.copyOf(config);
  }

  /** A spec for {@code application} on {@code charm} with one unit and no config. */
  static SpecFile at(Path path, String application, Path charm) {
    return new SpecFile(path, application, charm, 0, 1, Map.of());
  }

  SpecFile withScale(int scale) {
    return new SpecFile(path, application, charm, modifiedVersion, scale, config);
  }

  SpecFile withCharm(Path charm) {
    return new SpecFile(path, application, charm, modifiedVersion, scale, config);
  }

  SpecFile withModifiedVersion(int modifiedVersion) {
    return new SpecFile(path, application, charm, modifiedVersion, scale, config);
  }

  SpecFile withConfig(Map<String, Object> config) {
    return new SpecFile(path, application, charm, modifiedVersion, scale, config);
  }

  /** Writes this spec; returns it for chaining. */
  SpecFile write() {
    writeRaw(yaml());
    return this;
  }

  /**
   * Writes this spec in place, as {@code printf ... > app.yaml} does, and slowly: the file is
   * truncated, then holds the lines before {@code scale:} (valid YAML, which without a scale means
   * one unit) for {@code pause}, then gets the rest.
   */
  SpecFile writeInPlace(Duration pause) {
    String text = yaml();
    int split = text.indexOf("\nscale:") + 1;
    try (OutputStream out = Files.newOutputStream(path)) {
      out.write(text.substring(0, split).getBytes(StandardCharsets.UTF_8));
      out.flush();
      // Not a wait for the operator: this is the writer being slow, which is the point.
      Thread.sleep(pause.toMillis());
      out.write(text.substring(split).getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the spec file " + path, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted writing " + path, e);
    }
    return this;
  }

  /**
   * Replaces the spec file with a named pipe (made next to it with mkfifo, then renamed over it).
   */
  void replaceWithNamedPipe() {
    Path fifo = path.resolveSibling(path.getFileName() + ".fifo");
    try {
      Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start();
      if (mkfifo.waitFor() != 0) {
        throw new IllegalStateException("mkfifo " + fifo + " failed");
      }
      Files.move(fifo, path, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot replace " + path + " with a named pipe", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted making a named pipe", e);
    }
  }

  private String yaml() {
    Map<String, Object> yaml = new LinkedHashMap<>();
    yaml.put("application", application);
    yaml.put("charm", charm.toAbsolutePath().toString());
    yaml.put("modified-version", modifiedVersion);
    yaml.put("scale", scale);
    yaml.put("config", new java.util.TreeMap<>(config));
    yaml.put("update-status-interval", "5m");
    try {
      return YAML.writeValueAsString(yaml);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Writes {@code text} as the spec file, as a user with an editor might (valid or not). */
  void writeRaw(String text) {
    try {
      Files.createDirectories(path.toAbsolutePath().getParent());
      Path next = path.resolveSibling(path.getFileName() + ".next");
      Files.writeString(next, text);
      Files.move(next, path, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the spec file " + path, e);
    }
  }

  /** Removes the spec file, as a user deleting the application would. */
  void delete() {
    try {
      Files.delete(path);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot delete the spec file " + path, e);
    }
  }
}
