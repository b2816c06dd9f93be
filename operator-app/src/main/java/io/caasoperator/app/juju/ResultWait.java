package io.caasoperator.app.juju;

import java.time.Duration;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * How long {@code show-task} and {@code show-operation} wait for what they show to finish, as
 * Juju's two commands take it ({@code cmd/juju/action/showtask.go}, {@code showoperation.go}): at
 * once by default, {@code --wait D} up to D, {@code --watch} until it ends; not both.
 */
final class ResultWait {

  /** How long {@code --watch} waits: until it ends, in practice. */
  private static final Duration WATCH = Duration.ofDays(1);

  @Mixin WaitOption wait;

  @Option(names = "--watch", description = "Wait until it finishes.")
  boolean watch;

  @Mixin UtcOption utc;

  /** The wait asked for; {@code --watch} with {@code --wait} a usage error. */
  Duration limit() {
    if (watch && wait.given())
      throw JujuFailure.usage("specify either --watch or --wait but not both");
    return watch ? WATCH : wait.or(Duration.ZERO);
  }
}
