package io.caasoperator.pebble.checks;

import io.caasoperator.pebble.plan.CheckSpec;
import java.time.Duration;
import java.util.Optional;

/**
 * Runs one check once: empty when it passed, else what went wrong. May block up to {@code timeout}.
 */
@FunctionalInterface
public interface Checker {
  Optional<String> run(CheckSpec check, Duration timeout) throws InterruptedException;
}
