package io.caasoperator.app.juju;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A user secret's content from arguments and {@code --file}, as Juju's CreateSecretData reads it.
 */
class SecretContentTest {
  @TempDir Path dir;

  private JujuContext context() {
    return new JujuCalls(dir).context();
  }

  private Map<String, String> read(String file, String... args) {
    return SecretContent.read(context(), List.of(args), file);
  }

  @Test
  void plainBase64AndFileValuesAreKeptAsTheirText() throws Exception {
    Files.writeString(dir.resolve("cert.pem"), "-----BEGIN-----\n");

    assertThat(read(null, "token=a=b", "blob#base64=aGVsbG8=", "cert#file=cert.pem"))
        .containsExactlyInAnyOrderEntriesOf(
            Map.of("token", "a=b", "blob", "hello", "cert", "-----BEGIN-----\n"));
  }

  @Test
  void theFilesKeysOverrideTheArgumentsAndJsonIsReadToo() throws Exception {
    Files.writeString(dir.resolve("s.yaml"), "password: from-file\nport: 5432\n");
    Files.writeString(dir.resolve("s.json"), "{\"username\": \"admin\"}");

    assertThat(read("s.yaml", "password=from-args", "user=me"))
        .containsExactlyInAnyOrderEntriesOf(
            Map.of("password", "from-file", "port", "5432", "user", "me"));
    assertThat(read("s.json")).containsExactlyEntriesOf(Map.of("username", "admin"));
  }

  @Test
  void eachMalformedPartIsAUsageErrorInJujusWords() {
    assertUsage(() -> read(null, "novalue"), "key value \"novalue\" not valid");
    assertUsage(() -> read(null, "=x"), "key value \"=x\" not valid");
    assertUsage(() -> read(null, "Password=x"), "key \"Password\" not valid");
    assertUsage(() -> read(null, "ab=x"), "key \"ab\" not valid");
    assertUsage(() -> read(null, "key#base64=***"), "invalid base64 value for key \"key\"");
    assertUsage(
        () -> read(null, "big=" + "x".repeat(8 * 1024 + 1)),
        "secret content for key \"big\" too large: 8193 bytes");
    assertUsage(() -> read("missing.yaml"), "cannot read");
    assertUsage(
        () -> read(null, "cert#file=missing.pem"), "reading content for secret key \"cert\"");
  }

  @Test
  void noArgumentsAndNoFileIsNoContent() {
    assertThat(read(null)).isEmpty();
  }

  private static void assertUsage(Runnable reading, String message) {
    assertThatThrownBy(reading::run)
        .isInstanceOfSatisfying(JujuFailure.class, f -> assertThat(f.exitCode()).isEqualTo(2))
        .hasMessageContaining(message);
  }
}
