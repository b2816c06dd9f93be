package io.caasoperator.http;

import static org.apache.pekko.http.javadsl.server.Directives.entity;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jdk8.Jdk8Module;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.lang.reflect.RecordComponent;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.pekko.http.javadsl.server.Route;
import org.apache.pekko.http.javadsl.unmarshalling.Unmarshaller;
import org.apache.pekko.util.ByteString;

/**
 * Reads a request body as JSON into a record, answering 400 with a sentence naming the problem
 * ({@code missing field "commands"}, {@code unknown field "comands"}, {@code malformed JSON at
 * line 1, column 9: ...}) when it cannot.
 *
 * <p>Every record component is required unless its type is an {@code Optional}: a request that
 * forgets a field is refused instead of reaching an actor with a {@code null}. Unknown fields are
 * refused too, so a typo is an error rather than a silently ignored option. The content type is
 * not checked, so {@code curl -d} works without {@code -H}.
 *
 * <p>The size limit is applied around the whole route by {@link HttpListener}; a body over it
 * fails while being read here and becomes a 413.
 */
public final class JsonBody {

    private final ObjectMapper mapper;

    /** @param mapper reads the bodies; see {@link #standardMapper()} for the settings relied on */
    public JsonBody(ObjectMapper mapper) {
        this.mapper = Objects.requireNonNull(mapper, "mapper");
    }

    /** A reader with {@link #standardMapper()}. */
    public static JsonBody standard() {
        return new JsonBody(standardMapper());
    }

