package io.caasoperator.charm.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.caasoperator.charm.CharmFiles;
import io.caasoperator.files.RecursiveDelete;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each unit's own charm directory, deployed and upgraded as Juju's manifest deployer does. */
class UnitCharmDeployerTest {
  @TempDir Path tmp;

  private final UnitCharmDeployer deployer = new UnitCharmDeployer();

  /** A charm of this {@code version} whose dispatch runs src/charm.py, start linked to it. */
  private static CharmFiles dispatching(String version) {
    return CharmFiles.named("db")
        .symlink("hooks/start", "../dispatch")
        .executable("dispatch", "#!/bin/sh\nexec ./src/charm.py\n")
        .executable("src/charm.py", "#!/bin/sh\n# " + version + "\n");
  }

  /** Version 1: hooks stored without the execute bit, as a charm from git often has them. */
  private Path v1() {
    return dispatching("v1")
        .file("hooks/install", "#!/bin/sh\necho v1\n")
        .file("hooks/old-hook", "#!/bin/sh\n")
        .file("lib/old/helper.sh", "old()\n")
        .file("templates/db.conf", "v1\n")
        .writeDirectory(tmp.resolve("charms/1111"));
  }

  /** Version 2: install changed, old-hook and lib/old/ dropped, templates/extra.conf added. */
  private Path v2() {
    return dispatching("v2")
        .file("hooks/install", "#!/bin/sh\necho v2\n")
        .file("templates/db.conf", "v2\n")
        .file("templates/extra.conf", "new\n")
        .writeDirectory(tmp.resolve("charms/2222"));
  }

  private Path v3() {
    return CharmFiles.named("db")
        .executable("dispatch", "#!/bin/sh\n# v3\n")
        .writeDirectory(tmp.resolve("charms/3333"));
  }

  private Path unit(int n) {
    return tmp.resolve("agents/unit-db-" + n);
  }

  /** What a unit writes into its charm directory: ops' state file, Python's byte code. */
  private static void unitWrites(Path charmDir) throws IOException {
    Files.writeString(charmDir.resolve(".unit-state.db"), "stored state and deferred events");
    Files.createDirectories(charmDir.resolve("src/__pycache__"));
    Files.writeString(charmDir.resolve("src/__pycache__/charm.cpython-312.pyc"), "bytecode");
  }

  @Test
  void aFirstDeployCopiesTheCharmMakesItsHooksExecutableAndKeepsAManifestBesideIt()
      throws Exception {
    Path stored = v1();

    UnitCharmDeployment deployment = deployer.deploy(stored, unit(0));

    Path charmDir = unit(0).resolve("charm");
    assertThat(deployment).isEqualTo(new UnitCharmDeployment("1111", charmDir, true, 13, 0, false));
    assertThat(charmDir.resolve("templates/db.conf")).hasContent("v1");
    assertThat(Files.readSymbolicLink(charmDir.resolve("hooks/start")))
        .isEqualTo(Path.of("../dispatch"));
    assertThat(
            PosixFilePermissions.toString(
                Files.getPosixFilePermissions(charmDir.resolve("hooks/install"))))
        .isEqualTo("rwxr-xr-x");
    assertThat(
            PosixFilePermissions.toString(
                Files.getPosixFilePermissions(stored.resolve("hooks/install"))))
        .as("the store as it was")
        .isEqualTo("rw-r--r--");
    assertThat(unit(0).resolve(".charm-manifest-1111")).isRegularFile();
    assertThat(unit(0).resolve(".charm-deploying")).doesNotExist();
  }

  @Test
  void theSameVersionAgainTouchesNothing() throws Exception {
    deployer.deploy(v1(), unit(0));
    Path charmDir = unit(0).resolve("charm");
    Files.writeString(charmDir.resolve("templates/db.conf"), "edited by the unit");

    UnitCharmDeployment again = deployer.deploy(tmp.resolve("charms/1111"), unit(0));

    assertThat(again.changed()).isFalse();
    assertThat(charmDir.resolve("templates/db.conf")).hasContent("edited by the unit");
  }

