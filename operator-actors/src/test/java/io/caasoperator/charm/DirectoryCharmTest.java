package io.caasoperator.charm;

import static io.caasoperator.charm.CharmFailures.permanent;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.caasoperator.domain.CharmRef;
import io.caasoperator.domain.ConfigOption;
import io.caasoperator.domain.ConfigOption.Type;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Charms given as a local directory: loading, validation, digest and atomic deploy. */
class DirectoryCharmTest {
  @TempDir Path tmp;

  private CharmStore store() {
    return new CharmStore(tmp.resolve("data/charms"), UnpackLimits.DEFAULT);
  }

  private static CharmRef ref(Path dir) {
    return new CharmRef(dir.toString(), null, 0, false);
  }

  /**
   * What is wrong with {@code charm}, written to directory {@code name}: its deployment fails for
   * good, naming the charm as the user did (the directory's path).
   */
  private String problemOf(CharmFiles charm, String name) {
    Path dir = charm.writeDirectory(tmp.resolve(name));
    CharmException failure = permanent(() -> store().deploy(ref(dir)));
    assertThat(failure.charm()).isEqualTo(dir.toString());
    return failure.problem();
  }

  private Path validCharm(Path dir) {
    return CharmFiles.named("mariadb")
        .file(
            "metadata.yaml",
            """
            name: mariadb
            containers:
              zeta: {resource: db-image}
              alpha: {}
              mid: {}
            """)
        .file(
            "config.yaml",
            """
            options:
              port: {type: int, default: 3306, description: listen port}
              ratio: {type: float, default: 3}
              debug: {type: boolean, default: false}
              title: {type: string}
              legacy: {default: x}
            """)
        .executable("hooks/install", "#!/bin/sh\n")
        .executable("hooks/config-changed", "#!/bin/sh\n")
        .file("hooks/README", "not a hook\n")
        .executable("dispatch", "#!/bin/sh\n")
        .writeDirectory(dir);
  }

  @Test
  void validDirectoryCharmIsLoadedWithContainersInFileOrder() throws Exception {
    DeployedCharm deployed = store().deploy(ref(validCharm(tmp.resolve("mariadb"))));

    var info = deployed.info();
    assertThat(info.generation()).isZero();
    assertThat(info.name()).isEqualTo("mariadb");
    assertThat(info.containers()).containsExactly("zeta", "alpha", "mid");
    assertThat(info.hooks()).containsExactlyInAnyOrder("install", "config-changed");
    assertThat(info.dispatch()).isTrue();
    assertThat(info.sha256()).hasSize(64);
    assertThat(deployed.dir()).isEqualTo(tmp.resolve("data/charms").resolve(info.sha256()));
    assertThat(deployed.dir().resolve("metadata.yaml")).exists();
  }

  @Test
  void configOptionsAreReadWithTypedDefaults() throws Exception {
    var options = store().deploy(ref(validCharm(tmp.resolve("mariadb")))).info().options();

    assertThat(options)
        .containsEntry("port", new ConfigOption(Type.INT, 3306, "listen port"))
        .containsEntry("ratio", new ConfigOption(Type.FLOAT, 3.0, ""))
        .containsEntry("debug", new ConfigOption(Type.BOOLEAN, false, ""))
        .containsEntry("title", new ConfigOption(Type.STRING, null, ""))
        .containsEntry("legacy", new ConfigOption(Type.STRING, "x", ""));
  }

  @Test
  void hooksStoredWithoutTheExecuteBitAreHooksAndAreMadeExecutable() throws Exception {
    // As a charm checked out of git often has them: Juju makes them executable, and so do we.
    Path dir =
        CharmFiles.named("plain")
            .file("hooks/install", "#!/bin/sh\n")
            .file("hooks/db-relation-joined", "#!/bin/sh\n")
            .file("hooks/common.sh", "helper() { :; }\n")
            .file("actions/snapshot", "#!/bin/sh\n")
            .file("dispatch", "#!/bin/sh\n")
            .writeDirectory(tmp.resolve("plain"));

    DeployedCharm deployed = store().deploy(ref(dir));

    assertThat(deployed.info().hooks()).containsExactlyInAnyOrder("install", "db-relation-joined");
    assertThat(deployed.info().dispatch()).isTrue();
    for (String runnable :
        new String[] {
          "hooks/install", "hooks/db-relation-joined", "actions/snapshot", "dispatch"
        }) {
      assertThat(Files.getPosixFilePermissions(deployed.dir().resolve(runnable)))
          .as(runnable)
          .isEqualTo(FileModes.fromMode(0755));
    }
    assertThat(FileModes.isExecutable(deployed.dir().resolve("hooks/common.sh")))
        .as("a helper, not a hook")
        .isFalse();
    assertThat(FileModes.isExecutable(dir.resolve("hooks/install")))
        .as("the source is left alone")
        .isFalse();
  }

