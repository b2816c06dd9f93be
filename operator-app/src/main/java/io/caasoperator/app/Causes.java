package io.caasoperator.app;

/** Reading a failure's cause chain, for one-line messages that name the real reason. */
final class Causes {
  private Causes() {}

  /**
   * The innermost message, or the kind of failure when no layer has one (a refused connection has
   * none).
   */
  static String describe(Throwable failure) {
    String message = null;
    for (Throwable t = failure; t != null; t = next(t)) {
      if (t.getMessage() != null && !t.getMessage().isBlank()) message = t.getMessage();
    }
    return message != null ? message : failure.getClass().getSimpleName();
  }

  /** The first failure of {@code type} in the chain, or null. */
  static <T extends Throwable> T find(Throwable failure, Class<T> type) {
    for (Throwable t = failure; t != null; t = next(t)) {
      if (type.isInstance(t)) return type.cast(t);
    }
    return null;
  }

  private static Throwable next(Throwable t) {
    return t.getCause() == t ? null : t.getCause();
  }
}
