package io.caasoperator.secret;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.caasoperator.persistence.secret.SealedContent;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;
import javax.crypto.Cipher;
import javax.crypto.Mac;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * Seals secret content for the journal and opens it again: AES-256-GCM with a random 96-bit nonce
 * per revision, under a key kept in the data directory ({@value #KEY_FILE}, mode 0600, made on
 * first use). Whoever can read that file and the journal can read every secret; the journal alone
 * shows ciphertext and a keyed digest only. On Kubernetes the file lives in the operator's data
 * volume, beside the journal.
 */
public final class SecretCipher {

  public static final String KEY_FILE = "secrets.key";
  private static final int KEY_BYTES = 32;
  private static final int NONCE_BYTES = 12;
  private static final int TAG_BITS = 128;
  private static final ObjectMapper JSON = new ObjectMapper();

  private final SecretKeySpec key;
  private final SecretKeySpec digestKey;
  private final SecureRandom random;

  SecretCipher(byte[] keyBytes, SecureRandom random) {
    if (keyBytes.length != KEY_BYTES)
      throw new IllegalArgumentException("a secret key has " + KEY_BYTES + " bytes");
    this.key = new SecretKeySpec(keyBytes.clone(), "AES");
    // The digest gets its own key derived from the one key: one key is never used for two
    // algorithms.
    this.digestKey =
        new SecretKeySpec(
            hmac(
                new SecretKeySpec(keyBytes, "HmacSHA256"),
                "caas-operator secret digest".getBytes(StandardCharsets.UTF_8)),
            "HmacSHA256");
    this.random = random;
  }

  /** With a key of its own (tests). */
  public static SecretCipher withRandomKey() {
    SecureRandom random = new SecureRandom();
    byte[] key = new byte[KEY_BYTES];
    random.nextBytes(key);
    return new SecretCipher(key, random);
  }

  /**
   * The cipher of the key in {@code dataDir}, made (0600, written once, never replaced) when there
   * is none. Blocking file IO: call it at start-up, not on an actor's thread.
   */
  public static SecretCipher inDirectory(Path dataDir) throws IOException {
    Path file = dataDir.resolve(KEY_FILE);
    SecureRandom random = new SecureRandom();
    if (!Files.exists(file)) {
      byte[] fresh = new byte[KEY_BYTES];
      random.nextBytes(fresh);
      try {
        Files.createFile(
            file,
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        Files.write(file, fresh, StandardOpenOption.WRITE, StandardOpenOption.SYNC);
      } catch (FileAlreadyExistsException raced) {
        // another start made it first: read that one
      }
    }
    byte[] bytes = Files.readAllBytes(file);
    if (bytes.length != KEY_BYTES) {
      throw new IOException(
          file + " is not a secret key (" + bytes.length + " bytes, expected " + KEY_BYTES + ")");
    }
    return new SecretCipher(bytes, random);
  }

  /** Seals {@code content} (key to value) as one revision. */
  public SealedContent seal(Map<String, String> content) {
    byte[] plain = plaintext(content);
    byte[] nonce = new byte[NONCE_BYTES];
    random.nextBytes(nonce);
    try {
      Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
      cipher.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, nonce));
      byte[] sealed = cipher.doFinal(plain);
      Base64.Encoder b64 = Base64.getEncoder();
      return new SealedContent(
          b64.encodeToString(nonce), b64.encodeToString(sealed), digest(content));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(
          "cannot encrypt secret content: " + e.getClass().getSimpleName(), e);
    }
  }

  /** The content {@link #seal} sealed; fails when it was sealed under another key or altered. */
  public Map<String, String> open(SealedContent sealed) {
    try {
      Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
      cipher.init(
          Cipher.DECRYPT_MODE,
          key,
          new GCMParameterSpec(TAG_BITS, Base64.getDecoder().decode(sealed.nonce())));
      byte[] plain = cipher.doFinal(Base64.getDecoder().decode(sealed.ciphertext()));
      return JSON.readValue(plain, new TypeReference<TreeMap<String, String>>() {});
    } catch (GeneralSecurityException | IOException | IllegalArgumentException e) {
      // never the content in the message, nor the cause's (which could quote it)
      throw new IllegalStateException(
          "cannot decrypt secret content "
              + sealed.digest()
              + ": sealed under another key ("
              + KEY_FILE
              + " replaced?) or altered");
    }
  }

  /** {@code hmac-sha256:<16 hex>} of the content, the same for the same content under one key. */
  public String digest(Map<String, String> content) {
    return "hmac-sha256:" + HexFormat.of().formatHex(hmac(digestKey, plaintext(content)), 0, 8);
  }

  private static byte[] plaintext(Map<String, String> content) {
    try {
      // sorted: the same content always gives the same bytes, so the same digest
      return JSON.writeValueAsBytes(new TreeMap<>(content));
    } catch (IOException e) {
      throw new IllegalStateException("cannot write secret content", e);
    }
  }

  private static byte[] hmac(SecretKeySpec key, byte[] data) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(key);
      return mac.doFinal(data);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 is not available", e);
    }
  }
}