  @Test
  void anUpgradeReplacesTheCharmsFilesRemovesWhatItDroppedAndKeepsWhatTheUnitWrote()
      throws Exception {
    deployer.deploy(v1(), unit(0));
    Path charmDir = unit(0).resolve("charm");
    unitWrites(charmDir);
    Files.writeString(
        charmDir.resolve("lib/old/unit-notes.txt"), "inside a directory the charm drops");

    UnitCharmDeployment upgrade = deployer.deploy(v2(), unit(0));

    assertThat(upgrade.changed()).isTrue();
    assertThat(upgrade.removed())
        .as("hooks/old-hook, lib/old/helper.sh, lib/old, lib")
        .isEqualTo(4);
    assertThat(charmDir.resolve(".unit-state.db")).hasContent("stored state and deferred events");
    assertThat(charmDir.resolve("src/__pycache__/charm.cpython-312.pyc")).hasContent("bytecode");
    assertThat(charmDir.resolve("hooks/install")).hasContent("#!/bin/sh\necho v2");
    assertThat(charmDir.resolve("templates/extra.conf")).hasContent("new");
    assertThat(charmDir.resolve("hooks/old-hook")).doesNotExist();
    // As Juju's removeDiff: a directory the charm drops goes with what the unit put in it.
    assertThat(charmDir.resolve("lib")).doesNotExist();
    try (Stream<Path> files = Files.list(unit(0))) {
      assertThat(files.map(p -> p.getFileName().toString()))
          .containsExactlyInAnyOrder("charm", ".charm-manifest-2222");
    }
  }

  @Test
  void anUpgradedUnitHoldsExactlyWhatAFreshUnitOfThatVersionHoldsPlusItsOwnFiles()
      throws Exception {
    deployer.deploy(v1(), unit(0));
    unitWrites(unit(0).resolve("charm"));
    deployer.deploy(v2(), unit(0));

    deployer.deploy(tmp.resolve("charms/2222"), unit(1));
    unitWrites(unit(1).resolve("charm"));

    assertThat(Tree.of(unit(0).resolve("charm"))).isEqualTo(Tree.of(unit(1).resolve("charm")));
  }

