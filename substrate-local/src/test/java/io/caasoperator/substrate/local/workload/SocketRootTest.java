package io.caasoperator.substrate.local.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.caasoperator.domain.UnitId;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SocketRootTest {
  /**
   * The longest unit directory name a file system takes is 255 bytes: {@code unit-}, the
   * application, {@code -} and a unit number of at most 9 digits ({@code UnitId.parse}).
   */
  static final String LONGEST_APPLICATION = "a" + "-b".repeat(119) + "c"; // 240 characters

  static final int LONGEST_UNIT_NUMBER = 999_999_999;

  /** A container name is a directory name ({@code container-roots/<name>}): 255 bytes. */
  static final String LONGEST_CONTAINER = "c".repeat(255);

  /** Far past what any socket path could hold, and near Linux's PATH_MAX. */
  static final Path LONGEST_DATA_DIR = Path.of("/" + "d/".repeat(2000));

  static final UnitId LONGEST_UNIT = UnitId.of(LONGEST_APPLICATION, LONGEST_UNIT_NUMBER);

  private static int bytes(Path path) {
    return path.toString().getBytes(StandardCharsets.UTF_8).length;
  }

  @Test
  void theLongestNamesAndDataDirectoryStillGiveASocketPathThatFits() {
    assertThat(LONGEST_UNIT.tag()).hasSize(255);
    SocketRoot root = SocketRoot.choose(Optional.empty(), 4_294_967_294L, LONGEST_DATA_DIR);
    Path socket = root.dirFor(LONGEST_UNIT, LONGEST_CONTAINER).resolve(SocketRoot.SOCKET_NAME);
    assertThat(bytes(socket)).isLessThanOrEqualTo(SocketRoot.SOCKET_PATH_LIMIT);
    assertThat(socket.toString()).startsWith("/tmp/caas-4294967294/");
  }

  @Test
  void theRuntimeDirectoryIsUsedWhenTheUserHasOne() {
    SocketRoot root =
        SocketRoot.choose(Optional.of(Path.of("/run/user/1000")), 1000, Path.of("/home/u/data"));
    assertThat(root.dir().getParent()).isEqualTo(Path.of("/run/user/1000/caas-operator"));
    assertThat(bytes(root.dirFor(LONGEST_UNIT, LONGEST_CONTAINER).resolve("pebble.socket")))
        .isLessThanOrEqualTo(SocketRoot.SOCKET_PATH_LIMIT);
  }

  @Test
  void aRuntimeDirectoryTooLongForTheSocketsIsPassedOverForTmp() {
    Path deep = Path.of("/" + "r".repeat(80));
    SocketRoot root = SocketRoot.choose(Optional.of(deep), 1000, Path.of("/data"));
    assertThat(root.dir()).startsWithRaw(Path.of("/tmp/caas-1000"));
  }

  @Test
  void theSameDataDirectoryGetsTheSameDirectoryAndAnotherOneAnother() {
    Path data = Path.of("/home/u/.local/state/caas-operator/web");
    SocketRoot once = SocketRoot.choose(Optional.empty(), 1000, data);
    assertThat(SocketRoot.choose(Optional.empty(), 1000, Path.of(data + "/./"))).isEqualTo(once);
    assertThat(SocketRoot.choose(Optional.empty(), 1000, data.resolveSibling("db")))
        .isNotEqualTo(once);
  }

  @Test
  void eachContainerOfEachUnitHasItsOwnDirectory() {
    SocketRoot root = new SocketRoot(Path.of("/s"), 0);
    assertThat(root.dirFor(UnitId.of("web", 0), "a"))
        .isNotEqualTo(root.dirFor(UnitId.of("web", 1), "a"))
        .isNotEqualTo(root.dirFor(UnitId.of("web", 0), "b"))
        .isEqualTo(root.dirFor(UnitId.of("web", 0), "a"));
  }

  @Test
  void aDirectoryWhoseSocketsCannotFitIsRefused() {
    assertThatThrownBy(() -> new SocketRoot(Path.of("/" + "x".repeat(80)), 0))
        .hasMessageContaining("more than the 107");
  }

  @Test
  void anUnsetRelativeOrNotPrivateRuntimeDirectoryIsNotUsed(@TempDir Path tmp) throws Exception {
    long uid = SocketRoot.currentUid();
    Path open = Files.createDirectory(tmp.resolve("open"));
    Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rwxrwxrwx"));
    Path mine = Files.createDirectory(tmp.resolve("mine"));
    Files.setPosixFilePermissions(mine, PosixFilePermissions.fromString("rwx------"));
    assertThat(SocketRoot.runtimeDir(null, uid)).isEmpty();
    assertThat(SocketRoot.runtimeDir("run/user", uid)).isEmpty();
    assertThat(SocketRoot.runtimeDir(open.toString(), uid)).isEmpty();
    assertThat(SocketRoot.runtimeDir(tmp.resolve("missing").toString(), uid)).isEmpty();
    assertThat(SocketRoot.runtimeDir(mine.toString(), uid + 1)).isEmpty();
    assertThat(SocketRoot.runtimeDir(mine.toString(), uid)).contains(mine);
  }

  @Test
  void preparingEmptiesWhatAnEarlierRunLeftAndMakesItPrivate(@TempDir Path tmp) throws IOException {
    Path parent = tmp.resolve("caas-operator");
    SocketRoot root = new SocketRoot(parent.resolve("0123456789"), SocketRoot.currentUid());
    Path outside = Files.writeString(tmp.resolve("outside"), "kept");
    Files.createDirectories(root.dir().resolve("old"));
    Files.createSymbolicLink(root.dir().resolve("old/link"), outside);

    Files.setPosixFilePermissions(parent, PosixFilePermissions.fromString("rwx------"));
    root.prepare();

    assertThat(root.dir()).isEmptyDirectory();
    assertThat(Files.getPosixFilePermissions(root.dir()))
        .isEqualTo(PosixFilePermissions.fromString("rwx------"));
    assertThat(outside).hasContent("kept");
  }

  @Test
  void aParentMadeByNobodyIsMadePrivateAndOneOthersMayUseIsRefused(@TempDir Path tmp)
      throws IOException {
    long uid = SocketRoot.currentUid();
    SocketRoot made = new SocketRoot(tmp.resolve("caas-made/0123456789"), uid);
    made.prepare();
    assertThat(Files.getPosixFilePermissions(made.dir().getParent()))
        .isEqualTo(PosixFilePermissions.fromString("rwx------"));

    Path shared = Files.createDirectory(tmp.resolve("caas-shared"));
    Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rwxrwxrwx"));
    SocketRoot refused = new SocketRoot(shared.resolve("0123456789"), uid);
    assertThatThrownBy(refused::prepare)
        .isInstanceOf(IOException.class)
        .hasMessageContaining(shared.toString())
        .hasMessageContaining("only this user");
    assertThat(shared.resolve("0123456789")).doesNotExist();
  }
}
