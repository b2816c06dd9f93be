package io.caasoperator.charm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.caasoperator.charm.ActionParameters.Invalid;
import io.caasoperator.charm.ActionParameters.Outcome;
import io.caasoperator.charm.ActionParameters.Valid;
import io.caasoperator.domain.CharmAction;
import io.caasoperator.domain.CharmInfo;
import io.caasoperator.domain.CharmRef;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A request's action parameters checked against the charm's schema, defaults filled in as Juju
 * does.
 */
class ActionParametersTest {

  private static final String ACTIONS =
      """
      snapshot:
        params:
          filename: {type: string}
          retries: {type: integer, minimum: 0, default: 3}
          compression:
            type: object
            properties:
              kind: {type: string, enum: [gzip, xz], default: gzip}
              quality: {type: integer, minimum: 0, maximum: 9}
            additionalProperties: false
          tags: {type: array, items: {type: string}, default: [nightly]}
        required: [filename]
      run:
        params:
          command: {type: string, default: uptime}
        additionalProperties: true
      """;

  private static ActionSpec spec(String name) throws Exception {
    Map<String, CharmAction> actions =
        ActionDefinitions.read(
            new CharmSection("c", "actions.yaml", new YAMLMapper().readTree(ACTIONS)), "db");
    return ActionSpec.of(name, actions.get(name));
  }

  private static Map<String, Object> params(Object... keysAndValues) {
    Map<String, Object> params = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2)
      params.put((String) keysAndValues[i], keysAndValues[i + 1]);
    return params;
  }

  private static Map<String, Object> valid(Outcome outcome) {
    assertThat(outcome).isInstanceOf(Valid.class);
    return ((Valid) outcome).params();
  }

  private static List<String> problems(Outcome outcome) {
    assertThat(outcome).isInstanceOf(Invalid.class);
    return ((Invalid) outcome).problems();
  }

  @Test
  void validParametersComeBackWithTheDefaultsOfThoseNotGiven() throws Exception {
    Map<String, Object> filled =
        valid(ActionParameters.validate(spec("snapshot"), params("filename", "db.tar")));

    assertThat(filled)
        .isEqualTo(
            Map.of(
                "filename",
                "db.tar",
                "retries",
                3,
                "compression",
                Map.of("kind", "gzip"),
                "tags",
                List.of("nightly")));
  }

  @Test
  void givenValuesAreKeptAndNestedObjectsAreCompleted() throws Exception {
    Map<String, Object> filled =
        valid(
            ActionParameters.validate(
                spec("snapshot"),
                params("filename", "db.tar", "retries", 0, "compression", Map.of("quality", 9))));

    assertThat(filled)
        .containsEntry("retries", 0)
        .containsEntry("compression", Map.of("quality", 9, "kind", "gzip"));
  }

  @Test
  void aRequiredParameterMustBeGiven() throws Exception {
    assertThat(problems(ActionParameters.validate(spec("snapshot"), Map.of())))
        .containsExactly("required property 'filename' not found");
    assertThat(problems(ActionParameters.validate(spec("snapshot"), null)))
        .as("no parameters at all read as none")
        .containsExactly("required property 'filename' not found");
  }

  @Test
  void everyProblemIsReportedNamingItsParameter() throws Exception {
    List<String> problems =
        problems(
            ActionParameters.validate(
                spec("snapshot"),
                params(
                    "filename",
                    7,
                    "retries",
                    -1,
                    "compression",
                    params("kind", "zip", "level", 1),
                    "tags",
                    List.of(1))));

    assertThat(problems)
        .containsExactlyInAnyOrder(
            "parameter \"filename\": integer found, string expected",
            "parameter \"retries\": must have a minimum value of 0",
            "parameter \"compression.kind\": does not have a value in the enumeration [\"gzip\", \"xz\"]",
            "parameter \"compression\": property 'level' is not defined in the schema and the schema does not allow additional properties",
            "parameter \"tags.0\": integer found, string expected");
  }

  @Test
  void undeclaredParametersAreRefusedUnlessTheActionAcceptsThem() throws Exception {
    assertThat(
            problems(
                ActionParameters.validate(
                    spec("snapshot"), params("filename", "f", "force", true))))
        .containsExactly(
            "property 'force' is not defined in the schema and the schema does not allow additional properties");
    assertThat(valid(ActionParameters.validate(spec("run"), params("force", true))))
        .isEqualTo(Map.of("force", true, "command", "uptime"));
  }

  @Test
  void valuesThatAreNotJsonAreProblemsNotExceptions() throws Exception {
    Map<Object, Object> badKeys = new HashMap<>();
    badKeys.put(1, "x");

    assertThat(
            problems(
                ActionParameters.validate(spec("run"), params("when", java.time.Instant.EPOCH))))
        .containsExactly(
            "parameter \"when\": Instant is not a JSON value (string, number, boolean, list, map or null)");
    assertThat(problems(ActionParameters.validate(spec("run"), params("nested", badKeys))))
        .containsExactly("parameter \"nested\": keys must be strings, not 1");
  }

  @Test
  void theFilledParametersCannotBeChanged() throws Exception {
    Map<String, Object> filled = valid(ActionParameters.validate(spec("run"), Map.of()));

    assertThatThrownBy(() -> filled.put("command", "rm -rf /"))
        .isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void aSpecIsFoundOnTheCharmByName() throws Exception {
    CharmAction run = spec("run").action();
    CharmInfo charm =
        new CharmInfo(
            1,
            "db",
            new CharmRef("/c", null, 0, false),
            "a".repeat(64),
            List.of(),
            java.util.Set.of(),
            true,
            Map.of(),
            Map.of("run", run),
            Map.of(),
            Map.of());

    assertThat(ActionSpec.of(charm, "run"))
        .hasValueSatisfying(spec -> assertThat(spec.name()).isEqualTo("run"));
    assertThat(ActionSpec.of(charm, "walk")).isEmpty();
  }

  @Test
  void aRecordedSchemaThatIsNotAJsonObjectIsAClearError() {
    assertThatThrownBy(() -> ActionSpec.of("run", new CharmAction("", "[1]", false, false, "")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("action \"run\": params schema is not a JSON object");
    assertThatThrownBy(() -> ActionSpec.of("run", new CharmAction("", "{oops", false, false, "")))
        .hasMessageStartingWith("action \"run\": params schema is not JSON: ");
  }
}
