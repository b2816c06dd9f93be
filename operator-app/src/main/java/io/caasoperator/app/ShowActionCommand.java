package io.caasoperator.app;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.caasoperator.domain.DurationText;
import io.caasoperator.http.client.OperatorClient;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code caas-operator show-action ID}: one charm action, as {@code juju show-task} shows a task
 * ({@code cmd/juju/action/showtask.go}); {@code --wait} waits for it to finish first.
 */
@Command(
    name = "show-action",
    description =
        "Show a charm action by id: status, message, results, log and timing (as juju show-task).")
final class ShowActionCommand implements Callable<Integer> {

  static final String NAME = "show-action";

  /** What one request may wait ({@code ActionRoutes.MAXIMUM_WAIT}); a longer wait asks again. */
  private static final Duration PER_REQUEST = Duration.ofMinutes(10);

  @Mixin OperatorConnection connection;

  @Parameters(
      index = "0",
      paramLabel = "ID",
      description = "The action's id, as run-action printed it.")
  String id;

  @Option(
      names = "--wait",
      paramLabel = "DURATION",
      description = "Wait at most this long for it to finish.")
  String waitText;

  @Mixin ActionFormat format;

  @Override
  public Integer call() throws Exception {
    if (!id.matches("[1-9][0-9]{0,17}")) {
      return Cli.fail(NAME, "invalid action id \"" + id + "\": expected a number such as 2", 2);
    }
    if (!format.isKnown(NAME)) return ExitCodes.USAGE;
    Duration wait = Duration.ZERO;
    if (waitText != null) {
      var parsed = DurationText.parse(waitText);
      if (parsed.isEmpty()) {
        return Cli.fail(
            NAME, "--wait: \"" + waitText + "\" is not a duration (use e.g. 30s, 5m)", 2);
      }
      wait = parsed.get();
    }
    Duration limit = wait;
    return Cli.get(
        NAME,
        connection,
        "/v1/actions/" + id + waitQuery(limit),
        (client, answer) -> {
          JsonNode action = answer;
          if (!limit.isZero() && !ActionOutput.finished(action)) action = await(client, id, limit);
          if (action == null)
            return Cli.fail(NAME, "action " + id + " is no longer kept by the operator", 1);
          System.out.print(ActionOutput.write(ActionOutput.task(action), format.value));
          return 0;
        });
  }

  /**
   * The action {@code id} once it finished, or as it is after {@code wait}; asks again every {@link
   * #PER_REQUEST} (what one request may wait). Null when the operator no longer knows it.
   */
  static JsonNode await(OperatorClient client, String id, Duration wait) throws Exception {
    long deadline = System.nanoTime() + wait.toNanos();
    ObjectMapper json = new ObjectMapper();
    while (true) {
      Duration left = Duration.ofNanos(Math.max(deadline - System.nanoTime(), 0));
      Duration now = left.compareTo(PER_REQUEST) > 0 ? PER_REQUEST : left;
      HttpResponse<String> response = client.get("/v1/actions/" + id + waitQuery(now));
      if (response.statusCode() == 404) return null;
      if (response.statusCode() != 200) throw new java.io.IOException(Cli.errorOf(response));
      JsonNode action = json.readTree(response.body());
      if (ActionOutput.finished(action) || deadline - System.nanoTime() <= 0) return action;
    }
  }

  private static String waitQuery(Duration wait) {
    return wait.toMillis() <= 0 ? "" : "?wait=" + wait.toMillis() + "ms";
  }
}
