package io.caasoperator.app.juju;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.caasoperator.model.ModelName;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ModelStoreTest {
  @TempDir Path home;

  private ModelInfo info(String name) {
    return new ModelInfo(
        new ModelName(name),
        UUID.randomUUID(),
        Instant.parse("2026-11-27T10:00:00Z"),
        Map.of("a", "1"));
  }

  @Test
  void anAddedModelIsListedWithItsInfoAndItsFilesArePrivate() throws Exception {
    ModelStore store = new ModelStore(home);
    ModelInfo foo = info("foo");

    ModelDirectory dir = store.create(foo, "bundle: kubernetes\n");
    store.create(info("bar"), "bundle: kubernetes\n");

    assertThat(store.list()).extracting(m -> m.name().value()).containsExactly("bar", "foo");
    assertThat(store.info(dir)).isEqualTo(foo);
    assertThat(Files.readString(dir.bundle())).isEqualTo("bundle: kubernetes\n");
    assertThat(Files.isDirectory(dir.dataDir())).isTrue();
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.root())))
        .isEqualTo("rwx------");
  }

  @Test
  void addingAModelTwiceIsRefusedInJujusWords() {
    ModelStore store = new ModelStore(home);
    store.create(info("foo"), "");

    assertThatThrownBy(() -> store.create(info("foo"), ""))
        .isInstanceOf(JujuFailure.class)
        .hasMessage("failed to create new model: model \"foo\" for admin already exists");
  }

  @Test
  void theCurrentModelIsForgottenWhenItIsRemoved() {
    ModelStore store = new ModelStore(home);
    ModelDirectory foo = store.create(info("foo"), "");
    store.setCurrent(foo.name());
    assertThat(store.current()).contains(foo.name());

    store.remove(foo);
    store.clearCurrent(foo.name());

    assertThat(store.current()).isEmpty();
    assertThat(store.find(foo.name())).isEmpty();
    assertThat(Files.exists(foo.root())).isFalse();
    assertThatThrownBy(() -> store.require(foo.name())).hasMessage("model admin/foo not found");
    // the name is free again
    store.create(info("foo"), "");
  }

  @Test
  void aDirectoryWhoseAddingDidNotFinishIsNotAModelButCanBeCleared() throws Exception {
    ModelStore store = new ModelStore(home);
    Files.createDirectories(home.resolve("models/half"));

    assertThat(store.list()).isEmpty();
    assertThat(store.find(new ModelName("half"))).isEmpty();
    ModelDirectory half = store.requireEvenUnfinished(new ModelName("half"));
    store.remove(half);
    assertThat(home.resolve("models/half")).doesNotExist();
    assertThatThrownBy(() -> store.requireEvenUnfinished(new ModelName("half")))
        .hasMessage("model admin/half not found");
  }

  @Test
  void theHomeIsXdgDataHomesUnlessOverridden() {
    assertThat(JujuHome.choose(Map.of("HOME", "/home/u")))
        .isEqualTo(Path.of("/home/u/.local/share/caas-operator/juju"));
    assertThat(JujuHome.choose(Map.of("HOME", "/home/u", "XDG_DATA_HOME", "/data")))
        .isEqualTo(Path.of("/data/caas-operator/juju"));
    assertThat(JujuHome.choose(Map.of("HOME", "/home/u", "XDG_DATA_HOME", "relative")))
        .isEqualTo(Path.of("/home/u/.local/share/caas-operator/juju"));
    assertThat(JujuHome.choose(Map.of("CAAS_JUJU_HOME", "/tmp/j", "XDG_DATA_HOME", "/data")))
        .isEqualTo(Path.of("/tmp/j"));
  }
}
