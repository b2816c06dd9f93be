package io.caasoperator.app.juju;

import io.caasoperator.files.AtomicFile;
import io.caasoperator.files.RecursiveDelete;
import io.caasoperator.model.ModelName;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;
import java.util.UUID;

/**
 * The models of this user on disk, under {@link JujuHome}: {@code models/<name>/} each ({@link
 * ModelDirectory}), and {@code current-model}, the model a command without {@code -m} means (as
 * Juju's {@code models.yaml} keeps it per controller). Every file is written whole (a temporary
 * file renamed over it), so a reader never sees half of one; everything is private to the user
 * (0700 directories), since a model's directory holds its operator's credentials.
 */
public final class ModelStore {

  private static final String CURRENT = "current-model";
  private static final String MODELS = "models";
  private static final String TRASH = ".trash";

  private final Path home;

  public ModelStore(Path home) {
    this.home = home;
  }

  public Path home() {
    return home;
  }

  /**
   * Adds a model: claims its directory (an atomic mkdir, so two {@code add-model foo} cannot both
   * win), writes {@code bundle} as its bundle, then its info, last: a directory without info is a
   * model whose adding did not finish, which {@link #find} does not see and {@link #remove} clears.
   *
   * @throws JujuFailure when a model of that name exists (Juju's words)
   */
  public ModelDirectory create(ModelInfo info, String bundle) {
    try {
      Files.createDirectories(home.resolve(MODELS));
      restrict(home);
      restrict(home.resolve(MODELS));
      Path root = home.resolve(MODELS).resolve(info.name().value());
      try {
        Files.createDirectory(root);
      } catch (FileAlreadyExistsException e) {
        throw new JujuFailure(
            "failed to create new model: model "
                + ModelReference.quoted(info.name().value())
                + " for "
                + JujuDefaults.USER
                + " already exists");
      }
      restrict(root);
      ModelDirectory model = new ModelDirectory(info.name(), root);
      Files.createDirectories(model.dataDir());
      restrict(model.dataDir());
      writeWhole(model.bundle(), bundle);
      writeWhole(model.info(), properties(info));
      return model;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The model of that name, if it was added (and not destroyed). */
  public Optional<ModelDirectory> find(ModelName name) {
    ModelDirectory model = directory(name);
    return Files.isRegularFile(model.info()) ? Optional.of(model) : Optional.empty();
  }

  /**
   * The model of that name.
   *
   * @throws JujuFailure when there is none, as Juju says it
   */
  public ModelDirectory require(ModelName name) {
    return find(name).orElseThrow(() -> notFound(name));
  }

  /**
   * The model of that name, or what an add that did not finish left under its name (for {@code
   * destroy-model} to clear).
   *
   * @throws JujuFailure when there is neither
   */
  public ModelDirectory requireEvenUnfinished(ModelName name) {
    ModelDirectory model = directory(name);
    if (Files.isDirectory(model.root())) return model;
    throw notFound(name);
  }

  private static JujuFailure notFound(ModelName name) {
    return new JujuFailure("model " + JujuDefaults.qualified(name) + " not found");
  }

  /** The directory a model of that name has or would have. */
  public ModelDirectory directory(ModelName name) {
    return new ModelDirectory(name, home.resolve(MODELS).resolve(name.value()));
  }

  public ModelInfo info(ModelDirectory model) {
    try {
      return parse(model.name(), Files.readString(model.info(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Sets and resets model-config keys ({@code juju model-config k=v --reset k}); the info is
   * written whole.
   */
  public ModelInfo updateConfig(
      ModelDirectory model, Map<String, String> set, java.util.Collection<String> reset) {
    ModelInfo info = info(model);
    Map<String, String> config = new TreeMap<>(info.config());
    config.putAll(set);
    reset.forEach(config::remove);
    ModelInfo updated = new ModelInfo(info.name(), info.uuid(), info.created(), config);
    try {
      writeWhole(model.info(), properties(updated));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return updated;
  }

  /** Every model added, by name. */
  public List<ModelInfo> list() {
    List<ModelInfo> models = new ArrayList<>();
    try (DirectoryStream<Path> dirs = Files.newDirectoryStream(home.resolve(MODELS))) {
      for (Path dir : dirs) {
        String name = dir.getFileName().toString();
        if (!ModelName.isValid(name)) continue;
        find(new ModelName(name)).ifPresent(m -> models.add(info(m)));
      }
    } catch (NoSuchFileException e) {
      return List.of();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    models.sort(java.util.Comparator.comparing(m -> m.name().value()));
    return models;
  }

  /** The current model, if one is set and still exists. */
  public Optional<ModelName> current() {
    try {
      String text = Files.readString(home.resolve(CURRENT), StandardCharsets.UTF_8).strip();
      if (!ModelName.isValid(text)) return Optional.empty();
      ModelName name = new ModelName(text);
      return find(name).map(m -> name);
    } catch (NoSuchFileException e) {
      return Optional.empty();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public void setCurrent(ModelName name) {
    try {
      Files.createDirectories(home);
      restrict(home);
      writeWhole(home.resolve(CURRENT), name.value() + "\n");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Forgets the current model when it is {@code name} (destroyed). */
  public void clearCurrent(ModelName name) {
    if (current().filter(name::equals).isPresent()) {
      try {
        Files.deleteIfExists(home.resolve(CURRENT));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  /**
   * Removes a model's directory: first renamed into {@code .trash/} (so the name is free, and no
   * reader finds half a model), then deleted. Its operator must have stopped: a running one would
   * keep writing into the trash.
   */
  public void remove(ModelDirectory model) {
    try {
      if (!Files.exists(model.root())) return;
      Path trash = home.resolve(TRASH);
      Files.createDirectories(trash);
      Path moved = trash.resolve(model.name().value() + "-" + UUID.randomUUID());
      Files.move(model.root(), moved, StandardCopyOption.ATOMIC_MOVE);
      RecursiveDelete.delete(moved);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static String properties(ModelInfo info) {
    Properties p = new Properties();
    p.setProperty("name", info.name().value());
    p.setProperty("uuid", info.uuid().toString());
    p.setProperty("created", info.created().toString());
    info.config().forEach((k, v) -> p.setProperty("config." + k, v));
    StringWriter out = new StringWriter();
    try {
      p.store(out, "a model of juju on this machine (caas-operator)");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toString();
  }

  static ModelInfo parse(ModelName name, String text) {
    Properties p = new Properties();
    try {
      p.load(new StringReader(text));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Map<String, String> config = new TreeMap<>();
    for (String key : p.stringPropertyNames()) {
      if (key.startsWith("config.")) config.put(key.substring(7), p.getProperty(key));
    }
    return new ModelInfo(
        name,
        UUID.fromString(p.getProperty("uuid")),
        Instant.parse(p.getProperty("created")),
        config);
  }

  /** Writes {@code content} through a temporary file renamed over {@code target}. */
  static void writeWhole(Path target, String content) throws IOException {
    // 0600, as Files.createTempFile made it before: the model directory is private to the user.
    AtomicFile.at(target).withMode(AtomicFile.OWNER_ONLY).write(content, StandardCharsets.UTF_8);
  }

  /**
   * Renames {@code written} (in {@code target}'s directory) over {@code target}, atomically where
   * the file system can.
   */
  static void replace(Path written, Path target) throws IOException {
    try {
      Files.move(
          written, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(written, target, StandardCopyOption.REPLACE_EXISTING);
    }
  }

  private static void restrict(Path dir) {
    try {
      Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
    } catch (UnsupportedOperationException | IOException e) {
      // a file system without modes: nothing to restrict
    }
  }
}
