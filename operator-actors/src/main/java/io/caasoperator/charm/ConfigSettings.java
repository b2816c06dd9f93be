package io.caasoperator.charm;

import io.caasoperator.domain.ConfigOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The user's config settings judged against a charm's options. Pure functions: the operator
 * validates a specification change before it runs {@code config-changed}, and hook tools read
 * {@link #effective} for {@code config-get}.
 *
 * <p>A setting whose value is null (an empty YAML value) means "unset": it is valid and the
 * option's default applies, as in Juju.
 */
public final class ConfigSettings {
  private ConfigSettings() {}

  /**
   * Every problem with the settings, sorted by option name so the user sees a stable list, e.g.
   * {@code config option "port": expected int, got string "abc"}. Empty list = valid.
   */
  public static List<String> problems(
      Map<String, ConfigOption> options, Map<String, Object> settings) {
    List<String> problems = new ArrayList<>();
    for (var setting : new TreeMap<>(settings).entrySet()) {
      String name = setting.getKey();
      Object value = setting.getValue();
      ConfigOption option = options.get(name);
      if (option == null) {
        problems.add("config option \"" + name + "\": unknown option");
      } else if (value != null && !OptionValue.fits(option.type(), value)) {
        problems.add(
            "config option \""
                + name
                + "\": expected "
                + option.type().label()
                + ", got "
                + OptionValue.describe(value));
      }
    }
    return List.copyOf(problems);
  }

  /**
   * Defaults of all options overlaid with the settings, sorted by name. Options without default and
   * without setting are absent; settings for unknown options are dropped because the charm cannot
   * read them anyway. Expects settings for which {@link #problems} is empty.
   */
  public static Map<String, Object> effective(
      Map<String, ConfigOption> options, Map<String, Object> settings) {
    Map<String, Object> result = new TreeMap<>();
    options.forEach(
        (name, option) -> {
          Object value = settings.get(name);
          if (value == null) value = option.defaultValue();
          if (value != null) result.put(name, OptionValue.normalize(option.type(), value));
        });
    return Collections.unmodifiableMap(result);
  }
}