  @Test
  void executableBitsOfADirectoryCharmAreKept() throws Exception {
    DeployedCharm deployed = store().deploy(ref(validCharm(tmp.resolve("mariadb"))));

    assertThat(deployed.dir().resolve("hooks/install")).isExecutable();
    assertThat(FileModes.isExecutable(deployed.dir().resolve("hooks/README"))).isFalse();
  }

  @Test
  void hookLinkedToAFileInsideTheCharmIsAHook() throws Exception {
    Path dir =
        CharmFiles.named("ops")
            .executable("src/charm.py", "#!/usr/bin/env python3\n")
            .symlink("hooks/install", "../src/charm.py")
            .writeDirectory(tmp.resolve("ops"));

    DeployedCharm deployed = store().deploy(ref(dir));

    assertThat(deployed.info().hooks()).containsExactly("install");
    assertThat(Files.isSymbolicLink(deployed.dir().resolve("hooks/install"))).isTrue();
  }

  /** An absolute target, and a relative one climbing out of the charm. */
  @ParameterizedTest
  @CsvSource({"hooks/install, /etc/passwd", "data, ../../secrets"})
  void symlinkLeavingADirectoryCharmIsRejected(String link, String target) {
    assertThat(problemOf(CharmFiles.named("evil").symlink(link, target), "evil"))
        .isEqualTo("\"" + link + "\": symlink to \"" + target + "\" escapes the charm");
  }

  @Test
  void charmWithoutNameIsRejectedNamingTheFileAndField() {
    CharmFiles charm = CharmFiles.empty().file("metadata.yaml", "summary: no name\n");

    assertThat(problemOf(charm, "examples/broken"))
        .isEqualTo("metadata.yaml: missing field \"name\"");
  }

  @Test
  void directoryWithoutMetadataIsNotACharm() {
    CharmFiles charm = CharmFiles.empty().file("README.md", "hi\n");

    assertThat(problemOf(charm, "nothing"))
        .isEqualTo("not a charm: no metadata.yaml or charmcraft.yaml");
  }

