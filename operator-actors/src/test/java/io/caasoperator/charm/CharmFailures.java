package io.caasoperator.charm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import org.assertj.core.api.ThrowableAssert.ThrowingCallable;

/**
 * A charm deployment that must fail, and whether the operator tries it again: the exception is
 * returned for the checks of what it says.
 */
final class CharmFailures {
  private CharmFailures() {}

  /** {@code deploy} fails for good (the charm itself is wrong): it is not tried again. */
  static CharmException permanent(ThrowingCallable deploy) {
    return failed(deploy, false);
  }

  /** {@code deploy} fails for now (the network, a busy server): it is tried again. */
  static CharmException retryable(ThrowingCallable deploy) {
    return failed(deploy, true);
  }

  private static CharmException failed(ThrowingCallable deploy, boolean retryable) {
    Throwable thrown = catchThrowable(deploy);
    assertThat(thrown).isInstanceOf(CharmException.class);
    CharmException failure = (CharmException) thrown;
    assertThat(failure.retryable()).as("retryable").isEqualTo(retryable);
    return failure;
  }
}
