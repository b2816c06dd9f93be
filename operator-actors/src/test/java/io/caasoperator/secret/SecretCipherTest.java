package io.caasoperator.secret;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.caasoperator.persistence.JournalSerializer;
import io.caasoperator.persistence.secret.SealedContent;
import io.caasoperator.persistence.secret.SecretEvent;
import io.caasoperator.persistence.secret.SecretOwner;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SecretCipherTest {

  @Test
  void sealedContentOpensToWhatWasSealed(@TempDir Path dir) throws Exception {
    SecretCipher cipher = SecretCipher.inDirectory(dir);
    SealedContent sealed = cipher.seal(Map.of("password", "hunter22", "user", "admin"));

    assertThat(cipher.open(sealed)).isEqualTo(Map.of("password", "hunter22", "user", "admin"));
    assertThat(SecretCipher.inDirectory(dir).open(sealed))
        .as("the same key after a restart")
        .isEqualTo(Map.of("password", "hunter22", "user", "admin"));
  }

  @Test
  void theKeyFileIsMadeOnceReadableByItsOwnerOnly(@TempDir Path dir) throws Exception {
    SecretCipher.inDirectory(dir);
    Path key = dir.resolve(SecretCipher.KEY_FILE);
    byte[] first = Files.readAllBytes(key);
    SecretCipher.inDirectory(dir);

    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(key)))
        .isEqualTo("rw-------");
    assertThat(Files.readAllBytes(key)).hasSize(32).isEqualTo(first);
  }

  @Test
  void theSameContentGetsTheSameDigestButNeverTheSameCiphertext() {
    SecretCipher cipher = SecretCipher.withRandomKey();
    SealedContent one = cipher.seal(Map.of("password", "hunter22"));
    SealedContent two = cipher.seal(Map.of("password", "hunter22"));

    assertThat(one.digest()).isEqualTo(two.digest()).matches("hmac-sha256:[0-9a-f]{16}");
    assertThat(one.ciphertext()).isNotEqualTo(two.ciphertext());
    assertThat(cipher.digest(Map.of("password", "other"))).isNotEqualTo(one.digest());
    assertThat(SecretCipher.withRandomKey().digest(Map.of("password", "hunter22")))
        .as("keyed: not a dictionary oracle without the key")
        .isNotEqualTo(one.digest());
  }

  @Test
  void contentSealedUnderAnotherKeyOrAlteredIsRefusedWithoutShowingIt() {
    SealedContent sealed = SecretCipher.withRandomKey().seal(Map.of("password", "hunter22"));
    assertThatThrownBy(() -> SecretCipher.withRandomKey().open(sealed))
        .hasMessageContaining(sealed.digest())
        .hasMessageNotContaining("hunter22");
  }

  @Test
  void theJournalsBytesHoldNoPlaintext() throws Exception {
    SecretCipher cipher = SecretCipher.withRandomKey();
    Instant now = Instant.parse("2026-11-23T10:00:00Z");
    SecretEvent created =
        new SecretEvent.SecretCreated(
            "d0j7ha3q1c4s73d2fa9g",
            SecretOwner.application("hello"),
            "db",
            null,
            null,
            null,
            null,
            cipher.seal(Map.of("password", "hunter22")),
            now);
    JournalSerializer serializer = new JournalSerializer();
    byte[] bytes = serializer.toBinary(created);
    String text = new String(bytes, StandardCharsets.UTF_8);

    assertThat(text)
        .doesNotContain("hunter22")
        .doesNotContain(
            Base64.getEncoder().encodeToString("hunter22".getBytes(StandardCharsets.UTF_8)))
        .contains("hmac-sha256:");
    assertThat(serializer.fromBinary(bytes, serializer.manifest(created))).isEqualTo(created);
  }

  @Test
  void idsHaveJujusShapeAndSortByTime() {
    SecretIds ids =
        new SecretIds(Clock.fixed(Instant.parse("2026-11-23T10:00:00Z"), ZoneOffset.UTC));
    String first = ids.get();
    String second = ids.get();
    assertThat(first).matches("[0-9a-v]{20}");
    assertThat(SecretIds.valid(first)).isTrue();
    assertThat(first).isNotEqualTo(second);
    String later =
        new SecretIds(Clock.fixed(Instant.parse("2027-01-01T00:00:00Z"), ZoneOffset.UTC)).get();
    assertThat(later.compareTo(first)).isPositive();
    // rs/xid writes the last byte as dst[19] = alphabet[(id[11] << 4) & 0x1f]
    assertThat(SecretIds.encode(new byte[] {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1}))
        .isEqualTo("0000000000000000000g");
  }
}
