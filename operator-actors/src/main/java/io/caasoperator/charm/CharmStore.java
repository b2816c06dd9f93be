package io.caasoperator.charm;

import io.caasoperator.domain.CharmInfo;
import io.caasoperator.domain.CharmRef;
import io.caasoperator.files.RecursiveDelete;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The charms directory: one unpacked, validated directory per charm version, named by its sha256. A
 * version is fetched and unpacked once however many units use it; a new version is prepared in a
 * temp directory and renamed into place atomically, so a reader never sees half a charm and the
 * previous version stays untouched for units that have not switched yet.
 *
 * <p>Blocking: callers run it off actor threads. Safe for concurrent deploys; two deploys of the
 * same version agree on one directory.
 */
public final class CharmStore {
  private static final Pattern SHA256 = Pattern.compile("[0-9a-f]{64}");

  /** Temp directories start with a dot so they can never be mistaken for a sha256 directory. */
  private static final String TEMP_PREFIX = ".tmp-";

  private final Path charmsDir;
  private final Path downloadsDir;
  private final CharmFetcher fetcher;
  private final ArchiveUnpacker unpacker;
  private final DirectoryCopier copier;
  private final CharmLoader loader = new CharmLoader();

  /**
   * @param charmsDir {@code <data-dir>/charms}; created on first deploy
   * @param limits what an archive or directory charm may contain
   */
  public CharmStore(Path charmsDir, UnpackLimits limits) {
    this.charmsDir = charmsDir.toAbsolutePath().normalize();
    this.downloadsDir = this.charmsDir.resolve("downloads");
    this.fetcher = new CharmFetcher(downloadsDir, limits);
    this.unpacker = new ArchiveUnpacker(limits);
    this.copier = new DirectoryCopier(limits);
  }

  /**
   * Blocking. Fetches ref (local dir, local .charm/.zip file, file: URL, http(s): URL), verifies
   * its sha256 when given (required for http(s)), unpacks or copies it into a temp directory under
   * charmsDir, loads and validates it, then renames it atomically to {@code charmsDir/<sha256>/}.
   * An existing {@code charmsDir/<sha256>/} is reused. The result has generation 0.
   */
  public DeployedCharm deploy(CharmRef ref) throws CharmException {
    String charm = ref.url();
    if (ref.sha256() != null) requireDigest(charm, ref.sha256());
    return switch (fetcher.locate(ref)) {
      case CharmSource.LocalDirectory dir -> deployDirectory(ref, dir.path());
      case CharmSource.LocalArchive archive -> deployArchive(ref, archive.path());
      case CharmSource.RemoteArchive remote -> {
        Path part = fetcher.download(charm, remote.uri());
        try {
          yield deployArchive(ref, part);
        } finally {
          RecursiveDelete.quietly(part);
        }
      }
    };
  }

  /**
   * Non-fetching: the charm in {@code charmsDir/<sha256>/} when it exists and loads (generation 0).
   */
  public Optional<DeployedCharm> deployed(CharmRef ref, String sha256) throws CharmException {
    requireDigest(ref.url(), sha256);
    Path dir = dirOf(sha256);
    if (!Files.isDirectory(dir)) return Optional.empty();
    try {
      return Optional.of(new DeployedCharm(dir, loader.load(ref.url(), dir, ref, sha256)));
    } catch (CharmException e) {
      // Not loadable (e.g. damaged by hand): the caller deploys it again, which replaces it.
      return Optional.empty();
    }
  }

  /** {@code charmsDir/<sha256>}; the sha256 must be 64 lower-case hex digits. */
  public Path dirOf(String sha256) {
    if (sha256 == null || !SHA256.matcher(sha256).matches()) {
      throw new IllegalArgumentException("not a sha256 digest: " + sha256);
    }
    return charmsDir.resolve(sha256);
  }

  /**
   * Removes what a crash can leave behind: {@code downloads/*} and unfinished temp directories.
   * Call it at start-up, before any deploy: a deploy in progress uses the same places.
   *
   * @return how many downloads and temp directories were removed
   */
  public int removePartialDownloads() {
    int removed = 0;
    removed += removeChildren(downloadsDir, path -> true);
    removed +=
        removeChildren(charmsDir, path -> path.getFileName().toString().startsWith(TEMP_PREFIX));
    return removed;
  }

  /**
   * A directory is copied first and digested as copied: the copy is bounded by the limits (a
   * mistyped "/" stops early instead of being hashed whole) and it is exactly what the digest
   * names, even if the source changes meanwhile.
   */
  private DeployedCharm deployDirectory(CharmRef ref, Path source) throws CharmException {
    String charm = ref.url();
    Path temp = newTempDir(charm);
    try {
      copier.copy(charm, source, temp);
      String sha256 = digest(charm, () -> ContentDigest.ofDirectory(temp));
      verify(ref, sha256);
      Optional<DeployedCharm> existing = deployed(ref, sha256);
      if (existing.isPresent()) return existing.get();
      SymlinkGuard.checkTree(charm, temp);
      return install(ref, sha256, temp);
    } finally {
      RecursiveDelete.quietly(temp);
    }
  }

