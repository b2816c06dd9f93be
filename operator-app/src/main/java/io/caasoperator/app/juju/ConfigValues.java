package io.caasoperator.app.juju;

import static io.caasoperator.app.juju.ModelReference.quoted;

import io.caasoperator.domain.ConfigOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Config values as the command line gives them ({@code k=v}, always text) or a YAML file gives them
 * (typed), made the types the charm's {@code config.yaml} declares, as Juju's application facade
 * does before it stores them (juju/juju {@code core/charm}: {@code ParseSettingsStrings} for text,
 * {@code ValidateSettings} for the rest). Pure.
 */
public final class ConfigValues {
  private ConfigValues() {}

  /** Go's {@code strconv.ParseBool}, which Juju uses for boolean options. */
  private static final Set<String> TRUE = Set.of("1", "t", "T", "TRUE", "true", "True");

  private static final Set<String> FALSE = Set.of("0", "f", "F", "FALSE", "false", "False");

  /**
   * {@code k=v} arguments in order, each split at its first {@code =}.
   *
   * @throws JujuFailure for one without {@code =} or with an empty key
   */
  public static Map<String, String> pairs(List<String> arguments) {
    Map<String, String> pairs = new LinkedHashMap<>();
    for (String argument : arguments) {
      int eq = argument.indexOf('=');
      if (eq <= 0) {
        throw new JujuFailure(
            "expected \"key=value\", got " + quoted(argument) + " (a config setting)");
      }
      pairs.put(argument.substring(0, eq), argument.substring(eq + 1));
    }
    return pairs;
  }

  /**
   * The settings typed by {@code options}.
   *
   * @param settings option name to value: a String from the command line, or a YAML value
   * @throws JujuFailure for an option the charm lacks or a value that is not of its type
   */
  public static Map<String, Object> typed(
      Map<String, ConfigOption> options, Map<String, ?> settings) {
    Map<String, Object> typed = new LinkedHashMap<>();
    for (var setting : settings.entrySet()) {
      String name = setting.getKey();
      ConfigOption option = options.get(name);
      if (option == null) throw new JujuFailure("unknown option " + quoted(name));
      typed.put(name, typed(name, option.type(), setting.getValue()));
    }
    return typed;
  }

  private static Object typed(String name, ConfigOption.Type type, Object value) {
    if (value instanceof String text) return parse(name, type, text);
    boolean fits =
        switch (type) {
          case STRING -> false;
          case INT -> value instanceof Integer || value instanceof Long;
          case FLOAT -> value instanceof Number;
          case BOOLEAN -> value instanceof Boolean;
        };
    if (fits) return value;
    // a YAML file's 5 for a string option, or 1.5 for an int: as text, judged as text
    return parse(name, type, String.valueOf(value));
  }

  private static Object parse(String name, ConfigOption.Type type, String text) {
    try {
      return switch (type) {
        case STRING -> text;
        case INT -> Long.parseLong(text.strip());
        case FLOAT -> Double.parseDouble(text.strip());
        case BOOLEAN -> {
          if (TRUE.contains(text.strip())) yield true;
          if (FALSE.contains(text.strip())) yield false;
          throw new NumberFormatException(text);
        }
      };
    } catch (NumberFormatException e) {
      throw new JujuFailure(
          "option " + quoted(name) + " expected " + type.label() + ", got " + quoted(text));
    }
  }
}
