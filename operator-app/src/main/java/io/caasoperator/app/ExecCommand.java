package io.caasoperator.app;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.caasoperator.domain.UnitId;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code caas-operator exec <unit> -- <commands>}: run commands in a unit's context, like {@code juju exec}. */
@Command(name = "exec", mixinStandardHelpOptions = true,
    description = {"Run commands with sh -c in a unit's context (its directory, the hook environment, the hook tools),",
        "after its running hook. Prints their stdout and stderr and exits with their code."})
final class ExecCommand implements Callable<Integer> {

  @Mixin OperatorConnection connection;

  @Option(names = "--timeout", paramLabel = "DURATION", description = "Kill the commands after this (default: 5m).")
  String timeout;

  @Option(names = "--action", paramLabel = "NAME",
      description = "Run as this action: action-get reads the --param values; the results are printed after the output.")
  String action;

  @Option(names = "--param", paramLabel = "KEY=VALUE", description = "An action parameter (repeatable; values are YAML scalars).")
  java.util.Map<String, String> params = new java.util.LinkedHashMap<>();

  @Parameters(index = "0", paramLabel = "UNIT", description = "e.g. hello/0")
  String unit;

  @Parameters(index = "1..*", paramLabel = "COMMANDS", arity = "1..*", description = "The commands (after --).")
  List<String> commands;

  @Override
  public Integer call() throws Exception {
    UnitId id;
    try {
      id = UnitId.parse(unit);
    } catch (IllegalArgumentException e) {
      return Cli.fail("exec", e.getMessage(), 2);
    }
    ObjectMapper json = new ObjectMapper();
    ObjectNode body = json.createObjectNode().put("commands", String.join(" ", commands));
    if (timeout != null) body.put("timeout", timeout);
    if (action != null) {
      ObjectNode a = body.putObject("action").put("name", action);
      ObjectNode p = a.putObject("params");
      com.fasterxml.jackson.databind.ObjectMapper yaml =
          new com.fasterxml.jackson.databind.ObjectMapper(new com.fasterxml.jackson.dataformat.yaml.YAMLFactory());
      for (var e : params.entrySet()) p.set(e.getKey(), yaml.readTree(e.getValue()));
    } else if (!params.isEmpty()) {
      return Cli.fail("exec", "--param needs --action", 2);
    }
    return Cli.call("exec", connection, client -> {
      HttpResponse<String> response =
          client.post("/v1/units/" + id.application() + "/" + id.ordinal() + "/exec", json.writeValueAsString(body));
      JsonNode reply = json.readTree(response.body());
      if (response.statusCode() != 200 && response.statusCode() != 408) return Cli.fail("exec", Cli.errorOf(response), 1);
      System.out.print(reply.path("stdout").asText());
      System.out.flush();
      System.err.print(reply.path("stderr").asText());
      if (reply.path("truncated").asBoolean()) System.err.println("caas-operator exec: output was cut at the operator's limit");
      if (response.statusCode() == 408) return Cli.fail("exec", reply.path("detail").asText(), 124);
      if (reply.hasNonNull("action")) {
        System.out.print(new com.fasterxml.jackson.databind.ObjectMapper(
            new com.fasterxml.jackson.dataformat.yaml.YAMLFactory().disable(
                com.fasterxml.jackson.dataformat.yaml.YAMLGenerator.Feature.WRITE_DOC_START_MARKER))
            .writeValueAsString(reply.get("action")));
        // an action that called action-fail has failed even when its commands exited 0
        if ("failed".equals(reply.path("action").path("status").asText()) && reply.path("code").asInt() == 0) return 1;
      }
      return reply.path("code").asInt();
    });
  }
}
