package io.caasoperator.app;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.caasoperator.domain.UnitId;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code caas-operator exec <unit> -- <commands>}: run commands in a unit's context, like {@code
 * juju exec}. It exits with the commands' code, so its own failures use codes of their own ({@link
 * ExitCodes#EXEC_FAILED}, {@link ExitCodes#UNREACHABLE}), never the 1 and 2 commands use.
 */
@Command(
    name = "exec",
    description = {
      "Run commands in a unit's context, as juju exec does.",
      "They run with bash -c (sh -c where the unit has no bash) in the unit's charm directory, with the"
          + " hook environment and the hook tools, after its running hook. Prints their stdout and"
          + " stderr and exits with their code."
    })
final class ExecCommand implements Callable<Integer> {

  @Mixin UnitArgument target;

  @Option(
      names = "--timeout",
      paramLabel = "DURATION",
      description = "Kill the commands after this (default: 5m).")
  String timeout;

  @Option(
      names = "--action",
      paramLabel = "NAME",
      description =
          "Run as this action: action-get reads the --param values; the results are printed after the output.")
  String action;

  @Option(
      names = "--param",
      paramLabel = "KEY=VALUE",
      description = "An action parameter (repeatable; values are YAML scalars).")
  Map<String, String> params = new LinkedHashMap<>();

  @Option(
      names = "--format",
      defaultValue = "text",
      paramLabel = "FORMAT",
      description =
          "${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}): text prints the commands' stdout and stderr"
              + " as they wrote them; json and yaml print one document on stdout: unit, code, stdout, stderr, truncated,"
              + " timedOut and the action's result.")
  OutputFormat format;

  @Parameters(
      index = "1..*",
      paramLabel = "COMMANDS",
      arity = "1..*",
      description = "The commands (after --).")
  List<String> commands;

  @Override
  public Integer call() throws Exception {
    Optional<UnitId> named = target.unit("exec");
    if (named.isEmpty()) return ExitCodes.EXEC_FAILED;
    UnitId id = named.get();
    ObjectMapper json = new ObjectMapper();
    ObjectNode body = json.createObjectNode().put("commands", String.join(" ", commands));
    if (timeout != null) body.put("timeout", timeout);
    if (action != null) {
      ObjectNode p = body.putObject("action").put("name", action).putObject("params");
      ObjectMapper yaml = new ObjectMapper(new YAMLFactory());
      for (var e : params.entrySet()) p.set(e.getKey(), yaml.readTree(e.getValue()));
    } else if (!params.isEmpty()) {
      return Cli.fail("exec", "--param needs --action", ExitCodes.EXEC_FAILED);
    }
    return target.post(
        "exec",
        id,
        ExitCodes.Own.EXEC,
        "exec",
        json.writeValueAsString(body),
        response -> {
          boolean timedOut = response.statusCode() == 408;
          if (response.statusCode() != 200 && !timedOut)
            return Cli.fail("exec", Cli.errorOf(response), ExitCodes.EXEC_FAILED);
          JsonNode reply = json.readTree(response.body());
          int code = timedOut ? ExitCodes.EXEC_TIMED_OUT : reply.path("code").asInt();
          // an action that called action-fail has failed even when its commands exited 0
          if (reply.hasNonNull("action")
              && "failed".equals(reply.path("action").path("status").asText())
              && code == 0) {
            code = ExitCodes.FAILED;
          }
          if (format != OutputFormat.text) {
            System.out.print(format.write(document(id, reply, code, timedOut)));
            return code;
          }
          System.out.print(reply.path("stdout").asText());
          System.out.flush();
          System.err.print(reply.path("stderr").asText());
          if (reply.path("truncated").asBoolean())
            System.err.println("caas-operator exec: output was cut at the operator's limit");
          if (timedOut) return Cli.fail("exec", reply.path("detail").asText(), code);
          if (reply.hasNonNull("action"))
            System.out.print(OutputFormat.yaml.write(reply.get("action")));
          return code;
        });
  }

  /** What {@code --format json|yaml} prints: the same for a finished and a timed-out exec. */
  private static JsonNode document(UnitId unit, JsonNode reply, int code, boolean timedOut) {
    ObjectNode out = new ObjectMapper().createObjectNode();
    out.put("unit", unit.toString())
        .put("code", code)
        .put("stdout", reply.path("stdout").asText())
        .put("stderr", reply.path("stderr").asText())
        .put("truncated", reply.path("truncated").asBoolean())
        .put("timedOut", timedOut);
    if (timedOut) out.put("detail", reply.path("detail").asText());
    if (reply.hasNonNull("action")) out.set("action", reply.get("action"));
    return out;
  }
}
