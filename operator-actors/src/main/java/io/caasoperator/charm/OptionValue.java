package io.caasoperator.charm;

import io.caasoperator.domain.ConfigOption;
import java.util.List;
import java.util.Map;

/**
 * What counts as a value of a config option's type, shared by config.yaml defaults and by the
 * user's settings so both are judged by the same rule.
 */
final class OptionValue {
  private OptionValue() {}

  /** int takes Integer/Long, float any Number, boolean only Boolean, string only String. */
  static boolean fits(ConfigOption.Type type, Object value) {
    return switch (type) {
      case INT -> value instanceof Integer || value instanceof Long;
      case FLOAT -> value instanceof Number;
      case BOOLEAN -> value instanceof Boolean;
      case STRING -> value instanceof String;
    };
  }

  /**
   * A float option given as 3 is stored as 3.0, so a hook reading it sees the type the charm
   * declared whatever the user typed.
   */
  static Object normalize(ConfigOption.Type type, Object value) {
    if (type == ConfigOption.Type.FLOAT
        && value instanceof Number n
        && !(value instanceof Double)) {
      return n.doubleValue();
    }
    return value;
  }

  /** {@code string "abc"}, {@code int 3}: the type a user wrote and what they wrote. */
  static String describe(Object value) {
    return typeName(value) + " " + literal(value);
  }

  /** Strings quoted, everything else as written. */
  static String literal(Object value) {
    return value instanceof String s ? "\"" + s + "\"" : String.valueOf(value);
  }

  static String withArticle(ConfigOption.Type type) {
    return type == ConfigOption.Type.INT ? "an int" : "a " + type.label();
  }

  private static String typeName(Object value) {
    if (value instanceof String) return "string";
    if (value instanceof Integer || value instanceof Long || value instanceof java.math.BigInteger)
      return "int";
    if (value instanceof Number) return "float";
    if (value instanceof Boolean) return "boolean";
    if (value instanceof List<?>) return "list";
    if (value instanceof Map<?, ?>) return "map";
    return value == null ? "null" : value.getClass().getSimpleName();
  }
}
