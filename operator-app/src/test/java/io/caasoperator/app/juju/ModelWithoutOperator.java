package io.caasoperator.app.juju;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fixture of the tests of what a command refuses before it reaches a unit or the model's
 * operator: a private juju home with one model, {@code foo}, whose operator is not running.
 */
abstract class ModelWithoutOperator {
  @TempDir Path home;

  JujuCalls.Call juju(String... args) {
    return new JujuCalls(home).juju(args);
  }

  @BeforeEach
  void aModelWithNoOperator() {
    assertThat(juju("add-model", "foo").code()).isZero();
  }
}
