package io.caasoperator.app.juju;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class ModelReferenceTest {

  @Test
  void aBareNameIsTheModel() {
    ModelReference ref = ModelReference.parse("jubilant-1a2b3c4d");

    assertThat(ref.name().value()).isEqualTo("jubilant-1a2b3c4d");
    assertThat(ref.controller()).isEmpty();
    assertThat(ref.user()).isEmpty();
  }

  @Test
  void controllerAndUserPrefixesAreAcceptedAndOnlyTheNamePicksTheModel() {
    ModelReference ref = ModelReference.parse("local:admin/foo");

    assertThat(ref.controller()).isEqualTo(Optional.of("local"));
    assertThat(ref.user()).isEqualTo(Optional.of("admin"));
    assertThat(ref.name().value()).isEqualTo("foo");
    assertThat(ModelReference.parse("alice/foo").name().value()).isEqualTo("foo");
    assertThat(ModelReference.parse("ctl:foo").name().value()).isEqualTo("foo");
  }

  @Test
  void aNameJujuWouldRefuseIsRefusedWithTheFormExpected() {
    for (String bad : new String[] {"Foo", "-foo", "", ":foo", "/foo", "a:b/c/d", "foo bar"}) {
      assertThatThrownBy(() -> ModelReference.parse(bad))
          .as(bad)
          .isInstanceOf(JujuFailure.class)
          .hasMessageContaining("expected [<controller>:][<user>/]<model>");
    }
  }
}
