package io.caasoperator.app.juju;

import java.time.Duration;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The flags {@code juju exec} and {@code juju run} share: the task's output format, how long to
 * wait for it, and {@code --background}: {@code run} queues the action and returns (the operator
 * keeps it for {@code show-task}); {@code exec} refuses it (exec tasks are not kept to show later).
 */
final class TaskOptions {

  @Mixin PlainFormat format;

  @Mixin WaitOption wait;

  @Option(names = "--background", description = "run: queue it and return; exec: refused.")
  boolean background;

  @Mixin UtcOption utc;

  /** The format asked for, checked; {@code --background} refused. */
  String format() {
    if (background)
      throw JujuFailure.usage("--background: tasks are waited for here; run without it");
    return backgroundFormat();
  }

  /** The format asked for, checked, where {@code --background} applies ({@code run}). */
  String backgroundFormat() {
    return format.chosen();
  }

  /** {@code --wait}, else {@code otherwise}. */
  Duration wait(Duration otherwise) {
    return wait.or(otherwise);
  }
}
