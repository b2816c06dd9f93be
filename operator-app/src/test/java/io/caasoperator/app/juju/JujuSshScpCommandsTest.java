package io.caasoperator.app.juju;

import static io.caasoperator.app.juju.JujuCalls.assertRefused;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code juju ssh} and {@code juju scp}: what they refuse before reaching a unit, each with a clear
 * error and nothing copied. What they do on a running model is {@code JujuSecretsIT}'s.
 */
class JujuSshScpCommandsTest extends ModelWithoutOperator {
  @TempDir Path local;

  @Test
  void sshNeedsAUnitAndItsModelsOperator() {
    JujuCalls.Call none = juju("ssh");
    JujuCalls.Call machine = juju("ssh", "0", "ls");
    JujuCalls.Call stopped = juju("ssh", "hello/0", "ls", "-la");

    assertRefused(none, 2, "ERROR Missing required parameter: 'UNIT'\n");
    assertRefused(
        machine,
        1,
        "ERROR this model has no machines: target a unit, APP/N or APP/leader (not \"0\")\n");
    assertThat(stopped.code())
        .as("the command's own dashes are not juju's options: " + stopped.stderr())
        .isEqualTo(1);
    assertThat(stopped.stderr()).startsWith("ERROR the model's operator is not running");
  }

  @Test
  void scpNeedsASourceADestinationAndOneOfThemOnAUnit() throws Exception {
    Path file = Files.writeString(local.resolve("a.txt"), "a");

    JujuCalls.Call one = juju("scp", file.toString());
    JujuCalls.Call neither = juju("scp", file.toString(), local.resolve("b.txt").toString());
    JujuCalls.Call stopped = juju("scp", "--", "-r", "-C", file.toString(), "hello/0:/tmp/a.txt");

    assertThat(one.code()).isEqualTo(2);
    assertThat(one.stderr()).startsWith("ERROR expected a source and a destination, got 1 path");
    assertRefused(neither, 2, "ERROR neither source nor destination is a unit path (UNIT:path)\n");
    assertThat(local.resolve("b.txt")).doesNotExist();
    assertThat(stopped.code()).isEqualTo(1);
    assertThat(stopped.stderr())
        .contains("note: -C ignored: there is no scp here, the copy is local")
        .contains("ERROR the model's operator is not running");
  }
}
