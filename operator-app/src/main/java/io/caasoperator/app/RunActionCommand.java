package io.caasoperator.app;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.caasoperator.domain.DurationText;
import io.caasoperator.domain.UnitId;
import io.caasoperator.http.client.OperatorClient;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code caas-operator run-action UNIT ACTION [key=value ...]}: runs one of the charm's actions on
 * a unit, like {@code juju run} ({@code cmd/juju/action/run.go}): parameters as {@code key=value}
 * (dotted keys nest, values read as YAML unless {@code --string-args}) over a {@code --params} YAML
 * file; waits for the result (60 s by default, as {@code juju run}) and prints it as YAML or JSON;
 * exits 1 when the action failed, 124 when it did not finish in time.
 */
@Command(
    name = "run-action",
    description = {
      "Run a charm action on a unit, as juju run does.",
      "Its parameters are checked against the action's schema; it runs after the unit's running hook."
          + " Waits for it and prints its results; exits 1 when it failed, 124 when it did not finish"
          + " within --wait. --background queues it and prints its id."
    })
final class RunActionCommand implements Callable<Integer> {

  static final String NAME = "run-action";

  /**
   * {@code juju run}'s default wait ({@code runcommandbase.go}: 60 s when neither flag is given).
   */
  static final Duration DEFAULT_WAIT = Duration.ofSeconds(60);

  /**
   * Juju's {@code nameRule} for action names and parameter keys ({@code
   * internal/charm/actions.go}).
   */
  private static final Pattern NAME_RULE = Pattern.compile("^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$");

  @Mixin OperatorConnection connection;

  @Parameters(index = "0", paramLabel = "UNIT", description = "e.g. hello/0")
  String unit;

  @Parameters(
      index = "1",
      paramLabel = "ACTION",
      description = "The action, as in the charm's actions.yaml.")
  String action;

  @Parameters(
      index = "2..*",
      paramLabel = "KEY=VALUE",
      description =
          "A parameter; dotted keys nest (file.kind=xz). Values are YAML (1 is a number), unless"
              + " --string-args.")
  List<String> args = new ArrayList<>();

  @Option(
      names = "--params",
      paramLabel = "FILE",
      description = "A YAML file of parameters ('-' reads stdin); KEY=VALUE wins.")
  Path paramsFile;

  @Option(names = "--string-args", description = "Take KEY=VALUE values as strings, not YAML.")
  boolean stringArgs;

  @Option(
      names = "--wait",
      arity = "0..1",
      paramLabel = "TIMEOUT",
      fallbackValue = "60s",
      description = "How long to wait for the result (default: 60s).")
  String waitText;

  @Option(
      names = "--background",
      description = "Queue the action, print its id and return without waiting.")
  boolean background;

  @Mixin ActionFormat format;

  @Override
  public Integer call() throws Exception {
    Optional<UnitId> named = Cli.unit(NAME, unit);
    if (named.isEmpty()) return ExitCodes.USAGE;
    UnitId id = named.get();
    if (!NAME_RULE.matcher(action).matches())
      return Cli.fail(NAME, "invalid action name \"" + action + "\"", 2);
    if (!format.isKnown(NAME)) return ExitCodes.USAGE;
    if (background && waitText != null)
      return Cli.fail(NAME, "cannot specify both --wait and --background", 2);
    Duration wait = DEFAULT_WAIT;
    if (waitText != null) {
      var parsed = DurationText.parse(waitText);
      if (parsed.isEmpty() || parsed.get().isZero()) {
        return Cli.fail(
            NAME, "--wait: \"" + waitText + "\" is not a duration (use e.g. 30s, 5m, 1h)", 2);
      }
      wait = parsed.get();
    }
    ObjectNode params;
    try {
      params = params();
    } catch (IllegalArgumentException | IOException e) {
      return Cli.fail(NAME, e.getMessage(), 2);
    }
    Duration limit = wait;
    return Cli.call(
        NAME, connection, ExitCodes.Own.STANDARD, client -> run(client, id, params, limit));
  }

