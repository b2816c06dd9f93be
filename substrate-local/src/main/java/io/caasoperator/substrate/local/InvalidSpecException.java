package io.caasoperator.substrate.local;

import java.util.List;

/**
 * A specification file that cannot be used. The message names the file and every problem found, so
 * a user fixes them all in one edit; {@link #problems()} has them one by one, for a list.
 */
public final class InvalidSpecException extends Exception {
  private final List<String> problems;

  public InvalidSpecException(String message) {
    this(message, List.of(message));
  }

  /**
   * @param message every problem on one line
   * @param problems every problem as a sentence of its own that names the file
   */
  public InvalidSpecException(String message, List<String> problems) {
    super(message);
    this.problems = List.copyOf(problems);
  }

  /** Every problem as a sentence of its own that names the file. */
  public List<String> problems() {
    return problems;
  }
}