    /** Records, {@code Optional}, {@code java.time}; nulls and unknown fields refused. */
    public static ObjectMapper standardMapper() {
        return JsonMapper.builder()
                .addModule(new Jdk8Module())
                .addModule(new JavaTimeModule())
                .enable(DeserializationFeature.FAIL_ON_NULL_CREATOR_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .build();
    }

    /** The directive: parses the body as {@code type} and passes it to {@code inner}. */
    public <T extends Record> Route entityAs(Class<T> type, Function<T, Route> inner) {
        return entity(Unmarshaller.entityToByteString(), bytes -> {
            Parsed<T> parsed = parse(bytes, type);
            return parsed.value() != null ? inner.apply(parsed.value()) : JsonErrors.complete(parsed.error());
        });
    }

    /** Parses {@code body}; visible for tests and for routes that read bodies themselves. */
    public <T extends Record> Parsed<T> parse(ByteString body, Class<T> type) {
        if (body.isEmpty()) {
            return Parsed.failed("request body is empty; expected a JSON object");
        }
        try {
            JsonNode tree = mapper.readTree(body.toArray());
            if (tree == null || !tree.isObject()) {
                return Parsed.failed("expected a JSON object, got " + describe(tree));
            }
            Optional<String> missing = firstMissingField(tree, type);
            if (missing.isPresent()) {
                return Parsed.failed("missing field \"" + missing.get() + "\"");
            }
            return Parsed.of(mapper.treeToValue(tree, type));
        } catch (JacksonException e) {
            return Parsed.failed(explain(e));
        } catch (java.io.IOException e) {
            // readTree over a byte array does no I/O; kept for the checked signature.
            return Parsed.failed("cannot read the request body: " + e.getMessage());
        }
    }

    /**
     * Checked here rather than left to Jackson because Jackson's own message ("Null value for
     * creator property ... (index 0)") is not one to show a user.
     */
    private static Optional<String> firstMissingField(JsonNode tree, Class<?> type) {
        for (RecordComponent component : type.getRecordComponents()) {
            Class<?> componentType = component.getType();
            boolean optional = componentType == Optional.class || componentType == OptionalInt.class
                    || componentType == OptionalLong.class;
            JsonNode value = tree.get(component.getName());
            if (!optional && (value == null || value.isNull())) {
                return Optional.of(component.getName());
            }
            // Nested records too: a missing int would otherwise silently become 0.
            if (componentType.isRecord() && value != null && value.isObject()) {
                Optional<String> nested = firstMissingField(value, componentType);
                if (nested.isPresent()) {
                    return Optional.of(component.getName() + "." + nested.get());
                }
            }
        }
        return Optional.empty();
    }

    private static String explain(JacksonException e) {
        String where = e instanceof JsonMappingException mapping ? fieldPath(mapping) : "";
        if (e instanceof UnrecognizedPropertyException unknown) {
            return "unknown field \"" + prefixed(where, unknown.getPropertyName()) + "\"";
        }
        if (e instanceof ValueInstantiationException invalid) {
            // The record's compact constructor refused the values: its message is the reason.
            Throwable cause = invalid.getCause() != null ? invalid.getCause() : invalid;
            return "invalid request: " + cause.getMessage();
        }
        if (e instanceof InvalidFormatException format) {
            return "field \"" + where + "\": " + String.valueOf(format.getValue()) + " is not a valid "
                    + format.getTargetType().getSimpleName();
        }
        if (e instanceof MismatchedInputException mismatch && !where.isEmpty()) {
            String original = mismatch.getOriginalMessage();
            if (original.startsWith("Null value for creator property")) {
                return "missing field \"" + where + "\"";
            }
            return "field \"" + where + "\": expected "
                    + (mismatch.getTargetType() == null ? "another type" : typeName(mismatch.getTargetType()));
        }
        if (e instanceof JsonProcessingException processing && processing.getLocation() != null) {
            return "malformed JSON at line " + processing.getLocation().getLineNr() + ", column "
                    + processing.getLocation().getColumnNr() + ": " + firstLine(processing.getOriginalMessage());
        }
        return "malformed JSON: " + firstLine(e.getOriginalMessage());
    }

    private static String fieldPath(JsonMappingException e) {
        return e.getPath().stream()
                .map(ref -> ref.getFieldName() != null ? ref.getFieldName() : "[" + ref.getIndex() + "]")
                .collect(Collectors.joining(".")).replace(".[", "[");
    }

    private static String prefixed(String path, String name) {
        // The path of an unknown property already ends with the property itself.
        return path.isEmpty() ? name : path;
    }

    private static String typeName(Class<?> type) {
        if (type == String.class) {
            return "a string";
        }
        if (java.util.Collection.class.isAssignableFrom(type) || type.isArray()) {
            return "an array";
        }
        if (type.isRecord() || java.util.Map.class.isAssignableFrom(type)) {
            return "an object";
        }
        if (Number.class.isAssignableFrom(type) || type.isPrimitive() && type != boolean.class) {
            return "a number";
        }
        if (type == Boolean.class || type == boolean.class) {
            return "true or false";
        }
        return "a " + type.getSimpleName();
    }

    private static String describe(JsonNode tree) {
        if (tree == null || tree.isMissingNode()) {
            return "nothing";
        }
        return switch (tree.getNodeType()) {
            case ARRAY -> "an array";
            case STRING -> "a string";
            case NUMBER -> "a number";
            case BOOLEAN -> "a boolean";
            case NULL -> "null";
            default -> tree.getNodeType().name().toLowerCase(java.util.Locale.ROOT);
        };
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "unreadable input";
        }
        int newline = message.indexOf('\n');
        return newline < 0 ? message : message.substring(0, newline);
    }

    /**
     * The outcome of {@link #parse}: either a value or the 400 to answer with.
     *
     * @param value the parsed record, or {@code null} when {@code error} is set
     * @param error the error to answer with, or {@code null} when {@code value} is set
     */
    public record Parsed<T>(T value, ApiError error) {

        public Parsed {
            if ((value == null) == (error == null)) {
                throw new IllegalArgumentException("exactly one of value and error");
            }
        }

        static <T> Parsed<T> of(T value) {
            return new Parsed<>(value, null);
        }

        static <T> Parsed<T> failed(String detail) {
            return new Parsed<>(null, ApiError.badRequest(detail));
        }
    }
}