  @Test
  void malformedYamlIsReportedWithTheFileNameAndLine() {
    CharmFiles charm =
        CharmFiles.empty().file("metadata.yaml", "name: x\ncontainers: [a, b\nother: 1\n");

    assertThat(problemOf(charm, "bad-yaml"))
        .startsWith("metadata.yaml: ")
        .contains("expected ',' or ']'")
        .endsWith("(line 3, column 6)");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          an option default not matching its type | port: {type: int, default: abc} | option "port": default "abc" is not an int
          a float default for an int              | port: {type: int, default: 1.5} | option "port": default 1.5 is not an int
          an unknown option type                  | size: {type: bytes}             | option "size": unknown option type "bytes" (expected string, int, float or boolean)
          """)
  void aBadOptionIsRejectedNamingTheFileAndTheOption(String what, String option, String problem) {
    CharmFiles charm = CharmFiles.named("x").file("config.yaml", "options:\n  " + option + "\n");

    assertThat(problemOf(charm, "x")).isEqualTo("config.yaml: " + problem);
  }

  @Test
  void missingLocalPathIsReportedAsTheUserWroteIt() {
    assertThatThrownBy(
            () -> store().deploy(new CharmRef("examples/does-not-exist", null, 0, false)))
        .isInstanceOfSatisfying(
            CharmException.class,
            e -> {
              assertThat(e.getMessage())
                  .isEqualTo("charm examples/does-not-exist: no such file or directory");
              assertThat(e.charm()).isEqualTo("examples/does-not-exist");
            });
  }

  @Test
  void urlWithAnUnsupportedSchemeIsRejected() {
    assertThatThrownBy(() -> store().deploy(new CharmRef("ch:mariadb", null, 0, false)))
        .hasMessage(
            "charm ch:mariadb: unsupported url scheme (expected a local path, file:, http: or https:)");
  }

  @Test
  void digestThatIsNotHexIsRejectedBeforeAnythingIsRead() {
    Path dir = validCharm(tmp.resolve("mariadb"));

    assertThatThrownBy(() -> store().deploy(new CharmRef(dir.toString(), "../../etc", 0, false)))
        .hasMessage("charm " + dir + ": sha256 \"../../etc\" is not 64 lower-case hex digits");
    assertThatThrownBy(() -> store().deployed(ref(dir), "../../etc"))
        .isInstanceOf(CharmException.class);
  }

  @Test
  void directoryCharmOverTheLimitsIsRejected() {
    Path dir =
        CharmFiles.named("big").file("blob", "x".repeat(5_000)).writeDirectory(tmp.resolve("big"));

    CharmException failure =
        permanent(
            () ->
                new CharmStore(tmp.resolve("charms"), new UnpackLimits(100, 1_000))
                    .deploy(ref(dir)));
    assertThat(failure.problem()).isEqualTo("charm is larger than 1000 bytes");
  }

  @Test
  void relativePathIsResolvedAgainstTheWorkingDirectory() throws Exception {
    Path dir = validCharm(tmp.resolve("mariadb"));
    String relative = Path.of("").toAbsolutePath().relativize(dir).toString();

    DeployedCharm deployed = store().deploy(new CharmRef(relative, null, 0, false));

    assertThat(deployed.info().name()).isEqualTo("mariadb");
    assertThat(deployed.info().ref().url()).isEqualTo(relative);
  }

  @Test
  void deployingTheSameDirectoryTwiceReusesItsDirectory() throws Exception {
    Path dir = validCharm(tmp.resolve("mariadb"));

    SecondDeploy.reusesTheFirstDirectory(store(), ref(dir));
  }

  @Test
  void changedDirectoryGetsANewDigestAndDirectoryWhileTheOldOneStays() throws Exception {
    CharmStore store = store();
    Path dir = validCharm(tmp.resolve("mariadb"));
    DeployedCharm first = store.deploy(ref(dir));

    Files.writeString(dir.resolve("hooks/install"), "#!/bin/sh\necho v2\n");
    DeployedCharm second = store.deploy(ref(dir));

    assertThat(second.info().sha256()).isNotEqualTo(first.info().sha256());
    assertThat(second.dir()).isNotEqualTo(first.dir());
    assertThat(first.dir().resolve("hooks/install")).hasContent("#!/bin/sh");
    assertThat(second.dir().resolve("hooks/install")).hasContent("#!/bin/sh\necho v2");
  }

  @Test
  void losingTheExecutableBitChangesTheDigest() throws Exception {
    CharmStore store = store();
    Path dir = validCharm(tmp.resolve("mariadb"));
    String before = store.deploy(ref(dir)).info().sha256();

    Files.setPosixFilePermissions(dir.resolve("hooks/install"), FileModes.fromMode(0644));

    assertThat(store.deploy(ref(dir)).info().sha256()).isNotEqualTo(before);
  }

  @Test
  void directoryNotMatchingTheGivenDigestIsRejectedNamingBoth() {
    Path dir = validCharm(tmp.resolve("mariadb"));
    String wrong = "0".repeat(64);

    CharmException failure =
        permanent(() -> store().deploy(new CharmRef(dir.toString(), wrong, 0, false)));
    assertThat(failure.problem()).matches("sha256 mismatch: expected 0{64}, got [0-9a-f]{64}");
  }

  @Test
  void directoryMatchingTheGivenDigestIsDeployed() throws Exception {
    Path dir = validCharm(tmp.resolve("mariadb"));
    String sha = ContentDigest.ofDirectory(dir);

    assertThat(store().deploy(new CharmRef(dir.toString(), sha, 0, false)).info().sha256())
        .isEqualTo(sha);
  }

  @Test
  void deployedFindsAnExistingCharmWithoutFetchingIt() throws Exception {
    CharmStore store = store();
    Path dir = validCharm(tmp.resolve("mariadb"));
    DeployedCharm deployed = store.deploy(ref(dir));
    var recorded =
        new CharmRef("http://gone.invalid/mariadb.charm", deployed.info().sha256(), 0, false);

    var found = store.deployed(recorded, deployed.info().sha256());

    assertThat(found)
        .hasValueSatisfying(
            charm -> {
              assertThat(charm.dir()).isEqualTo(deployed.dir());
              assertThat(charm.info().ref()).isEqualTo(recorded);
              assertThat(charm.info().generation()).isZero();
            });
  }

  @Test
  void deployedIsEmptyWhenTheCharmIsNotOnDisk() throws Exception {
    assertThat(store().deployed(new CharmRef("x", null, 0, false), "a".repeat(64))).isEmpty();
  }

  @Test
  void removePartialDownloadsRemovesLeftoversOnly() throws Exception {
    CharmStore store = store();
    DeployedCharm deployed = store.deploy(ref(validCharm(tmp.resolve("mariadb"))));
    Path charms = tmp.resolve("data/charms");
    Files.createDirectories(charms.resolve("downloads"));
    Files.writeString(charms.resolve("downloads/1234.part"), "half");
    Files.createDirectories(charms.resolve(".tmp-crashed/hooks"));
    Files.writeString(charms.resolve(".tmp-crashed/hooks/install"), "x");

    assertThat(store.removePartialDownloads()).isEqualTo(2);
    assertThat(charms.resolve("downloads")).isEmptyDirectory();
    assertThat(charms.resolve(".tmp-crashed")).doesNotExist();
    assertThat(deployed.dir().resolve("metadata.yaml")).exists();
    assertThat(store.removePartialDownloads()).isZero();
  }
}
