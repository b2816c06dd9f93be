package io.caasoperator.domain;

/**
 * One option of a charm's {@code config.yaml}.
 *
 * @param type string, int, float or boolean
 * @param defaultValue the default (already of the option's type), or null when none
 */
public record ConfigOption(Type type, Object defaultValue, String description) {

  public enum Type {
    STRING,
    INT,
    FLOAT,
    BOOLEAN;

    @com.fasterxml.jackson.annotation.JsonValue
    public String label() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }

    @com.fasterxml.jackson.annotation.JsonCreator
    public static Type parse(String label) {
      for (Type t : values()) if (t.label().equals(label)) return t;
      throw new IllegalArgumentException(
          "unknown option type \"" + label + "\" (expected string, int, float or boolean)");
    }
  }
}
