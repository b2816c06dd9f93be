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

    record Outer(String name, Inner inner) {
    }

    record Inner(int size) {
    }

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
        assertThat(detail("{\"name\": \"x\", \"inner\": {}}", Outer.class)).isEqualTo("missing field \"inner.size\"");
    }

    @Test
    void unknownFieldIsNamed() {
        assertThat(detail("{\"commands\": [\"ls\"], \"timout\": 5}", Exec.class)).isEqualTo("unknown field \"timout\"");
    }

    @Test
    void malformedJsonSaysWhere() {
        assertThat(detail("{\"commands\": [\"ls\"", Exec.class)).startsWith("malformed JSON at line 1, column");
    }

    @Test
    void wrongTypeNamesTheFieldAndTheExpectedType() {
        assertThat(detail("{\"commands\": {\"a\": 1}}", Exec.class)).isEqualTo("field \"commands\": expected an array");
    }

    @Test
    void refusalByTheRecordConstructorIsExplained() {
        assertThat(detail("{\"commands\": []}", Exec.class)).isEqualTo("invalid request: commands must not be empty");
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
