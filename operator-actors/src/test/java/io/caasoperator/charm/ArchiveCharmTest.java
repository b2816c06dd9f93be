package io.caasoperator.charm;

import static io.caasoperator.charm.CharmFailures.permanent;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.caasoperator.domain.CharmRef;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.Executors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Charms given as .charm/.zip archives: safe unpacking, modes, limits and digests. */
class ArchiveCharmTest {
  @TempDir Path tmp;

  private Path charms() {
    return tmp.resolve("data/charms");
  }

  private CharmStore store(UnpackLimits limits) {
    return new CharmStore(charms(), limits);
  }

  private CharmStore store() {
    return store(UnpackLimits.DEFAULT);
  }

  private static CharmRef ref(Path archive) {
    return new CharmRef(archive.toString(), null, 0, false);
  }

  private Path archive(CharmFiles files) {
    return files.writeZip(tmp.resolve("src/charm-" + System.nanoTime() + ".charm"));
  }

  /**
   * What is wrong with {@code charm} as an archive: its deployment to {@code store} fails for good,
   * naming the archive as the user did (its path).
   */
  private String problemOf(CharmStore store, CharmFiles charm) {
    Path archive = archive(charm);
    CharmException failure = permanent(() -> store.deploy(ref(archive)));
    assertThat(failure.charm()).isEqualTo(archive.toString());
    return failure.problem();
  }

  private String problemOf(CharmFiles charm) {
    return problemOf(store(), charm);
  }

  /** Only the sha256 directories are left: every temp directory was renamed or deleted. */
  private void assertNoLeftovers() throws Exception {
    if (!Files.exists(charms())) return;
    try (Stream<Path> children = Files.list(charms())) {
      assertThat(children.map(p -> p.getFileName().toString()))
          .allMatch(n -> n.matches("[0-9a-f]{64}"));
    }
  }

  @Test
  void archiveCharmIsUnpackedUnderItsDigestKeepingExecutableBits() throws Exception {
    Path archive =
        archive(
            CharmFiles.named("redis")
                .executable("hooks/install", "#!/bin/sh\n")
                .file("hooks/notes.txt", "not a hook\n")
                .file("src/lib.sh", "lib\n"));

    DeployedCharm deployed = store().deploy(ref(archive));

    assertThat(deployed.info().sha256()).isEqualTo(ContentDigest.ofFile(archive));
    assertThat(deployed.dir()).isEqualTo(charms().resolve(deployed.info().sha256()));
    assertThat(deployed.info().hooks()).containsExactly("install");
    assertThat(Files.getPosixFilePermissions(deployed.dir().resolve("hooks/install")))
        .isEqualTo(FileModes.fromMode(0755));
    assertThat(FileModes.isExecutable(deployed.dir().resolve("src/lib.sh"))).isFalse();
    assertThat(deployed.dir().resolve("src/lib.sh")).hasContent("lib");
  }

  @Test
  void archiveSymlinkInsideTheCharmIsKept() throws Exception {
    Path archive =
        archive(
            CharmFiles.named("ops")
                .executable("src/charm.py", "#!/usr/bin/env python3\n")
                .symlink("hooks/install", "../src/charm.py"));

    DeployedCharm deployed = store().deploy(ref(archive));

    assertThat(Files.readSymbolicLink(deployed.dir().resolve("hooks/install")))
        .isEqualTo(Path.of("../src/charm.py"));
    assertThat(deployed.info().hooks()).containsExactly("install");
  }

  @Test
  void archiveEntryEscapingTheCharmIsRejected() throws Exception {
    assertThat(problemOf(CharmFiles.named("evil").file("../evil", "boom")))
        .isEqualTo("archive entry \"../evil\": path escapes the charm");
    assertThat(charms().resolveSibling("evil")).doesNotExist();
    assertNoLeftovers();
  }

  @Test
  void archiveEntryWithDotDotInTheMiddleIsRejected() {
    assertThat(problemOf(CharmFiles.named("evil").file("hooks/../../../evil", "boom")))
        .endsWith("archive entry \"hooks/../../../evil\": path escapes the charm");
  }

  @Test
  void absoluteArchiveEntryIsRejected() {
    assertThat(problemOf(CharmFiles.named("evil").file("/x", "boom")))
        .endsWith("archive entry \"/x\": path escapes the charm");
  }

  @Test
  void archiveSymlinkToAnAbsolutePathIsRejected() {
    assertThat(problemOf(CharmFiles.named("evil").symlink("hooks/install", "/etc/passwd")))
        .endsWith("archive entry \"hooks/install\": symlink to \"/etc/passwd\" escapes the charm");
  }

  @Test
  void archiveSymlinkClimbingOutOfTheCharmIsRejected() throws Exception {
    assertThat(problemOf(CharmFiles.named("evil").symlink("data", "../..")))
        .endsWith("archive entry \"data\": symlink to \"../..\" escapes the charm");
    assertNoLeftovers();
  }

