package io.caasoperator.charm;

import java.io.IOException;

/**
 * A charm refused while walking its files (escaping symlink, over a limit). File visitors may only
 * throw IOException, so the refusal travels as one and is turned into a non-retryable {@link
 * CharmException} by the walker's caller, apart from genuine I/O failures.
 */
final class CharmRefusal extends IOException {
  CharmRefusal(String problem) {
    super(problem);
  }
}
