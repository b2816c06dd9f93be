package io.caasoperator.http.auth;

import io.caasoperator.files.AtomicFile;
import io.caasoperator.http.setup.DataDirException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.EnumSet;
import java.util.Set;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The bearer token for admin and exec calls, kept in {@code <data-dir>/admin-token} (mode 0600):
 * whoever can read the data directory may administer the operator, nobody else.
 *
 * <p>Generated on the first start, reused afterwards so a CLI session survives an operator restart.
 *
 * @param value 32 random bytes, base64url without padding (43 characters)
 */
public record AdminToken(String value) {

  public static final String FILE_NAME = "admin-token";
  private static final Logger LOG = LoggerFactory.getLogger(AdminToken.class);
  private static final int RANDOM_BYTES = 32;

  public AdminToken {
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException("admin token must not be blank");
    }
  }

  /** A fresh token from {@code random}. */
  public static AdminToken generate(SecureRandom random) {
    byte[] bytes = new byte[RANDOM_BYTES];
    random.nextBytes(bytes);
    return new AdminToken(Base64.getUrlEncoder().withoutPadding().encodeToString(bytes));
  }

  /**
   * The operator's token: read from {@code <dataDir>/admin-token}, created there first if absent.
   */
  public static AdminToken loadOrCreate(Path dataDir) {
    return loadOrCreate(dataDir, new SecureRandom());
  }

  /** As {@link #loadOrCreate(Path)}, with the randomness given. */
  public static AdminToken loadOrCreate(Path dataDir, SecureRandom random) {
    Path file = dataDir.resolve(FILE_NAME);
    if (!Files.exists(file)) {
      create(file, generate(random));
    }
    return load(file);
  }

  /** Reads the token for the CLI; a too-open mode is logged as a warning. */
  public static AdminToken load(Path file) {
    return load(file, LOG::warn);
  }

  /**
   * Reads the token from {@code file}. Missing, unreadable or empty files are errors; a mode other
   * than owner-only is reported to {@code warnings} and the token still used, since refusing would
   * lock a user out of an operator whose token leaked no further than before.
   */
  public static AdminToken load(Path file, Consumer<String> warnings) {
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8).strip();
    } catch (NoSuchFileException e) {
      throw new DataDirException(
          "the admin token file "
              + file
              + " is missing;"
              + " it is created when the operator first starts with this data directory");
    } catch (IOException e) {
      throw new DataDirException("cannot read the admin token file " + file + ": " + e, e);
    }
    if (text.isEmpty()) {
      throw new DataDirException(
          "the admin token file "
              + file
              + " is empty;"
              + " delete it and restart the operator to generate a new token");
    }
    checkMode(file, warnings);
    return new AdminToken(text);
  }

  /** Whether {@code candidate} is this token, in time independent of where they differ. */
  public boolean matches(String candidate) {
    if (candidate == null) {
      return false;
    }
    return MessageDigest.isEqual(
        value.getBytes(StandardCharsets.UTF_8), candidate.getBytes(StandardCharsets.UTF_8));
  }

  /** Never prints the secret: records end up in logs. */
  @Override
  public String toString() {
    return "AdminToken[***]";
  }

  private static void create(Path file, AdminToken token) {
    try {
      Files.createDirectories(file.toAbsolutePath().getParent());
      // Owner-only from creation: the secret is never readable by others, not even briefly.
      AtomicFile.at(file)
          .withMode(AtomicFile.OWNER_ONLY)
          .write(token.value() + "\n", StandardCharsets.UTF_8);
    } catch (FileAlreadyExistsException e) {
      // another process created it between our check and now; load() reads theirs
    } catch (IOException e) {
      throw new DataDirException("cannot create the admin token file " + file + ": " + e, e);
    }
  }

  private static void checkMode(Path file, Consumer<String> warnings) {
    if (!file.getFileSystem().supportedFileAttributeViews().contains("posix")) {
      return;
    }
    try {
      Set<PosixFilePermission> mode = Files.getPosixFilePermissions(file);
      Set<PosixFilePermission> others = EnumSet.copyOf(mode);
      others.removeAll(EnumSet.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE));
      if (!others.isEmpty()) {
        warnings.accept(
            "the admin token file "
                + file
                + " has mode "
                + PosixFilePermissions.toString(mode)
                + "; anyone who can read it can administer the operator: chmod 600 "
                + file);
      }
    } catch (IOException e) {
      warnings.accept("cannot check the mode of " + file + ": " + e);
    }
  }
}
