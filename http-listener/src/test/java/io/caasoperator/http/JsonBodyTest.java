package io.caasoperator.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.apache.pekko.util.ByteString;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

class JsonBodyTest {

  record Exec(List<String> commands, Optional<Integer> timeout) {
    Exec {
      if (commands != null && commands.isEmpty()) {
        throw new IllegalArgumentException("commands must not be empty");
      }
    }
  }

  record Outer(String name, Inner inner) {}

  record Inner(int size) {}

  /** One field of each scalar kind a request body has. */
  record Scalars(
      String text,
      boolean flag,
      int count,
      Optional<String> maybeText,
      Optional<Boolean> maybeFlag,
      List<String> texts) {}

  private static final String VALID_SCALARS =
      "\"text\": \"a\", \"flag\": true, \"count\": 1, \"texts\": [\"x\"]";

  private final JsonBody body = JsonBody.standard();

  @Test
  void validBodyIsParsedAndOptionalFieldsMayBeLeftOut() {
    JsonBody.Parsed<Exec> parsed = parse("{\"commands\": [\"ls\", \"-l\"]}", Exec.class);

    assertThat(parsed.value()).isEqualTo(new Exec(List.of("ls", "-l"), Optional.empty()));
  }

  /** Each row: what is wrong, the body, the record it is read as and the detail a client gets. */
  static Stream<Arguments> mistakesNamedInTheDetail() {
    return Stream.of(
        arguments("a missing field", "{\"timeout\": 5}", Exec.class, "missing field \"commands\""),
        arguments("a null field", "{\"commands\": null}", Exec.class, "missing field \"commands\""),
        arguments(
            "a missing nested field, with its path",
            "{\"name\": \"x\", \"inner\": {}}",
            Outer.class,
            "missing field \"inner.size\""),
        arguments(
            "an unknown field",
            "{\"commands\": [\"ls\"], \"timout\": 5}",
            Exec.class,
            "unknown field \"timout\""),
        arguments(
            "a field of the wrong type, with the expected one",
            "{\"commands\": {\"a\": 1}}",
            Exec.class,
            "field \"commands\": expected an array"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("mistakesNamedInTheDetail")
  void eachMistakeIsNamedInTheDetail(
      String what, String json, Class<? extends Record> type, String expected) {
    assertThat(detail(json, type)).isEqualTo(expected);
  }

  @Test
  void malformedJsonSaysWhere() {
    assertThat(detail("{\"commands\": [\"ls\"", Exec.class))
        .startsWith("malformed JSON at line 1, column");
  }

  @Test
  void scalarsOfTheRightJsonTypeAreRead() {
    JsonBody.Parsed<Scalars> parsed =
        parse("{" + VALID_SCALARS + ", \"maybeText\": \"b\", \"maybeFlag\": false}", Scalars.class);

    assertThat(parsed.value())
        .isEqualTo(new Scalars("a", true, 1, Optional.of("b"), Optional.of(false), List.of("x")));
  }

  /**
   * Each row: a body with one scalar of the wrong JSON type, and the detail naming it. Numbers and
   * booleans are not taken as strings, strings and numbers not as booleans, strings and fractions
   * not as integers.
   */
  @ParameterizedTest(name = "{1}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          {"text": 123, "flag": true, "count": 1, "texts": []}                        | field "text": expected a string, got 123
          {"text": true, "flag": true, "count": 1, "texts": []}                       | field "text": expected a string, got true
          {"text": 1.5, "flag": true, "count": 1, "texts": []}                        | field "text": expected a string, got 1.5
          {"text": "a", "flag": true, "count": 1, "texts": ["x"], "maybeText": 7}     | field "maybeText": expected a string, got 7
          {"text": "a", "flag": true, "count": 1, "texts": ["x", 2]}                  | field "texts[1]": expected a string, got 2
          {"text": "a", "flag": "false", "count": 1, "texts": []}                     | field "flag": expected true or false, got "false"
          {"text": "a", "flag": 0, "count": 1, "texts": []}                           | field "flag": expected true or false, got 0
          {"text": "a", "flag": "", "count": 1, "texts": []}                          | field "flag": expected true or false, got ""
          {"text": "a", "flag": true, "count": 1, "texts": ["x"], "maybeFlag": "yes"} | field "maybeFlag": expected true or false, got "yes"
          {"text": "a", "flag": true, "count": "1", "texts": []}                      | field "count": expected a number, got "1"
          {"text": "a", "flag": true, "count": 1.5, "texts": []}                      | field "count": expected a number, got 1.5
          """)
  void aScalarOfTheWrongJsonTypeIsRefusedNamingTheField(String json, String expected) {
    assertThat(detail(json, Scalars.class)).isEqualTo(expected);
  }

  @Test
  void aFieldGivenTwiceIsRefusedRatherThanTheLastOneWinning() {
    assertThat(detail("{" + VALID_SCALARS + ", \"text\": \"b\"}", Scalars.class))
        .isEqualTo("field \"text\" is given more than once");
  }

  @Test
  void refusalByTheRecordConstructorIsExplained() {
    assertThat(detail("{\"commands\": []}", Exec.class))
        .isEqualTo("invalid request: commands must not be empty");
  }

  @Test
  void emptyBodyAndNonObjectsAreRefused() {
    assertThat(detail("", Exec.class)).isEqualTo("request body is empty; expected a JSON object");
    assertThat(detail("[1]", Exec.class)).isEqualTo("expected a JSON object, got an array");
  }

  private <T extends Record> JsonBody.Parsed<T> parse(String json, Class<T> type) {
    return body.parse(ByteString.fromString(json), type);
  }

  private String detail(String json, Class<? extends Record> type) {
    ApiError error = body.parse(ByteString.fromString(json), type).error();
    assertThat(error).isNotNull();
    assertThat(error.error()).isEqualTo("bad_request");
    return error.detail();
  }
}
