package io.caasoperator.app.juju;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.caasoperator.app.discovery.OperatorRegistry;
import io.caasoperator.model.ModelName;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A model's operator as a real process: started detached, found by its pid file, stopped within a
 * bound whether or not it listens to SIGTERM. A shell stands in for {@code caas-operator} (it
 * receives {@code run --bundle ...} as its positional arguments and ignores them).
 */
class LocalModelOperatorsTest {
  @TempDir Path home;

  private ModelDirectory model() {
    return new ModelStore(home)
        .create(
            new ModelInfo(new ModelName("foo"), UUID.randomUUID(), Instant.now(), Map.of()), "");
  }

  private LocalModelOperators operators(String script) {
    return new LocalModelOperators(
        new OperatorRegistry(home.resolve(".running")),
        List.of("/bin/sh", "-c", script, "sh"),
        true);
  }

  @Test
  void anOperatorThatStopsWhenAskedHasEnded() {
    ModelDirectory model = model();
    LocalModelOperators operators = operators("exec sleep 600");

    ModelOperators.Started started = operators.start(model);

    assertThat(started).isInstanceOf(ModelOperators.Started.Running.class);
    long pid = ((ModelOperators.Started.Running) started).pid();
    assertThat(operators.running(model)).contains(pid);
    assertThat(operators.stop(model, Duration.ofSeconds(10)))
        .isEqualTo(new ModelOperators.Stopped.Ended(pid));
    assertThat(operators.running(model)).isEmpty();
    assertThat(operators.stop(model, Duration.ofSeconds(10)))
        .isEqualTo(new ModelOperators.Stopped.NoneRunning());
  }

  @Test
  void anOperatorThatIgnoresSigtermIsKilledAfterTheGracePeriod() {
    ModelDirectory model = model();
    LocalModelOperators operators = operators("trap '' TERM; echo ready; exec sleep 600");
    long pid = ((ModelOperators.Started.Running) operators.start(model)).pid();
    // SIGTERM before the trap is set would end it: wait until it says it ignores it
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> Files.exists(model.log()) && Files.readString(model.log()).contains("ready"));

    long before = System.nanoTime();
    ModelOperators.Stopped stopped = operators.stop(model, Duration.ofMillis(300));

    assertThat(stopped).isEqualTo(new ModelOperators.Stopped.Killed(pid));
    assertThat(Duration.ofNanos(System.nanoTime() - before)).isLessThan(Duration.ofSeconds(6));
    assertThat(ProcessHandle.of(pid).filter(ProcessHandle::isAlive)).isEmpty();
  }

  @Test
  void withoutRunBundleNothingIsStartedAndTheNoteSaysWhy() {
    LocalModelOperators operators =
        new LocalModelOperators(
            new OperatorRegistry(home.resolve(".running")), List.of("/bin/false"), false);

    ModelOperators.Started started = operators.start(model());

    assertThat(started).isInstanceOf(ModelOperators.Started.NotStarted.class);
    assertThat(((ModelOperators.Started.NotStarted) started).why()).contains("run --bundle");
  }
}