  @Test
  void chainOfSymlinksThatLooksInsideButClimbsOutIsRejected() {
    // "self" points at the charm root, so "self/self/../.." is really two levels above it.
    CharmFiles charm =
        CharmFiles.named("evil").symlink("self", ".").symlink("out", "self/self/../..");

    assertThat(problemOf(charm))
        .endsWith("\"out\": symlink to \"self/self/../..\" escapes the charm");
  }

  @Test
  void archiveEntryWrittenThroughASymlinkIsRejected() {
    CharmFiles charm =
        CharmFiles.named("evil")
            .symlink("lib", "src")
            .file("src/keep", "x")
            .file("lib/evil", "boom");

    assertThat(problemOf(charm))
        .endsWith("archive entry \"lib/evil\": path goes through a symlink");
  }

  @Test
  void archiveWithTooManyEntriesIsRejected() {
    CharmFiles files = CharmFiles.named("many");
    for (int i = 0; i < 10; i++) files.file("files/f" + i, "x");

    assertThat(problemOf(store(new UnpackLimits(5, 1_000_000)), files))
        .isEqualTo("archive has more than 5 entries");
  }

  @Test
  void archiveUnpackingToTooManyBytesIsRejected() throws Exception {
    CharmFiles charm = CharmFiles.named("big").file("blob", "x".repeat(5_000));

    assertThat(problemOf(store(new UnpackLimits(100, 1_000)), charm))
        .isEqualTo("archive unpacks to more than 1000 bytes");
    assertNoLeftovers();
  }

  @Test
  void archiveUnderstatingItsSizesIsStoppedByTheBytesActuallyInflated() {
    CharmFiles charm = CharmFiles.named("bomb").understated("blob", new byte[50_000], 10);

    assertThat(problemOf(store(new UnpackLimits(100, 1_000)), charm))
        .endsWith("archive unpacks to more than 1000 bytes");
  }

  @Test
  void archiveWithTwoEntriesOfOneNameIsRejected() throws Exception {
    // java.util.zip writes no two entries of one name: the second is renamed in the written bytes
    byte[] zip =
        CharmFiles.named("twice")
            .file("hooks/install", "#!/bin/sh\n")
            .file("hooks/instalX", "#!/bin/sh\nevil\n")
            .zipBytes();
    Path archive =
        Files.write(
            tmp.resolve("twice.charm"),
            new String(zip, StandardCharsets.ISO_8859_1)
                .replace("hooks/instalX", "hooks/install")
                .getBytes(StandardCharsets.ISO_8859_1));

    CharmException failure = permanent(() -> store().deploy(ref(archive)));
    assertThat(failure.getMessage())
        .isEqualTo("charm " + archive + ": archive entry \"hooks/install\": duplicate entry");
    assertNoLeftovers();
  }

  @Test
  void archiveWithoutMetadataIsNotACharm() {
    assertThat(problemOf(CharmFiles.empty().file("README.md", "hi")))
        .isEqualTo("not a charm: no metadata.yaml or charmcraft.yaml");
  }

  @Test
  void fileThatIsNotAZipIsRejected() throws Exception {
    Path notZip = Files.writeString(tmp.resolve("notes.charm"), "just text");

    CharmException failure = permanent(() -> store().deploy(ref(notZip)));
    assertThat(failure.problem()).startsWith("not a valid charm archive: ");
  }

  @Test
  void archiveNotMatchingTheGivenDigestIsRejectedNamingBoth() throws Exception {
    Path archive = archive(CharmFiles.named("redis"));
    String actual = ContentDigest.ofFile(archive);
    String expected = "ab".repeat(32);

    assertThatThrownBy(() -> store().deploy(new CharmRef(archive.toString(), expected, 0, false)))
        .hasMessage(
            "charm " + archive + ": sha256 mismatch: expected " + expected + ", got " + actual);
    assertThat(charms().resolve(actual)).doesNotExist();
  }

  @Test
  void fileUrlIsDeployedLikeItsPath() throws Exception {
    Path archive = archive(CharmFiles.named("redis"));
    String url = archive.toUri().toString();

    DeployedCharm deployed =
        store().deploy(new CharmRef(url, ContentDigest.ofFile(archive), 0, false));

    assertThat(deployed.info().name()).isEqualTo("redis");
    assertThat(deployed.info().ref().url()).isEqualTo(url);
  }

  @Test
  void deployingTheSameArchiveTwiceUnpacksItOnce() throws Exception {
    Path archive = archive(CharmFiles.named("redis"));

    SecondDeploy.reusesTheFirstDirectory(store(), ref(archive));
  }

  @Test
  void racingDeploysOfTheSameArchiveShareOneDirectory() throws Exception {
    Path archive = archive(CharmFiles.named("redis").executable("hooks/install", "#!/bin/sh\n"));
    var barrier = new CyclicBarrier(2);
    Callable<DeployedCharm> deploy =
        () -> {
          CharmStore store = store();
          barrier.await();
          return store.deploy(ref(archive));
        };

    try (var executor = Executors.newFixedThreadPool(2)) {
      var a = executor.submit(deploy);
      var b = executor.submit(deploy);
      assertThat(a.get().dir()).isEqualTo(b.get().dir());
    }
    assertNoLeftovers();
  }
}