  private DeployedCharm deployArchive(CharmRef ref, Path archive) throws CharmException {
    String charm = ref.url();
    String sha256 = digest(charm, () -> ContentDigest.ofFile(archive));
    verify(ref, sha256);
    Optional<DeployedCharm> existing = deployed(ref, sha256);
    if (existing.isPresent()) return existing.get();
    Path temp = newTempDir(charm);
    try {
      unpacker.unpack(charm, archive, temp);
      return install(ref, sha256, temp);
    } finally {
      RecursiveDelete.quietly(temp);
    }
  }

  /** Validates the prepared charm, then renames it into place (or reuses a racing deploy's). */
  private DeployedCharm install(CharmRef ref, String sha256, Path temp) throws CharmException {
    String charm = ref.url();
    CharmInfo info = loader.load(charm, temp, ref, sha256);
    prepareToRun(charm, temp);
    Path target = dirOf(sha256);
    if (Files.exists(target) && deployed(ref, sha256).isEmpty()) discardDamaged(charm, target);
    try {
      Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
    } catch (AtomicMoveNotSupportedException e) {
      throw new CharmException(charm, "cannot rename into " + charmsDir + " atomically", false, e);
    } catch (IOException e) {
      // Another deploy of the same version won the rename: use its directory.
      Optional<DeployedCharm> winner = deployed(ref, sha256);
      if (winner.isPresent()) return winner.get();
      throw new CharmException(charm, "cannot install charm: " + IoProblems.describe(e), true, e);
    }
    return new DeployedCharm(target, info);
  }

  /**
   * Makes the stored charm look as {@code charmcraft pack} leaves a charm, after its digest was
   * taken (the digest names what the user gave): the {@code metadata.yaml}, {@code config.yaml} and
   * {@code actions.yaml} a {@code charmcraft.yaml}-only source lacks, which {@code ops} reads at
   * run time, and the execute bit on {@code dispatch}, hooks and actions. Units copy it from here,
   * and so does the Kubernetes substrate into its pods.
   */
  private static void prepareToRun(String charm, Path temp) throws CharmException {
    try {
      Optional<CharmcraftProject> project = CharmcraftProject.in(charm, temp);
      if (project.isPresent()) project.get().writePackedFiles(temp);
      RunnableFiles.makeRunnable(temp);
    } catch (IOException e) {
      throw new CharmException(charm, "cannot prepare charm: " + IoProblems.describe(e), true, e);
    }
  }

  /**
   * A sha256 directory that no longer loads is moved aside first, so the rename can take its name.
   */
  private void discardDamaged(String charm, Path target) throws CharmException {
    Path aside = charmsDir.resolve(TEMP_PREFIX + UUID.randomUUID());
    try {
      Files.move(target, aside, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      if (Files.exists(target)) {
        throw new CharmException(
            charm, "cannot replace damaged " + target + ": " + IoProblems.describe(e), true, e);
      }
    }
    RecursiveDelete.quietly(aside);
  }

  private Path newTempDir(String charm) throws CharmException {
    try {
      Files.createDirectories(charmsDir);
      return Files.createDirectory(charmsDir.resolve(TEMP_PREFIX + UUID.randomUUID()));
    } catch (IOException e) {
      throw new CharmException(
          charm, "cannot write charms directory: " + IoProblems.describe(e), true, e);
    }
  }

  private static void verify(CharmRef ref, String actual) throws CharmException {
    if (ref.sha256() != null && !ref.sha256().equals(actual)) {
      throw new CharmException(
          ref.url(), "sha256 mismatch: expected " + ref.sha256() + ", got " + actual, false);
    }
  }

  private static void requireDigest(String charm, String sha256) throws CharmException {
    if (sha256 == null || !SHA256.matcher(sha256).matches()) {
      throw new CharmException(
          charm, "sha256 \"" + sha256 + "\" is not 64 lower-case hex digits", false);
    }
  }

  private interface DigestSource {
    String compute() throws IOException;
  }

  private static String digest(String charm, DigestSource source) throws CharmException {
    try {
      return source.compute();
    } catch (IOException e) {
      throw new CharmException(charm, "cannot read charm: " + IoProblems.describe(e), true, e);
    }
  }

  private static int removeChildren(Path dir, java.util.function.Predicate<Path> which) {
    if (!Files.isDirectory(dir)) return 0;
    int removed = 0;
    try (Stream<Path> children = Files.list(dir)) {
      for (Path child : (Iterable<Path>) children::iterator) {
        if (!which.test(child)) continue;
        try {
          RecursiveDelete.delete(child);
          removed++;
        } catch (IOException e) {
          // Left for the next start; a leftover wastes space but breaks nothing.
        }
      }
    } catch (IOException e) {
      // Same: cleaning up is best effort.
    }
    return removed;
  }
}
