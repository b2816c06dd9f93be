package io.caasoperator.charm;

import io.caasoperator.domain.ConfigOption;
import java.util.List;
import java.util.Map;

/** SKELETON — being implemented (issue 2). */
public final class ConfigSettings {
  private ConfigSettings() {}

  public static List<String> problems(Map<String, ConfigOption> options, Map<String, Object> settings) {
    throw new UnsupportedOperationException("being written");
  }

  public static Map<String, Object> effective(Map<String, ConfigOption> options, Map<String, Object> settings) {
    throw new UnsupportedOperationException("being written");
  }
}
