package io.caasoperator.app;

import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code caas-operator logs UNIT --container C [--service S] [-n N] [-f]}: a container's service
 * output as its Pebble keeps it (bounded: the latest lines of each service), as {@code pebble logs}
 * prints it; {@code -f} keeps printing new lines until interrupted.
 */
@Command(
    name = "logs",
    description = "Print a unit container's service output (local substrate), as pebble logs does.")
final class LogsCommand implements Callable<Integer> {
  static final String NAME = "logs";

  /** How often {@code -f} asks for new lines. */
  private static final long FOLLOW_MILLIS = 1000;

  @Mixin OperatorConnection connection;

  @Parameters(index = "0", paramLabel = "UNIT", description = "The unit, e.g. web/0.")
  String unit;

  @Option(
      names = "--container",
      required = true,
      paramLabel = "C",
      description = "The container, as the charm names it.")
  String container;

  @Option(
      names = "--service",
      paramLabel = "S",
      description = "Only this service (default: every service of the container).")
  String service;

  @Option(
      names = "-n",
      defaultValue = "30",
      paramLabel = "N",
      description = "Lines to print first (default: ${DEFAULT-VALUE}).")
  int lines;

  @Option(
      names = {"-f", "--follow"},
      description = "Keep printing new lines until interrupted.")
  boolean follow;

  @Override
  public Integer call() throws Exception {
    if (!unit.matches("[a-z][a-z0-9-]*/[0-9]+"))
      return Cli.fail(NAME, "invalid unit \"" + unit + "\": expected e.g. web/0", 2);
    if (lines < 0) return Cli.fail(NAME, "-n must be 0 or more, got " + lines, 2);
    return Cli.call(
        NAME,
        connection,
        ExitCodes.Own.STANDARD,
        client -> {
          List<String> printed = fetch(client, lines);
          if (printed == null) return 1;
          printed.forEach(System.out::println);
          String last = printed.isEmpty() ? null : printed.getLast();
          while (follow) {
            Thread.sleep(FOLLOW_MILLIS); // the operator has no log stream to wait on: ask again
            List<String> now = fetch(client, -1);
            if (now == null) return 1;
            List<String> fresh = LogsCommand.after(now, last);
            fresh.forEach(System.out::println);
            if (!fresh.isEmpty()) last = fresh.getLast();
            System.out.flush();
          }
          return 0;
        });
  }

  /** The lines of {@code all} after {@code last} (all of them when it is not there any more). */
  static List<String> after(List<String> all, String last) {
    if (last == null) return all;
    int at = all.lastIndexOf(last);
    return at < 0 ? all : all.subList(at + 1, all.size());
  }

  private List<String> fetch(io.caasoperator.http.client.OperatorClient client, int n)
      throws Exception {
    String query =
        "?n="
            + n
            + (service == null
                ? ""
                : "&service=" + URLEncoder.encode(service, StandardCharsets.UTF_8));
    HttpResponse<String> response =
        client.get(
            "/v1/units/"
                + unit
                + "/containers/"
                + URLEncoder.encode(container, StandardCharsets.UTF_8)
                + "/logs"
                + query);
    if (response.statusCode() == 404 && !response.body().startsWith("{")) {
      Cli.fail(NAME, "this operator has no unit containers (Kubernetes, or run --pebble=off)", 1);
      return null;
    }
    if (response.statusCode() != 200) {
      Cli.fail(NAME, Cli.errorOf(response), 1);
      return null;
    }
    return response.body().isEmpty() ? List.of() : List.of(response.body().split("\n"));
  }
}
