package io.caasoperator.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Today's persistence ids read as streams of a named model, unchanged underneath. */
class ModelStreamTest {
  private static final ModelName DEV = new ModelName("dev");

  @Test
  void todaysStreamsAreReadIntoTheModelScheme() {
    assertThat(ModelStream.of(DEV, "operator|mariadb").map(ModelStream::path))
        .contains("model/dev/app/mariadb");
    assertThat(ModelStream.of(DEV, "unit|mariadb/3").map(ModelStream::path))
        .contains("model/dev/unit/mariadb/3");
    assertThat(ModelStream.of(DEV, "secrets|mariadb").map(ModelStream::path))
        .contains("model/dev/app/mariadb/secrets");
  }

  @Test
  void eachStreamKeepsThePersistenceIdItWasReadFrom() {
    for (String id : new String[] {"operator|web-app", "unit|web-app/12", "secrets|web-app"}) {
      assertThat(ModelStream.of(DEV, id).map(ModelStream::persistenceId)).contains(id);
    }
  }

  @Test
  void idsOutsideTheSchemeAreNotStreamsOfTheModel() {
    assertThat(ModelStream.of(DEV, "operator|Bad_Name")).isEmpty();
    assertThat(ModelStream.of(DEV, "unit|web")).isEmpty();
    assertThat(ModelStream.of(DEV, "something|else")).isEmpty();
  }

  @Test
  void aModelIsNamedAsJujuNamesModels() {
    assertThat(ModelName.isValid("dev")).isTrue();
    assertThat(ModelName.isValid("1-test-model")).isTrue();
    assertThat(ModelName.isValid("-dev")).isFalse();
    assertThat(ModelName.isValid("Dev")).isFalse();
    assertThat(ModelName.isValid("dev_1")).isFalse();
    assertThatThrownBy(() -> new ModelName("My Model"))
        .hasMessage(
            "invalid model name \"My Model\": use lower-case letters, digits and hyphens, not"
                + " starting with a hyphen");
  }
}
