package io.caasoperator.app.juju;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.caasoperator.domain.ConfigOption;
import io.caasoperator.domain.ConfigOption.Type;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ConfigValuesTest {

  private static final Map<String, ConfigOption> OPTIONS =
      Map.of(
          "name", new ConfigOption(Type.STRING, "x", ""),
          "port", new ConfigOption(Type.INT, 80, ""),
          "ratio", new ConfigOption(Type.FLOAT, null, ""),
          "debug", new ConfigOption(Type.BOOLEAN, false, ""));

  @Test
  void pairsSplitAtTheFirstEqualsSign() {
    assertThat(ConfigValues.pairs(List.of("a=b=c", "empty=")))
        .containsExactly(Map.entry("a", "b=c"), Map.entry("empty", ""));
  }

  @Test
  void aSettingWithoutEqualsSignOrKeyIsRefused() {
    assertThatThrownBy(() -> ConfigValues.pairs(List.of("novalue")))
        .isInstanceOf(JujuFailure.class)
        .hasMessage("expected \"key=value\", got \"novalue\" (a config setting)");
    assertThatThrownBy(() -> ConfigValues.pairs(List.of("=v"))).isInstanceOf(JujuFailure.class);
  }

  @Test
  void textFromTheCommandLineTakesTheOptionsTypes() {
    Map<String, Object> typed =
        ConfigValues.typed(
            OPTIONS, Map.of("name", "5", "port", "8080", "ratio", "0.5", "debug", "True"));

    assertThat(typed)
        .containsEntry("name", "5")
        .containsEntry("port", 8080L)
        .containsEntry("ratio", 0.5)
        .containsEntry("debug", true);
  }

  @Test
  void yamlValuesKeepTheirTypeWhenItFitsAndAreReadAsTextOtherwise() {
    Map<String, Object> typed = ConfigValues.typed(OPTIONS, Map.of("port", 8080, "name", 5));

    assertThat(typed).containsEntry("port", 8080).containsEntry("name", "5");
  }

  @Test
  void anUnknownOptionOrAValueOfTheWrongTypeIsRefusedInJujusWords() {
    assertThatThrownBy(() -> ConfigValues.typed(OPTIONS, Map.of("colour", "red")))
        .isInstanceOf(JujuFailure.class)
        .hasMessage("unknown option \"colour\"");
    assertThatThrownBy(() -> ConfigValues.typed(OPTIONS, Map.of("port", "eighty")))
        .isInstanceOf(JujuFailure.class)
        .hasMessage("option \"port\" expected int, got \"eighty\"");
    assertThatThrownBy(() -> ConfigValues.typed(OPTIONS, Map.of("debug", "yes")))
        .isInstanceOf(JujuFailure.class)
        .hasMessage("option \"debug\" expected boolean, got \"yes\"");
  }
}
