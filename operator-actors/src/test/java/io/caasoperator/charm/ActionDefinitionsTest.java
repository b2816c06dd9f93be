package io.caasoperator.charm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.caasoperator.domain.CharmAction;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * actions.yaml turned into the JSON Schema Juju builds (internal/charm/actions.go,
 * ReadActionsYaml).
 */
class ActionDefinitionsTest {

  private static Map<String, CharmAction> read(String yaml) throws Exception {
    return read(yaml, "db");
  }

  private static Map<String, CharmAction> read(String yaml, String charmName) throws Exception {
    return ActionDefinitions.read(
        new CharmSection("c", "actions.yaml", new YAMLMapper().readTree(yaml)), charmName);
  }

  private static JsonNode schema(CharmAction action) throws Exception {
    return new ObjectMapper().readTree(action.params());
  }

  @Test
  void paramsBecomeTheSchemasPropertiesAndUndeclaredParametersAreRefusedByDefault()
      throws Exception {
    CharmAction snapshot =
        read("""
        snapshot:
          description: Take a snapshot of the database.
          params:
            filename: {type: string, description: The name of the snapshot file.}
            compression:
              type: object
              properties:
                kind: {type: string, enum: [gzip, xz]}
                quality: {type: integer, minimum: 0, maximum: 9}
          required: [filename]
        """)
            .get("snapshot");

    JsonNode schema = schema(snapshot);
    assertThat(snapshot.description()).isEqualTo("Take a snapshot of the database.");
    assertThat(snapshot.additionalProperties()).isFalse();
    assertThat(schema.path("type").asText()).isEqualTo("object");
    assertThat(schema.path("title").asText()).isEqualTo("snapshot");
    assertThat(schema.path("additionalProperties").asBoolean(true)).isFalse();
    assertThat(schema.path("required").get(0).asText()).isEqualTo("filename");
    assertThat(
            schema
                .path("properties")
                .path("compression")
                .path("properties")
                .path("quality")
                .path("maximum")
                .asInt())
        .isEqualTo(9);
  }

  @Test
  void anActionMayAcceptUndeclaredParameters() throws Exception {
    CharmAction run = read("run:\n  additionalProperties: true\n").get("run");

    assertThat(run.additionalProperties()).isTrue();
    assertThat(schema(run).path("additionalProperties").asBoolean()).isTrue();
  }

  @Test
  void anActionWithNothingButItsNameGetsJujusDefaults() throws Exception {
    Map<String, CharmAction> actions = read("pause:\nresume: {}\n");

    assertThat(actions).containsOnlyKeys("pause", "resume");
    CharmAction pause = actions.get("pause");
    assertThat(pause.description()).isEqualTo("No description");
    assertThat(pause.parallel()).isFalse();
    assertThat(pause.executionGroup()).isEmpty();
    assertThat(schema(pause).path("properties").isObject()).isTrue();
    assertThat(schema(pause).path("properties").isEmpty()).isTrue();
  }

  @Test
  void parallelAndExecutionGroupAreKeptBesideTheSchema() throws Exception {
    CharmAction backup =
        read("backup:\n  parallel: true\n  execution-group: storage\n").get("backup");

    assertThat(backup.parallel()).isTrue();
    assertThat(backup.executionGroup()).isEqualTo("storage");
    assertThat(schema(backup).has("parallel")).isFalse();
    assertThat(schema(backup).has("execution-group")).isFalse();
  }

  @Test
  void anEmptyFileHasNoActions() throws Exception {
    assertThat(read("")).isEmpty();
  }

  @Test
  void badNamesAndReservedNamesAreRefused() throws Exception {
    assertThatThrownBy(() -> read("Snapshot: {}\n"))
        .hasMessageStartingWith("charm c: actions.yaml: bad action name \"Snapshot\"");
    assertThatThrownBy(() -> read("snap-: {}\n")).hasMessageContaining("bad action name \"snap-\"");
    assertThatThrownBy(() -> read("juju-run: {}\n"))
        .hasMessage(
            "charm c: actions.yaml: cannot use action name \"juju-run\": the \"juju-\" prefix is reserved");
    assertThatThrownBy(() -> read("juju: {}\n"))
        .hasMessage(
            "charm c: actions.yaml: cannot use action name \"juju\": \"juju\" is a reserved name");
    assertThat(read("juju-run: {}\n", "juju-tools"))
        .as("a juju- charm may")
        .containsOnlyKeys("juju-run");
  }

  /**
   * Each row: an actions.yaml (in YAML's flow style, one line) and what the refusal says after
   * {@code charm c: actions.yaml: }.
   */
  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          {a: {description: [x]}}  | action "a": "description" must be a string
          {a: {required: filename}} | action "a": "required" must be a list
          {a: {params: [filename]}} | action "a": "params" must be a map of parameter names to schemas
          {a: {parallel: sometimes}} | action "a": "parallel" must be true or false
          {a: snapshot}            | action "a": must be a map
          [a]                      | expected a map at the top level
          """)
  void fieldsOfTheWrongKindAreRefusedNamingTheAction(String yaml, String problem) {
    assertThatThrownBy(() -> read(yaml)).hasMessage("charm c: actions.yaml: " + problem);
  }

  @Test
  void referencesToOtherSchemasAreRefusedAsInJuju() {
    assertThatThrownBy(() -> read("a:\n  params:\n    x: {$ref: 'http://example.com/x.json'}\n"))
        .hasMessage(
            "charm c: actions.yaml: action \"a\": schema key \"$ref\" is not supported (as in Juju)");
    assertThatThrownBy(() -> read("a:\n  $schema: 'http://json-schema.org/draft-07/schema#'\n"))
        .hasMessageContaining("schema key \"$schema\" is not supported");
  }

  @Test
  void aParamsSchemaThatIsNotJsonSchemaIsRefusedWithTheValidatorsWords() {
    assertThatThrownBy(() -> read("a:\n  params:\n    n: {type: integr}\n"))
        .hasMessageStartingWith("charm c: actions.yaml: action \"a\": invalid params schema: ")
        .hasMessageContaining("at \"properties.n.type\"");
    assertThatThrownBy(() -> read("a:\n  params:\n    n: {type: integer, minimum: low}\n"))
        .hasMessageContaining("at \"properties.n.minimum\": string found, number expected");
  }
}
