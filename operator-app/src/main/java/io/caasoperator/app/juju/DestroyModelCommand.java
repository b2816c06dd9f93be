package io.caasoperator.app.juju;

import io.caasoperator.domain.DurationText;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code juju destroy-model MODEL --no-prompt}: stops the model's operator (asked first, killed
 * with every process it started once the grace period is over), then removes the model's directory
 * — journal, charms, units, storage — and forgets it as the current model. Bounded whatever the
 * operator does: the grace period (30 s, 5 s with {@code --force} or {@code --no-wait}, or {@code
 * --timeout}) plus a few seconds for the kill.
 */
@Command(
    name = "destroy-model",
    description = "Stops a model's operator and removes the model and everything it stored.")
final class DestroyModelCommand extends JujuCommand {

  static final Duration GRACE = Duration.ofSeconds(30);
  static final Duration FORCED_GRACE = Duration.ofSeconds(5);

  @Parameters(index = "0", paramLabel = "MODEL", description = "[<controller>:][<user>/]<model>")
  String model;

  @Option(names = {"--no-prompt", "-y", "--yes"})
  boolean noPrompt;

  @Option(names = "--destroy-storage")
  boolean destroyStorage;

  @Option(names = "--release-storage")
  boolean releaseStorage;

  @Option(names = "--force")
  boolean force;

  @Option(names = "--no-wait")
  boolean noWait;

  @Option(
      names = {"-t", "--timeout"},
      paramLabel = "DURATION")
  String timeout;

  @Option(names = {"-B", "--no-browser-login"})
  boolean noBrowserLogin;

  @Override
  int run(JujuContext context) {
    ModelReference reference = ModelReference.parse(model);
    ModelDirectory directory = context.models().requireEvenUnfinished(reference.name());
    Duration grace = grace();
    if (!noPrompt && !confirmed(context)) throw new JujuFailure("model destruction: aborted");
    new Notes(context)
        .ignored(
            "--release-storage",
            releaseStorage,
            "storage lives in the model and is removed with it");
    context.err().println("Destroying model");
    ModelOperators.Stopped stopped = context.operators().stop(directory, grace);
    if (stopped instanceof ModelOperators.Stopped.StillRunning still) {
      throw new JujuFailure(
          "cannot destroy model "
              + ModelReference.quoted(reference.name().value())
              + ": its operator (pid "
              + still.pid()
              + ") did not end even when killed; the model is kept");
    }
    if (stopped instanceof ModelOperators.Stopped.Killed killed) {
      context
          .err()
          .println(
              "The model's operator (pid "
                  + killed.pid()
                  + ") did not stop within "
                  + DurationText.format(grace)
                  + " and was killed");
    }
    context.models().remove(directory);
    context.models().clearCurrent(reference.name());
    context.err().println("Model destroyed.");
    return 0;
  }

  private Duration grace() {
    if (timeout != null) {
      return DurationText.parse(timeout)
          .orElseThrow(
              () ->
                  JujuFailure.usage(
                      "invalid value "
                          + ModelReference.quoted(timeout)
                          + " for option -t, --timeout: time: invalid duration "
                          + ModelReference.quoted(timeout)));
    }
    return force || noWait ? FORCED_GRACE : GRACE;
  }

  /** Juju's prompt: the model goes only on an explicit yes. */
  private boolean confirmed(JujuContext context) {
    context
        .err()
        .print(
            "WARNING This command will destroy the "
                + ModelReference.quoted(model)
                + " model and its operator, and remove everything it stored.\n\n"
                + "Continue [y/N]? ");
    context.err().flush();
    try {
      String answer =
          new BufferedReader(new InputStreamReader(context.in(), StandardCharsets.UTF_8))
              .readLine();
      return answer != null
          && (answer.strip().equalsIgnoreCase("y") || answer.strip().equalsIgnoreCase("yes"));
    } catch (IOException e) {
      return false;
    }
  }
}
