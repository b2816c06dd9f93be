package io.caasoperator.charm;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.domain.ConfigOption;
import io.caasoperator.domain.ConfigOption.Type;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ConfigSettingsTest {
  private final Map<String, ConfigOption> options =
      Map.of(
          "port", new ConfigOption(Type.INT, 8080, "listen port"),
          "ratio", new ConfigOption(Type.FLOAT, 0.5, ""),
          "debug", new ConfigOption(Type.BOOLEAN, false, ""),
          "title", new ConfigOption(Type.STRING, null, "page title"));

  @Test
  void settingsOfTheRightTypesHaveNoProblems() {
    assertThat(
            ConfigSettings.problems(
                options, Map.of("port", 9090L, "ratio", 2, "debug", true, "title", "hello")))
        .isEmpty();
  }

  @Test
  void settingOfTheWrongTypeIsReportedWithWhatWasGiven() {
    assertThat(ConfigSettings.problems(options, Map.of("port", "abc")))
        .containsExactly("config option \"port\": expected int, got string \"abc\"");
  }

  @Test
  void unknownOptionIsReported() {
    assertThat(ConfigSettings.problems(options, Map.of("colour", "red")))
        .containsExactly("config option \"colour\": unknown option");
  }

  @Test
  void everyProblemIsReportedInOptionNameOrder() {
    assertThat(
            ConfigSettings.problems(
                options, Map.of("port", 1.5, "debug", "true", "title", 3, "ratio", "x")))
        .containsExactly(
            "config option \"debug\": expected boolean, got string \"true\"",
            "config option \"port\": expected int, got float 1.5",
            "config option \"ratio\": expected float, got string \"x\"",
            "config option \"title\": expected string, got int 3");
  }

  @Test
  void emptySettingMeansUnsetAndIsValid() {
    Map<String, Object> settings = new HashMap<>();
    settings.put("port", null);
    assertThat(ConfigSettings.problems(options, settings)).isEmpty();
    assertThat(ConfigSettings.effective(options, settings)).containsEntry("port", 8080);
  }

  @Test
  void effectiveConfigIsDefaultsOverlaidWithSettings() {
    assertThat(ConfigSettings.effective(options, Map.of("port", 9090, "title", "hi")))
        .containsExactly(
            Map.entry("debug", false),
            Map.entry("port", 9090),
            Map.entry("ratio", 0.5),
            Map.entry("title", "hi"));
  }

  @Test
  void optionWithoutDefaultOrSettingIsAbsentFromEffectiveConfig() {
    assertThat(ConfigSettings.effective(options, Map.of())).doesNotContainKey("title");
  }

  @Test
  void floatOptionSetToAnIntegerReadsAsAFloat() {
    assertThat(ConfigSettings.effective(options, Map.of("ratio", 3))).containsEntry("ratio", 3.0);
  }

  @Test
  void settingsForUnknownOptionsAreNotPartOfTheEffectiveConfig() {
    assertThat(ConfigSettings.effective(options, Map.of("colour", "red")))
        .doesNotContainKey("colour");
  }
}
