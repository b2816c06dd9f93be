package io.caasoperator.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import org.apache.pekko.util.ByteString;
import org.junit.jupiter.api.Test;

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

  @Test
  void missingRequiredFieldIsNamed() {
    assertThat(detail("{\"timeout\": 5}", Exec.class)).isEqualTo("missing field \"commands\"");
    assertThat(detail("{\"commands\": null}", Exec.class)).isEqualTo("missing field \"commands\"");
  }

  @Test
  void missingNestedFieldIsNamedWithItsPath() {
    assertThat(detail("{\"name\": \"x\", \"inner\": {}}", Outer.class))
        .isEqualTo("missing field \"inner.size\"");
  }

  @Test
  void unknownFieldIsNamed() {
    assertThat(detail("{\"commands\": [\"ls\"], \"timout\": 5}", Exec.class))
        .isEqualTo("unknown field \"timout\"");
  }

  @Test
  void malformedJsonSaysWhere() {
    assertThat(detail("{\"commands\": [\"ls\"", Exec.class))
        .startsWith("malformed JSON at line 1, column");
  }

  @Test
  void wrongTypeNamesTheFieldAndTheExpectedType() {
    assertThat(detail("{\"commands\": {\"a\": 1}}", Exec.class))
        .isEqualTo("field \"commands\": expected an array");
  }

  @Test
  void scalarsOfTheRightJsonTypeAreRead() {
    JsonBody.Parsed<Scalars> parsed =
        parse("{" + VALID_SCALARS + ", \"maybeText\": \"b\", \"maybeFlag\": false}", Scalars.class);

    assertThat(parsed.value())
        .isEqualTo(new Scalars("a", true, 1, Optional.of("b"), Optional.of(false), List.of("x")));
  }

  @Test
  void numbersAndBooleansAreNotTakenAsStrings() {
    assertThat(
            detail("{\"text\": 123, \"flag\": true, \"count\": 1, \"texts\": []}", Scalars.class))
        .isEqualTo("field \"text\": expected a string, got 123");
    assertThat(
            detail("{\"text\": true, \"flag\": true, \"count\": 1, \"texts\": []}", Scalars.class))
        .isEqualTo("field \"text\": expected a string, got true");
    assertThat(
            detail("{\"text\": 1.5, \"flag\": true, \"count\": 1, \"texts\": []}", Scalars.class))
        .isEqualTo("field \"text\": expected a string, got 1.5");
    assertThat(detail("{" + VALID_SCALARS + ", \"maybeText\": 7}", Scalars.class))
        .isEqualTo("field \"maybeText\": expected a string, got 7");
    assertThat(
            detail(
                "{\"text\": \"a\", \"flag\": true, \"count\": 1, \"texts\": [\"x\", 2]}",
                Scalars.class))
        .isEqualTo("field \"texts[1]\": expected a string, got 2");
  }

  @Test
  void stringsAndNumbersAreNotTakenAsBooleans() {
    assertThat(
            detail(
                "{\"text\": \"a\", \"flag\": \"false\", \"count\": 1, \"texts\": []}",
                Scalars.class))
        .isEqualTo("field \"flag\": expected true or false, got \"false\"");
    assertThat(detail("{\"text\": \"a\", \"flag\": 0, \"count\": 1, \"texts\": []}", Scalars.class))
        .isEqualTo("field \"flag\": expected true or false, got 0");
    assertThat(
            detail("{\"text\": \"a\", \"flag\": \"\", \"count\": 1, \"texts\": []}", Scalars.class))
        .isEqualTo("field \"flag\": expected true or false, got \"\"");
    assertThat(detail("{" + VALID_SCALARS + ", \"maybeFlag\": \"yes\"}", Scalars.class))
        .isEqualTo("field \"maybeFlag\": expected true or false, got \"yes\"");
  }

  @Test
  void stringsAndFractionsAreNotTakenAsIntegers() {
    assertThat(
            detail(
                "{\"text\": \"a\", \"flag\": true, \"count\": \"1\", \"texts\": []}",
                Scalars.class))
        .isEqualTo("field \"count\": expected a number, got \"1\"");
    assertThat(
            detail(
                "{\"text\": \"a\", \"flag\": true, \"count\": 1.5, \"texts\": []}", Scalars.class))
        .isEqualTo("field \"count\": expected a number, got 1.5");
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
