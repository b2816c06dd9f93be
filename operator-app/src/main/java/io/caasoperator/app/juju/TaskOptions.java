package io.caasoperator.app.juju;

import java.time.Duration;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * The flags {@code juju exec} and {@code juju run} share: the task's output format, how long to
 * wait for it, and {@code --background}: {@code run} queues the action and returns (the operator
 * keeps it for {@code show-task}); {@code exec} refuses it (exec tasks are not kept to show later).
 */
final class TaskOptions {

  @Option(names = "--format", paramLabel = "FORMAT", description = "plain, json or yaml.")
  String format = "plain";

  @Option(names = "--wait", paramLabel = "DURATION", description = "How long to wait for it.")
  String wait;

  @Option(names = "--background", description = "run: queue it and return; exec: refused.")
  boolean background;

  @Option(names = "--utc", description = "Accepted; times are in UTC.")
  boolean utc;

  /** The format asked for, checked; {@code --background} refused. */
  String format() {
    if (background)
      throw JujuFailure.usage("--background: tasks are waited for here; run without it");
    return backgroundFormat();
  }

  /** The format asked for, checked, where {@code --background} applies ({@code run}). */
  String backgroundFormat() {
    return Output.format(format, List.of("plain", "json", "yaml"));
  }

  /** {@code --wait}, else {@code otherwise}. */
  Duration wait(Duration otherwise) {
    return wait == null ? otherwise : WaitOption.parse(wait);
  }
}
