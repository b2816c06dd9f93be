package io.caasoperator.http;

import static org.apache.pekko.http.javadsl.server.Directives.entity;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.type.LogicalType;
import com.fasterxml.jackson.datatype.jdk8.Jdk8Module;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.lang.reflect.RecordComponent;
import java.util.List;
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
 * ({@code missing field "commands"}, {@code unknown field "comands"}, {@code malformed JSON at line
 * 1, column 9: ...}) when it cannot.
 *
 * <p>Every record component is required unless its type is an {@code Optional}: a request that
 * forgets a field is refused instead of reaching an actor with a {@code null}. Unknown fields are
 * refused too, so a typo is an error rather than a silently ignored option. The content type is not
 * checked, so {@code curl -d} works without {@code -H}.
 *
 * <p>The size limit is applied around the whole route by {@link HttpListener}; a body over it fails
 * while being read here and becomes a 413.
 */
public final class JsonBody {

  private final ObjectMapper mapper;

  /**
   * @param mapper reads the bodies; see {@link #standardMapper()} for the settings relied on
   */
  public JsonBody(ObjectMapper mapper) {
    this.mapper = Objects.requireNonNull(mapper, "mapper");
  }

  /** A reader with {@link #standardMapper()}. */
  public static JsonBody standard() {
    return new JsonBody(standardMapper());
  }

  /**
   * Records, {@code Optional}, {@code java.time}; nulls, unknown fields, repeated fields and
   * scalars of the wrong JSON type refused.
   *
   * <p>Jackson's defaults coerce between scalars: {@code {"commands": 123}} became the string
   * {@code "123"} and ran, {@code {"retry": "false"}} or {@code 0} a boolean. A client that sends
   * the wrong type has a bug; running something it did not quite say hides it. So a string field
   * takes only a JSON string, a boolean only {@code true}/{@code false}, a number only a number of
   * its kind (no {@code 1.5} for an int), and none of them an empty string for "absent". A repeated
   * field ({@code {"commands": "a", "commands": "b"}}) is refused rather than the last one silently
   * winning.
   */
  public static ObjectMapper standardMapper() {
    JsonMapper mapper =
        JsonMapper.builder()
            .addModule(new Jdk8Module())
            .addModule(new JavaTimeModule())
            .enable(DeserializationFeature.FAIL_ON_NULL_CREATOR_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
            // String -> number/boolean, number <-> boolean, "" -> null for scalars.
            .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();
    // ALLOW_COERCION_OF_SCALARS does not cover the other direction: numbers and booleans
    // still became strings. Textual targets take only JSON strings.
    mapper
        .coercionConfigFor(LogicalType.Textual)
        .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
        .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
        .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail);
    return mapper;
  }

  /** The directive: parses the body as {@code type} and passes it to {@code inner}. */
  public <T extends Record> Route entityAs(Class<T> type, Function<T, Route> inner) {
    return entity(
        Unmarshaller.entityToByteString(),
        bytes -> {
          Parsed<T> parsed = parse(bytes, type);
          return parsed.value() != null
              ? inner.apply(parsed.value())
              : JsonErrors.complete(parsed.error());
        });
  }

  /** Parses {@code body}; visible for tests and for routes that read bodies themselves. */
  public <T extends Record> Parsed<T> parse(ByteString body, Class<T> type) {
    if (body.isEmpty()) {
      return Parsed.failed("request body is empty; expected a JSON object");
    }
    JsonNode tree = null;
    try {
      tree = mapper.readTree(body.toArray());
      if (tree == null || !tree.isObject()) {
        return Parsed.failed("expected a JSON object, got " + describe(tree));
      }
      Optional<String> missing = firstMissingField(tree, type);
      if (missing.isPresent()) {
        return Parsed.failed("missing field \"" + missing.get() + "\"");
      }
      return Parsed.of(mapper.treeToValue(tree, type));
    } catch (JacksonException e) {
      return Parsed.failed(explain(e, tree));
    } catch (java.io.IOException e) {
      // readTree over a byte array does no I/O; kept for the checked signature.
      return Parsed.failed("cannot read the request body: " + e.getMessage());
    }
  }

  /**
   * Checked here rather than left to Jackson because Jackson's own message ("Null value for creator
   * property ... (index 0)") is not one to show a user.
   */
  private static Optional<String> firstMissingField(JsonNode tree, Class<?> type) {
    for (RecordComponent component : type.getRecordComponents()) {
      Class<?> componentType = component.getType();
      boolean optional =
          componentType == Optional.class
              || componentType == OptionalInt.class
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

  /**
   * @param tree the body as read, to quote the offending value; null when it is not JSON
   */
  private static String explain(JacksonException e, JsonNode tree) {
    String where = e instanceof JsonMappingException mapping ? fieldPath(mapping) : "";
    if (e instanceof UnrecognizedPropertyException unknown) {
      return "unknown field \"" + prefixed(where, unknown.getPropertyName()) + "\"";
    }
    if (e instanceof ValueInstantiationException invalid) {
      // The record's compact constructor refused the values: its message is the reason.
      Throwable cause = invalid.getCause() != null ? invalid.getCause() : invalid;
      return "invalid request: " + cause.getMessage();
    }
    if (e instanceof MismatchedInputException mismatch && !where.isEmpty()) {
      // Also a refused coercion ({"commands": 123}, {"retry": "false"}): InvalidFormatException
      // for some targets, a plain MismatchedInputException for primitives.
      String original = mismatch.getOriginalMessage();
      if (original.startsWith("Null value for creator property")) {
        return "missing field \"" + where + "\"";
      }
      return "field \""
          + where
          + "\": expected "
          + (mismatch.getTargetType() == null ? "another type" : typeName(mismatch.getTargetType()))
          + scalarAt(tree, mismatch.getPath()).map(value -> ", got " + value).orElse("");
    }
    String original = firstLine(e.getOriginalMessage());
    if (original.startsWith("Duplicate field '")) {
      // STRICT_DUPLICATE_DETECTION: the parser's words, without its quoting style.
      String name = original.substring("Duplicate field '".length(), original.lastIndexOf('\''));
      return "field \"" + name + "\" is given more than once";
    }
    if (e instanceof JsonProcessingException processing && processing.getLocation() != null) {
      return "malformed JSON at line "
          + processing.getLocation().getLineNr()
          + ", column "
          + processing.getLocation().getColumnNr()
          + ": "
          + firstLine(processing.getOriginalMessage());
    }
    return "malformed JSON: " + firstLine(e.getOriginalMessage());
  }

  private static String fieldPath(JsonMappingException e) {
    return e.getPath().stream()
        .map(ref -> ref.getFieldName() != null ? ref.getFieldName() : "[" + ref.getIndex() + "]")
        .collect(Collectors.joining("."))
        .replace(".[", "[");
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

  /**
   * The scalar at {@code path} in {@code tree} as the client wrote it (strings quoted, long ones
   * cut), so the answer shows what was sent; empty for objects and arrays, whose kind the expected
   * type already contradicts.
   */
  private static Optional<String> scalarAt(
      JsonNode tree, List<JsonMappingException.Reference> path) {
    JsonNode node = tree;
    for (JsonMappingException.Reference ref : path) {
      if (node == null) {
        return Optional.empty();
      }
      node = ref.getFieldName() != null ? node.get(ref.getFieldName()) : node.get(ref.getIndex());
    }
    if (node == null || !node.isValueNode()) {
      return Optional.empty();
    }
    String text = node.toString();
    return Optional.of(text.length() > 60 ? text.substring(0, 60) + "..." : text);
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
