package io.caasoperator.app.datadir;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DataDirectoryTest {

  @TempDir Path tmp;

  @Test
  void aNewDataDirIsPrivateAndNothingIsSaidAboutIt() throws Exception {
    Path dir = tmp.resolve("state/caas-operator/hello");
    List<String> warnings = new ArrayList<>();
    DataDirectory.prepare(dir, warnings::add);
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir)))
        .isEqualTo("rwx------");
    assertThat(warnings).isEmpty();
    DataDirectory.prepare(dir, warnings::add);
    assertThat(warnings).isEmpty();
  }

  @Test
  void anExistingDataDirOpenToOthersIsLeftAsItIsWithAWarningThatSaysHowToCloseIt()
      throws Exception {
    Path dir = Files.createDirectory(tmp.resolve("shared"));
    Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
    List<String> warnings = new ArrayList<>();
    DataDirectory.prepare(dir, warnings::add);
    assertThat(warnings)
        .containsExactly(
            "the data dir "
                + dir
                + " has mode rwxr-xr-x: other users can read its journal"
                + " and files; chmod 700 "
                + dir
                + " to make it private");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir)))
        .isEqualTo("rwxr-xr-x");
  }

  @Test
  void theJournalFilesAreReadableByTheOwnerOnly() throws Exception {
    Path journal = Files.writeString(tmp.resolve("journal.mv.db"), "h2");
    Path other = Files.writeString(tmp.resolve("listener"), "https://127.0.0.1:1");
    Files.setPosixFilePermissions(journal, PosixFilePermissions.fromString("rw-r--r--"));
    Files.setPosixFilePermissions(other, PosixFilePermissions.fromString("rw-r--r--"));
    DataDirectory.makeJournalPrivate(tmp, "journal");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(journal)))
        .isEqualTo("rw-------");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(other)))
        .isEqualTo("rw-r--r--");
  }
}
