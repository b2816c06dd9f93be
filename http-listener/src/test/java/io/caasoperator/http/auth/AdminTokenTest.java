package io.caasoperator.http.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.caasoperator.http.setup.DataDirException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AdminTokenTest {

  @TempDir Path dataDir;

  @Test
  void tokenIsCreatedOnFirstStartOwnerOnlyAndReusedLater() throws Exception {
    AdminToken first = AdminToken.loadOrCreate(dataDir);
    AdminToken second = AdminToken.loadOrCreate(dataDir);

    assertThat(second).isEqualTo(first);
    assertThat(first.value()).matches("[A-Za-z0-9_-]{43}");
    assertThat(
            PosixFilePermissions.toString(
                Files.getPosixFilePermissions(dataDir.resolve("admin-token"))))
        .isEqualTo("rw-------");
  }

  @Test
  void missingFileIsAClearError() {
    Path file = dataDir.resolve("admin-token");

    assertThatThrownBy(() -> AdminToken.load(file))
        .isInstanceOf(DataDirException.class)
        .hasMessageContaining(file.toString())
        .hasMessageContaining("is missing");
  }

  @Test
  void emptyFileIsAClearError() throws Exception {
    Path file = Files.writeString(dataDir.resolve("admin-token"), "\n");

    assertThatThrownBy(() -> AdminToken.load(file))
        .isInstanceOf(DataDirException.class)
        .hasMessageContaining("is empty");
  }

  @Test
  void tooOpenModeIsAWarningNotAnError() throws Exception {
    Path file = Files.writeString(dataDir.resolve("admin-token"), "abc\n");
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
    List<String> warnings = new ArrayList<>();

    AdminToken token = AdminToken.load(file, warnings::add);

    assertThat(token.value()).isEqualTo("abc");
    assertThat(warnings).singleElement().asString().contains("rw-r--r--").contains("chmod 600");
  }

  @Test
  void ownerOnlyModeGivesNoWarning() {
    AdminToken.loadOrCreate(dataDir);
    List<String> warnings = new ArrayList<>();

    AdminToken.load(dataDir.resolve("admin-token"), warnings::add);

    assertThat(warnings).isEmpty();
  }

  @Test
  void onlyTheExactTokenMatches() {
    AdminToken token = new AdminToken("s3cret");

    assertThat(token.matches("s3cret")).isTrue();
    assertThat(token.matches("s3cre")).isFalse();
    assertThat(token.matches("s3cret2")).isFalse();
    assertThat(token.matches(null)).isFalse();
  }

  @Test
  void toStringNeverShowsTheSecret() {
    assertThat(new AdminToken("s3cret").toString()).doesNotContain("s3cret");
  }

  @Test
  void bearerHeaderIsParsedStrictly() {
    assertThat(BearerAuthentication.bearerToken("Bearer abc")).contains("abc");
    assertThat(BearerAuthentication.bearerToken("bearer  abc ")).contains("abc");
    assertThat(BearerAuthentication.bearerToken("Basic abc")).isEmpty();
    assertThat(BearerAuthentication.bearerToken("Bearer")).isEmpty();
    assertThat(BearerAuthentication.bearerToken("Bearer a b")).isEmpty();
    assertThat(BearerAuthentication.bearerToken("abc")).isEmpty();
  }
}
