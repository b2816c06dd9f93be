package io.caasoperator.app;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code caas-operator show-relation}: the application's relations with their databags, as the
 * operator's journal holds them and every unit's hooks read them (a running hook's own writes show
 * once it completes). With {@code --unit}, as that unit's charm sees each relation: its own databag
 * ({@code local-unit}), the other units' ({@code related-units}) and the application's.
 */
@Command(
    name = "show-relation",
    description = "Show the application's relations and their databags.")
final class ShowRelationCommand implements Callable<Integer> {

  @Mixin OperatorConnection connection;

  @Option(
      names = "--unit",
      paramLabel = "UNIT",
      description = "Show the relations as this unit sees them, e.g. mariadb/0.")
  String unit;

  @Option(
      names = "--format",
      defaultValue = "yaml",
      paramLabel = "FORMAT",
      description = "yaml or json (default: ${DEFAULT-VALUE}).")
  OutputFormat format;

  @Override
  public Integer call() throws Exception {
    return Cli.get(
        "show-relation",
        connection,
        "/v1/status",
        (client, status) -> {
          ObjectNode shown = new ObjectMapper().createObjectNode();
          for (JsonNode relation : status.path("relations")) {
            shown.set(
                relation.path("id").asText(), unit == null ? relation : asSeenBy(relation, unit));
          }
          System.out.print((format == OutputFormat.text ? OutputFormat.yaml : format).write(shown));
          return ExitCodes.OK;
        });
  }

  /**
   * The relation as {@code unit}'s hooks read it: Juju's {@code show-unit} relation-info layout.
   */
  private static JsonNode asSeenBy(JsonNode relation, String unit) {
    ObjectNode seen = new ObjectMapper().createObjectNode();
    seen.put("endpoint", relation.path("endpoint").asText());
    seen.put("interface", relation.path("interfaceName").asText());
    seen.put("type", relation.path("type").asText());
    seen.put("related-application", relation.path("remoteApplication").asText());
    seen.set("application-data", relation.path("applicationData"));
    seen.set("local-unit", relation.path("unitData").path(unit));
    ObjectNode related = seen.putObject("related-units");
    for (Iterator<Map.Entry<String, JsonNode>> it = relation.path("unitData").fields();
        it.hasNext(); ) {
      Map.Entry<String, JsonNode> other = it.next();
      if (!other.getKey().equals(unit)) related.set(other.getKey(), other.getValue());
    }
    ArrayNode inScope = seen.putArray("in-scope");
    relation.path("units").forEach(inScope::add);
    return seen;
  }
}
