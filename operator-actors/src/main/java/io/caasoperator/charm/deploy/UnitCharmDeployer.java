package io.caasoperator.charm.deploy;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.caasoperator.charm.IoProblems;
import io.caasoperator.charm.RunnableFiles;
import io.caasoperator.files.AtomicFile;
import io.caasoperator.files.RecursiveDelete;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Gives each unit its own charm directory, {@code agents/unit-<app>-<n>/charm/}, deployed from the
 * stored charm ({@code charms/<sha256>/}, unpacked once) the way Juju's manifest deployer does
 * ({@code worker/uniter/charm/manifest_deployer.go}): the charm's files are copied in, a manifest
 * of what was placed is kept beside the directory, and a later version replaces the charm's files,
 * removes those it dropped and leaves alone whatever the unit wrote itself, such as the {@code
 * .unit-state.db} where {@code ops} keeps stored state and deferred events.
 *
 * <p><b>Copies, never links.</b> Hooks run as the operator's own user, who can {@code chmod} and
 * rewrite any file it owns: a hard link shared with the store or another unit, read-only or not,
 * would let one unit's hook change every unit's charm. Each unit gets its own files. The copy is
 * {@link Files#copy}, which on Linux clones the file (a reflink) where the filesystem can (btrfs,
 * XFS): the blocks are then shared until either copy is written, and a write changes only the
 * writer's copy. On ext4 and tmpfs it is a full copy (see README, "Data directory", for the cost).
 *
 * <p><b>Crash safety</b>, by the order of the steps (each file written atomically, by a rename):
 *
 * <ol>
 *   <li>{@value #DEPLOYING} records the version being deployed and every path any version may have
 *       placed (the old manifest's, an earlier interrupted deploy's, the new version's);
 *   <li>the completed manifest {@value #MANIFEST_PREFIX}{@code <version>} is deleted, so from here
 *       on no one takes the directory for a finished deploy;
 *   <li>paths placed earlier and not in the new version are removed; the new version's files are
 *       written;
 *   <li>the new manifest is written (last: only a complete directory has one), then {@value
 *       #DEPLOYING} is deleted.
 * </ol>
 *
 * A deploy interrupted anywhere and run again (for the same or another version) ends in the right
 * state: {@value #DEPLOYING} tells it which paths may be the charm's. Not fsynced: a killed process
 * loses nothing, a power cut may (as for the journal without {@code caas.journal.fsync}).
 *
 * <p>The usual case, the unit already has that version, costs one {@code stat} of its manifest.
 *
 * <p>Deploys into one unit take turns (a unit runs one hook at a time, but a restarted unit actor
 * may start a hook while its previous incarnation's start is still deploying); deploys into
 * different units run in parallel.
 */
public final class UnitCharmDeployer {
  /** The unit's charm directory inside its agent directory; {@code JUJU_CHARM_DIR} points here. */
  public static final String CHARM_DIR = "charm";

  /** Followed by the version: one {@code stat} tells whether the unit has that version. */
  static final String MANIFEST_PREFIX = ".charm-manifest-";

  static final String DEPLOYING = ".charm-deploying";
  private static final String TEMP_PREFIX = ".charm-tmp-";
  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * Striped: one lock per unit would grow with every unit ever seen. ReentrantLock, not
   * synchronized: a deploy blocks on file I/O and runs on virtual threads.
   */
  private static final Lock[] UNIT_LOCKS = new Lock[64];

  static {
    for (int i = 0; i < UNIT_LOCKS.length; i++) UNIT_LOCKS[i] = new ReentrantLock();
  }

  /**
   * Told of every step a deploy completes; the tests stop a deploy there, as a crash would. Nothing
   * else observes the steps.
   */
  interface Checkpoints {
    Checkpoints NONE = step -> {};

    void reached(String step) throws IOException;
  }

  private final Checkpoints checkpoints;

  /**
   * Manifests of stored charms, which never change once stored: every unit deploying a version
   * walks it once in all. Keyed by the directory and its inode, so a stored charm replaced (a
   * damaged one, see {@code CharmStore}) is walked again. A few versions are in use at once.
   */
  private final Map<Object, CharmManifest> storedManifests =
      Collections.synchronizedMap(
          new LinkedHashMap<>(8, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Object, CharmManifest> eldest) {
              return size() > 4;
            }
          });

  public UnitCharmDeployer() {
    this(Checkpoints.NONE);
  }

  UnitCharmDeployer(Checkpoints checkpoints) {
    this.checkpoints = checkpoints;
  }

  /** The unit's charm directory for {@code unitDir}. */
  public static Path charmDirOf(Path unitDir) {
    return unitDir.resolve(CHARM_DIR);
  }

  /**
   * Makes {@code unitDir/charm} hold the stored charm {@code storedCharm} ({@code charms/<v>/}),
   * creating the unit directory when missing. Blocking: file I/O.
   *
   * @throws IOException when the directory cannot be made right; the unit can run its next hook
   *     once the cause is fixed, and the deploy then resumes
   */
  public UnitCharmDeployment deploy(Path storedCharm, Path unitDir) throws IOException {
    String version = storedCharm.getFileName().toString();
    if (!CharmManifest.isVersion(version)) {
      throw new IllegalArgumentException("not a stored charm directory: " + storedCharm);
    }
    Path charmDir = charmDirOf(unitDir);
    Path manifest = unitDir.resolve(MANIFEST_PREFIX + version);
    if (Files.exists(manifest, LinkOption.NOFOLLOW_LINKS)) {
      return new UnitCharmDeployment(version, charmDir, false, 0, 0, false);
    }
    Lock lock =
        UNIT_LOCKS[
            Math.floorMod(unitDir.toAbsolutePath().normalize().hashCode(), UNIT_LOCKS.length)];
    lock.lock();
    try {
      if (Files.exists(manifest, LinkOption.NOFOLLOW_LINKS)) { // deployed while we waited
        return new UnitCharmDeployment(version, charmDir, false, 0, 0, false);
      }
      return deployVersion(storedCharm, version, unitDir, charmDir);
    } catch (IOException e) {
      throw new IOException(
          "cannot deploy charm " + version + " into " + charmDir + ": " + IoProblems.describe(e),
          e);
    } finally {
      lock.unlock();
    }
  }

  private UnitCharmDeployment deployVersion(
      Path storedCharm, String version, Path unitDir, Path charmDir) throws IOException {
    Files.createDirectories(unitDir);
    CharmManifest target = storedManifest(storedCharm);
    UnitFiles found = UnitFiles.in(unitDir);
    List<CharmManifest> completed = new ArrayList<>();
    for (Path file : found.manifests()) readManifest(file).ifPresent(completed::add);
    Optional<CharmManifest> interrupted =
        (found.deploying()
                ? readManifest(unitDir.resolve(DEPLOYING))
                : Optional.<CharmManifest>empty())
            // A deploy that wrote its manifest but was stopped before removing this file is
            // complete.
            .filter(
                deploying ->
                    completed.stream()
                        .noneMatch(done -> done.version().equals(deploying.version())));
    Set<String> mayBePlaced = new TreeSet<>();
    completed.forEach(manifest -> mayBePlaced.addAll(manifest.paths()));
    interrupted.ifPresent(manifest -> mayBePlaced.addAll(manifest.paths()));
    DeployPlan plan = DeployPlan.of(mayBePlaced, target);

    Set<String> deploying = new TreeSet<>(mayBePlaced);
    deploying.addAll(target.paths());
    writeAtomically(unitDir, DEPLOYING, new CharmManifest(version, new TreeSet<>(deploying)));
    checkpoints.reached("deploying recorded");
    for (CharmManifest manifest : completed) {
      Files.deleteIfExists(unitDir.resolve(MANIFEST_PREFIX + manifest.version()));
    }
    checkpoints.reached("completed manifests deleted");

    ensureDirectory(charmDir, null);
    int removed = 0;
    for (String path : plan.remove()) {
      if (underRealDirectories(charmDir, path) && delete(charmDir.resolve(path))) removed++;
      checkpoints.reached("removed " + path);
    }
    for (String path : plan.write()) {
      place(storedCharm, charmDir, path);
      checkpoints.reached("wrote " + path);
    }
    RunnableFiles.makeRunnable(
        charmDir); // hooks linked to files an older store left without the bit

    writeAtomically(unitDir, MANIFEST_PREFIX + version, target);
    checkpoints.reached("manifest written");
    Files.deleteIfExists(unitDir.resolve(DEPLOYING));
    return new UnitCharmDeployment(
        version, charmDir, true, plan.write().size(), removed, interrupted.isPresent());
  }

  private CharmManifest storedManifest(Path storedCharm) throws IOException {
    Object key =
        List.of(
            storedCharm.toAbsolutePath(),
            String.valueOf(Files.readAttributes(storedCharm, BasicFileAttributes.class).fileKey()));
    CharmManifest known = storedManifests.get(key);
    if (known != null) return known;
    CharmManifest manifest = CharmManifest.of(storedCharm);
    storedManifests.put(key, manifest);
    return manifest;
  }

  /** Places one path of the stored charm, replacing whatever the unit has there. */
  private static void place(Path storedCharm, Path charmDir, String path) throws IOException {
    Path source = storedCharm.resolve(path);
    Path target = charmDir.resolve(path);
    PosixFileAttributes attributes =
        Files.readAttributes(source, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    if (attributes.isDirectory()) {
      ensureDirectory(target, attributes.permissions());
    } else if (attributes.isSymbolicLink()) {
      delete(target);
      Files.createSymbolicLink(target, Files.readSymbolicLink(source));
    } else {
      // A new file, not a rewrite in place: a daemon running the old one keeps running it.
      delete(target);
      ExecutableWrites.write(() -> Files.copy(source, target, LinkOption.NOFOLLOW_LINKS));
      Set<PosixFilePermission> permissions = withOwnerAccess(attributes.permissions());
      Files.setPosixFilePermissions(
          target,
          RunnableFiles.isRunnable(path) ? RunnableFiles.runnable(permissions) : permissions);
    }
  }

  /**
   * A real directory at {@code dir} (a symlink or file there is replaced), writable by its owner.
   */
  private static void ensureDirectory(Path dir, Set<PosixFilePermission> permissions)
      throws IOException {
    if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
      delete(dir);
      Files.createDirectory(dir);
    }
    if (permissions != null) {
      Set<PosixFilePermission> wanted = withOwnerAccess(permissions);
      wanted.add(PosixFilePermission.OWNER_EXECUTE);
      Files.setPosixFilePermissions(dir, wanted);
    }
  }

  /**
   * Whether every directory on the way to {@code path} is a real directory inside the charm
   * directory. A unit may have replaced one of the charm's directories with a symlink; a path
   * through it is no longer one the charm placed, and removing it would reach outside.
   */
  private static boolean underRealDirectories(Path charmDir, String path) {
    Path dir = charmDir;
    String[] names = path.split("/");
    for (int i = 0; i < names.length - 1; i++) {
      dir = dir.resolve(names[i]);
      if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) return false;
    }
    return true;
  }

  /** Removes a file, link or directory tree without following links; true when there was one. */
  private static boolean delete(Path path) throws IOException {
    BasicFileAttributes attributes;
    try {
      attributes = Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    } catch (NoSuchFileException e) {
      return false;
    }
    if (attributes.isDirectory()) {
      RecursiveDelete.delete(path);
    } else {
      Files.delete(path);
    }
    return true;
  }

  private static Set<PosixFilePermission> withOwnerAccess(Set<PosixFilePermission> permissions) {
    return RunnableFiles.with(
        permissions, PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);
  }

  /**
   * The manifest in {@code file}, or empty when there is none. One that cannot be read as a
   * manifest is an error: guessing would remove the unit's files or leave the charm's behind.
   */
  private static Optional<CharmManifest> readManifest(Path file) throws IOException {
    try {
      return Optional.of(JSON.readValue(file.toFile(), CharmManifest.class));
    } catch (NoSuchFileException | FileNotFoundException e) {
      return Optional.empty();
    } catch (JacksonException e) {
      throw new IOException(
          file
              + " is damaged ("
              + e.getOriginalMessage()
              + "); delete the unit's charm directory and its .charm-* files to deploy it afresh",
          e);
    }
  }

  private static void writeAtomically(Path unitDir, String name, CharmManifest manifest)
      throws IOException {
    // The prefix lets UnitFiles sweep up a temporary a crash left behind.
    AtomicFile.at(unitDir.resolve(name))
        .withTemporaryPrefix(TEMP_PREFIX)
        .write(JSON.writeValueAsBytes(manifest));
  }

  /**
   * The deployer's files in a unit's directory, from one listing: completed manifests, whether a
   * deploy was interrupted, and temporaries a crash left between writing a manifest and renaming it
   * (removed here).
   */
  private record UnitFiles(List<Path> manifests, boolean deploying) {
    static UnitFiles in(Path unitDir) throws IOException {
      List<Path> manifests = new ArrayList<>();
      boolean deploying = false;
      try (DirectoryStream<Path> files = Files.newDirectoryStream(unitDir, ".charm-*")) {
        for (Path file : files) {
          String name = file.getFileName().toString();
          if (name.startsWith(MANIFEST_PREFIX)) manifests.add(file);
          else if (name.equals(DEPLOYING)) deploying = true;
          else if (name.startsWith(TEMP_PREFIX)) Files.deleteIfExists(file);
        }
      }
      return new UnitFiles(manifests, deploying);
    }
  }
}
