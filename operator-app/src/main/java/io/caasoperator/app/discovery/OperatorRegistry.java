package io.caasoperator.app.discovery;

import io.caasoperator.files.AtomicFile;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Reader;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;

/**
 * The operators running for this user, one file each in a directory of the user's state ({@code
 * ~/.local/state/caas-operator/.running/operator-<pid>-<hash>}): an operator writes its file once
 * its listener is bound and removes it when it stops cleanly, so that {@code caas-operator status}
 * with no flag finds the only one running, wherever its data directory is. An operator killed with
 * {@code kill -9} leaves its file behind; {@link #live()} tells such a file by its pid (gone, or
 * given to a later process: {@link OperatorDiscovery#isLive}) and removes it.
 *
 * <p>The name starts with a dot: an application's name never does, so the directory cannot be an
 * application's default data directory beside it.
 */
public final class OperatorRegistry {

  /** The registry's directory under {@code <state>/caas-operator/}. */
  public static final String DIRECTORY = ".running";

  private static final String PREFIX = "operator-";

  private final Path directory;

  public OperatorRegistry(Path directory) {
    this.directory = directory;
  }

  public Path directory() {
    return directory;
  }

  /**
   * Writes {@code registration}'s file (atomically: a reader never sees half of it, and the
   * directory private to the user); the returned handle removes it.
   */
  public Entry register(Registration registration) {
    // the data dir in the name too: tests run several operators in one JVM
    Path file =
        directory.resolve(
            PREFIX
                + registration.pid()
                + "-"
                + Integer.toHexString(registration.dataDir().hashCode()));
    try {
      Files.createDirectories(directory);
      try {
        Files.setPosixFilePermissions(directory, PosixFilePermissions.fromString("rwx------"));
      } catch (UnsupportedOperationException | IOException notOurs) {
        // a directory another tool made, or a file system without modes: the files say little
      }
      AtomicFile.at(file)
          .withMode(AtomicFile.OWNER_ONLY)
          .withTemporaryPrefix(".tmp-")
          .write(
              stream -> {
                Writer out = new OutputStreamWriter(stream, StandardCharsets.UTF_8);
                properties(registration)
                    .store(out, "a running caas-operator; removed when it stops");
                out.flush();
              });
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot register the operator in " + directory + ": " + e.getMessage(), e);
    }
    return new Entry(file);
  }

  /** A registration's file, removed when its operator stops. */
  public record Entry(Path file) implements AutoCloseable {
    @Override
    public void close() {
      try {
        Files.deleteIfExists(file);
      } catch (IOException e) {
        // the next reader finds it stale by its pid and removes it
      }
    }
  }

  /**
   * The operators that run now; files of those that do not (their operator was killed) are removed
   * on the way.
   */
  public List<Registration> live() {
    List<Registration> live = new ArrayList<>();
    for (Path file : files()) {
      Optional<Registration> registration = read(file);
      if (registration.isEmpty()) continue;
      if (OperatorDiscovery.isLive(registration.get(), ProcessSeen.of(registration.get().pid()))) {
        live.add(registration.get());
      } else {
        new Entry(file).close();
      }
    }
    return live;
  }

  private List<Path> files() {
    List<Path> files = new ArrayList<>();
    try (DirectoryStream<Path> stream = Files.newDirectoryStream(directory, PREFIX + "*")) {
      stream.forEach(files::add);
    } catch (NoSuchFileException e) {
      return List.of();
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot list the running operators in " + directory + ": " + e.getMessage(), e);
    }
    return files;
  }

  private static Properties properties(Registration registration) {
    Properties p = new Properties();
    p.setProperty("pid", Long.toString(registration.pid()));
    registration.started().ifPresent(s -> p.setProperty("started", s.toString()));
    p.setProperty("application", registration.application());
    p.setProperty("data-dir", registration.dataDir().toString());
    p.setProperty("url", registration.url().toString());
    if (!registration.applications().isEmpty())
      p.setProperty("applications", String.join(",", registration.applications()));
    return p;
  }

  /**
   * The registration in {@code file}; empty for one that vanished meanwhile (its operator stopped)
   * or that this version cannot read (it is not the CLI's to judge or remove).
   */
  static Optional<Registration> read(Path file) {
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      return Optional.empty();
    }
    return parse(text);
  }

  static Optional<Registration> parse(String text) {
    Properties p = new Properties();
    try (Reader in = new StringReader(text)) {
      p.load(in);
      String pid = p.getProperty("pid");
      String application = p.getProperty("application");
      String dataDir = p.getProperty("data-dir");
      String url = p.getProperty("url");
      if (pid == null || application == null || dataDir == null || url == null) {
        return Optional.empty();
      }
      Optional<Instant> started = Optional.ofNullable(p.getProperty("started")).map(Instant::parse);
      String applications = p.getProperty("applications", "");
      return Optional.of(
          new Registration(
              Long.parseLong(pid),
              started,
              application,
              Path.of(dataDir),
              URI.create(url),
              applications.isEmpty() ? List.of() : List.of(applications.split(","))));
    } catch (IOException | IllegalArgumentException | DateTimeParseException e) {
      return Optional.empty();
    }
  }
}
