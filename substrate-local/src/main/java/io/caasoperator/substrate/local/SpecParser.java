package io.caasoperator.substrate.local;

import io.caasoperator.domain.ApplicationName;
import java.nio.file.Path;
import java.util.Optional;

/**
 * How the local substrate reads its application out of the file it watches: a specification file
 * names one application ({@link #SPEC_FILE}); a bundle names several, and one of them may have been
 * taken out of it ({@link BundleEntry}).
 */
@FunctionalInterface
public interface SpecParser {

  /** A specification file: the application it names, or its problems. */
  SpecParser SPEC_FILE = (file, content) -> Optional.of(SpecFile.parse(file, content));

  /**
   * The application's specification in {@code content}, read from {@code file}; empty when the
   * file, valid, no longer holds the application (it was removed from the model).
   *
   * @throws InvalidSpecException naming every problem of the file
   */
  Optional<LocalSpec> parse(Path file, byte[] content) throws InvalidSpecException;

  /**
   * The application read, when known before the file is read (a bundle's entry): a removed one's
   * units are still found by its name after a restart. Empty for a specification file.
   */
  default Optional<ApplicationName> knownApplication() {
    return Optional.empty();
  }

  /**
   * The model removed the application, whatever the file now says (its name may be listed again, or
   * the file be gone): its units stop and are removed. False for a specification file.
   */
  default boolean removed() {
    return false;
  }
}