  @Test
  void twoUnitsNeverShareAFileWithEachOtherOrWithTheStore() throws Exception {
    Path stored = v1();
    deployer.deploy(stored, unit(0));
    deployer.deploy(stored, unit(1));
    Path first = unit(0).resolve("charm");
    Path second = unit(1).resolve("charm");

    List<String> files = new ArrayList<>();
    try (Stream<Path> walk = Files.walk(first)) {
      walk.filter(p -> Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS))
          .forEach(p -> files.add(first.relativize(p).toString()));
    }
    assertThat(files).isNotEmpty();
    for (String file : files) {
      Object inode =
          Files.readAttributes(first.resolve(file), "unix:ino,nlink", LinkOption.NOFOLLOW_LINKS);
      assertThat(Files.getAttribute(first.resolve(file), "unix:nlink", LinkOption.NOFOLLOW_LINKS))
          .as(file)
          .isEqualTo(1);
      assertThat(Files.getAttribute(second.resolve(file), "unix:ino", LinkOption.NOFOLLOW_LINKS))
          .as(file)
          .isNotEqualTo(
              Files.getAttribute(first.resolve(file), "unix:ino", LinkOption.NOFOLLOW_LINKS))
          .isNotEqualTo(
              Files.getAttribute(stored.resolve(file), "unix:ino", LinkOption.NOFOLLOW_LINKS));
      assertThat(inode).isNotNull();
    }
    // A hook of one unit rewriting its charm's file (chmod first, as the owner may) changes nothing
    // else.
    Files.setPosixFilePermissions(
        first.resolve("templates/db.conf"), PosixFilePermissions.fromString("rw-------"));
    Files.writeString(first.resolve("templates/db.conf"), "unit 0 only");
    assertThat(second.resolve("templates/db.conf")).hasContent("v1");
    assertThat(stored.resolve("templates/db.conf")).hasContent("v1");
  }

  @Test
  void aDeployInterruptedAtAnyStepAndRunAgainEndsAsIfNeverInterrupted() throws Exception {
    Path v1 = v1();
    Path v2 = v2();
    Path reference = unit(99);
    deployer.deploy(v2, reference);
    unitWrites(reference.resolve("charm"));
    List<String> steps = stepsOfUpgrade(v1, v2);

    for (int crashAt = 0; crashAt < steps.size(); crashAt++) {
      Path unit = unit(crashAt);
      deployer.deploy(v1, unit);
      unitWrites(unit.resolve("charm"));
      String step = steps.get(crashAt);
      UnitCharmDeployer crashing =
          new UnitCharmDeployer(
              reached -> {
                if (reached.equals(step)) throw new IOException("killed at \"" + step + "\"");
              });
      assertThatThrownBy(() -> crashing.deploy(v2, unit)).hasMessageContaining("killed at");

      UnitCharmDeployment resumed = deployer.deploy(v2, unit);

      assertThat(Tree.of(unit.resolve("charm")))
          .as("crashed after %s", step)
          .isEqualTo(Tree.of(reference.resolve("charm")));
      assertThat(unit.resolve(".charm-manifest-2222")).as("crashed after %s", step).isRegularFile();
      if (step.equals("manifest written")) {
        assertThat(resumed.changed()).as("the deploy was complete: nothing left to do").isFalse();
      } else {
        assertThat(resumed.changed()).as("crashed after %s", step).isTrue();
        assertThat(unit.resolve(".charm-deploying")).as("crashed after %s", step).doesNotExist();
      }
    }
  }

  @Test
  void aDeployInterruptedHalfWayThenReplacedByAnotherVersionLeavesNoFileOfEither()
      throws Exception {
    Path unit = unit(0);
    deployer.deploy(v1(), unit);
    unitWrites(unit.resolve("charm"));
    Path v2 = v2();
    UnitCharmDeployer crashing =
        new UnitCharmDeployer(
            step -> {
              if (step.equals("wrote templates/extra.conf")) throw new IOException("killed");
            });
    assertThatThrownBy(() -> crashing.deploy(v2, unit)).hasMessageContaining("killed");

    UnitCharmDeployment third = deployer.deploy(v3(), unit);

    assertThat(third.resumed()).isTrue();
    // src/ went as a directory v3 does not have, with the unit's __pycache__ in it (as in Juju).
    assertThat(Tree.of(unit.resolve("charm")))
        .containsOnlyKeys(".unit-state.db", "dispatch", "metadata.yaml")
        .containsEntry("dispatch", "rwxr-xr-x #!/bin/sh\n# v3\n");
  }

  @Test
  void aDeployStoppedRightAfterItsManifestWasWrittenIsCompleteAndLeavesTheUnitsLaterFilesAlone()
      throws Exception {
    Path unit = unit(0);
    deployer.deploy(v1(), unit);
    Path v2 = v2();
    UnitCharmDeployer crashing =
        new UnitCharmDeployer(
            step -> {
              if (step.equals("manifest written")) throw new IOException("killed");
            });
    assertThatThrownBy(() -> crashing.deploy(v2, unit));
    assertThat(deployer.deploy(v2, unit).changed()).isFalse();
    // The unit now writes where v1 had a directory that v2 dropped: that is the unit's file.
    Files.createDirectories(unit.resolve("charm/lib"));
    Files.writeString(unit.resolve("charm/lib/mine.txt"), "the unit's");

    deployer.deploy(v3(), unit);

    assertThat(unit.resolve("charm/lib/mine.txt")).hasContent("the unit's");
    assertThat(unit.resolve(".charm-deploying")).doesNotExist();
  }

  @Test
  void aDeployInterruptedBeforeItChangedAnyFileLeavesTheOldVersionInForce() throws Exception {
    Path unit = unit(0);
    Path v1 = v1();
    deployer.deploy(v1, unit);
    Map<String, String> before = Tree.of(unit.resolve("charm"));
    UnitCharmDeployer crashing =
        new UnitCharmDeployer(
            step -> {
              if (step.equals("deploying recorded")) throw new IOException("killed");
            });
    assertThatThrownBy(() -> crashing.deploy(v2(), unit));

    UnitCharmDeployment again = deployer.deploy(v1, unit);

    assertThat(again.changed()).as("v1's manifest still stands").isFalse();
    assertThat(Tree.of(unit.resolve("charm"))).isEqualTo(before);
  }

  @Test
  void aSymlinkTheUnitPutInPlaceOfACharmDirectoryIsNeverFollowed() throws Exception {
    Path outside = Files.createDirectories(tmp.resolve("elsewhere/old"));
    Files.writeString(outside.resolve("helper.sh"), "not the charm's");
    Path unit = unit(0);
    deployer.deploy(v1(), unit);
    Path charmDir = unit.resolve("charm");
    RecursiveDelete.delete(charmDir.resolve("lib"));
    Files.createSymbolicLink(charmDir.resolve("lib"), tmp.resolve("elsewhere"));
    Files.delete(charmDir.resolve("templates/db.conf"));
    RecursiveDelete.delete(charmDir.resolve("templates"));
    Files.createSymbolicLink(charmDir.resolve("templates"), outside);

    deployer.deploy(v2(), unit);

    assertThat(outside.resolve("helper.sh")).hasContent("not the charm's");
    assertThat(outside.resolve("db.conf")).doesNotExist();
    assertThat(Files.isSymbolicLink(charmDir.resolve("templates"))).isFalse();
    assertThat(charmDir.resolve("templates/db.conf")).hasContent("v2");
  }

  @Test
  void aUnitFileWhereTheNewVersionHasADirectoryIsReplacedByIt() throws Exception {
    Path unit = unit(0);
    deployer.deploy(v1(), unit);
    Files.writeString(unit.resolve("charm/templates-new"), "x");
    Path v4 =
        CharmFiles.named("db")
            .file("templates-new/a.conf", "a\n")
            .writeDirectory(tmp.resolve("charms/4444"));

    deployer.deploy(v4, unit);

    assertThat(unit.resolve("charm/templates-new/a.conf")).hasContent("a");
  }

  @Test
  void aDamagedManifestIsAnErrorNamingItNotAGuess() throws Exception {
    Path unit = unit(0);
    deployer.deploy(v1(), unit);
    Files.writeString(
        unit.resolve(".charm-manifest-1111"), "{\"version\":\"1111\",\"paths\":[\"../../etc\"]}");

    assertThatThrownBy(() -> deployer.deploy(v2(), unit))
        .isInstanceOf(IOException.class)
        .hasMessageStartingWith("cannot deploy charm 2222 into " + unit.resolve("charm") + ": ")
        .hasMessageContaining(".charm-manifest-1111 is damaged")
        .hasMessageContaining("manifest path \"../../etc\" is not a plain relative path");
    assertThat(unit.resolve("charm/templates/db.conf")).as("nothing changed").hasContent("v1");
  }

  @Test
  void deploysIntoOneUnitFromSeveralThreadsTakeTurnsAndDeployOnce() throws Exception {
    Path stored = v1();
    Path reference = unit(99);
    deployer.deploy(stored, reference);
    List<java.util.concurrent.Future<UnitCharmDeployment>> deploys = new ArrayList<>();

    try (var threads = java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor()) {
      for (int i = 0; i < 8; i++)
        deploys.add(threads.submit(() -> deployer.deploy(stored, unit(0))));
    }

    int changed = 0;
    for (var deploy : deploys) changed += deploy.get().changed() ? 1 : 0;
    assertThat(changed).isEqualTo(1);
    assertThat(Tree.of(unit(0).resolve("charm"))).isEqualTo(Tree.of(reference.resolve("charm")));
  }

  @Test
  void onlyAStoredCharmDirectoryCanBeDeployed() {
    assertThatThrownBy(() -> deployer.deploy(tmp.resolve(".tmp-123"), unit(0)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("not a stored charm directory: " + tmp.resolve(".tmp-123"));
  }

  /** Every checkpoint an upgrade from v1 to v2 passes, in order. */
  private List<String> stepsOfUpgrade(Path v1, Path v2) throws IOException {
    Path unit = tmp.resolve("agents/dry-run");
    deployer.deploy(v1, unit);
    List<String> steps = new ArrayList<>();
    new UnitCharmDeployer(steps::add).deploy(v2, unit);
    return steps;
  }
}
