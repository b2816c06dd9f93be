package io.caasoperator.charm;

/**
 * A charm could not be fetched, verified, unpacked or loaded. The message always names the charm
 * and the problem, e.g. {@code charm examples/broken: metadata.yaml: missing field "name"}.
 */
public final class CharmException extends Exception {
  private final String charm;
  private final String problem;
  private final boolean retryable;

  /**
   * @param charm how the user named the charm (its url as given)
   * @param problem what is wrong, without the charm's name
   * @param retryable true when trying again later may succeed (network error, HTTP 5xx)
   */
  public CharmException(String charm, String problem, boolean retryable, Throwable cause) {
    super("charm " + charm + ": " + problem, cause);
    this.charm = charm;
    this.problem = problem;
    this.retryable = retryable;
  }

  public CharmException(String charm, String problem, boolean retryable) {
    this(charm, problem, retryable, null);
  }

  public String charm() {
    return charm;
  }

  public String problem() {
    return problem;
  }

  public boolean retryable() {
    return retryable;
  }
}