  private int run(OperatorClient client, UnitId id, ObjectNode params, Duration wait)
      throws Exception {
    ObjectMapper json = new ObjectMapper();
    ObjectNode body = json.createObjectNode();
    body.set("params", params);
    HttpResponse<String> response =
        client.post(Cli.unitPath(id, "actions/" + action), body.toString());
    if (response.statusCode() != 200 && response.statusCode() != 202)
      return Cli.fail(NAME, Cli.errorOf(response), 1);
    JsonNode queued = json.readTree(response.body());
    String task = queued.path("id").asText();
    if (background) {
      System.out.println(task);
      System.err.println("Scheduled task " + task + " on " + id);
      System.err.println("Check its status with 'caas-operator show-action " + task + "'");
      return 0;
    }
    System.err.println("Running task " + task + " on " + id);
    System.err.println();
    System.err.println("Waiting for task " + task + "...");
    JsonNode result = ShowActionCommand.await(client, task, wait);
    if (result == null)
      return Cli.fail(NAME, "task " + task + " is no longer kept by the operator", 1);
    if (!ActionOutput.finished(result)) {
      System.err.println(
          "timed out waiting for results from: unit "
              + id
              + " (task "
              + task
              + " is "
              + result.path("status").asText()
              + "; see caas-operator show-action "
              + task
              + ")");
      return 124;
    }
    Map<String, Object> out = new TreeMap<>();
    out.put(id.name(), ActionOutput.task(result));
    System.out.print(ActionOutput.write(out, format.value));
    if (result.path("status").asText().equals("completed")) return 0;
    JsonNode code = result.path("results").path("return-code");
    System.err.println("the following task failed:");
    System.err.println(
        code.isNumber() && code.asInt() != 0
            ? " - id \"" + task + "\" with return code " + code.asInt()
            : " - id \"" + task + "\": " + result.path("message").asText());
    System.err.println();
    System.err.println("use 'caas-operator show-action " + task + "' to inspect the failure");
    return 1;
  }

  /** The parameters: the --params file, then each KEY=VALUE over it (Juju's addValueToMap). */
  ObjectNode params() throws IOException {
    ObjectMapper yaml = new ObjectMapper(new YAMLFactory());
    ObjectNode params = JsonNodeFactory.instance.objectNode();
    if (paramsFile != null) {
      String text =
          paramsFile.toString().equals("-")
              ? new String(System.in.readAllBytes(), StandardCharsets.UTF_8)
              : Files.readString(paramsFile);
      JsonNode read = yaml.readTree(text);
      if (read != null && !read.isMissingNode() && !read.isNull()) {
        if (!read.isObject()) {
          throw new IllegalArgumentException(
              "--params " + paramsFile + ": expected a YAML map of parameters");
        }
        params.setAll((ObjectNode) read);
      }
    }
    for (String arg : args) {
      int eq = arg.indexOf('=');
      if (eq < 0) {
        throw new IllegalArgumentException(
            "argument \"" + arg + "\" must be of the form key.key.key...=value");
      }
      String[] keys = arg.substring(0, eq).split("\\.", -1);
      for (String key : keys) {
        if (!NAME_RULE.matcher(key).matches()) {
          throw new IllegalArgumentException(
              "key \""
                  + key
                  + "\" must start and end with lowercase alphanumeric,"
                  + " and contain only lowercase alphanumeric and hyphens");
        }
      }
      String text = arg.substring(eq + 1);
      JsonNode value = stringArgs ? TextNode.valueOf(text) : yaml.readTree(text);
      if (value == null || value.isMissingNode()) value = JsonNodeFactory.instance.nullNode();
      ObjectNode level = params;
      for (int i = 0; i < keys.length - 1; i++) {
        JsonNode next = level.get(keys[i]);
        level = next instanceof ObjectNode object ? object : level.putObject(keys[i]);
      }
      level.set(keys[keys.length - 1], value);
    }
    return params;
  }
}
