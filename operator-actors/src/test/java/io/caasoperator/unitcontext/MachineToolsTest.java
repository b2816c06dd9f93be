package io.caasoperator.unitcontext;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.hooktool.TestContext;
import io.caasoperator.hooktool.ToolOutcome;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code credential-get} and {@code juju-reboot}: what Juju answers a unit that has neither. */
class MachineToolsTest {

  private final TestContext ctx = TestContext.follower();

  /**
   * Each row: the command line, then Juju's exit code and error. A unit on Kubernetes has no
   * machine and its application is not trusted with cloud credentials.
   */
  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          credential-get --format=json | 1 | cannot access cloud credentials: permission denied
          credential-get x             | 2 | 'unrecognized args: ["x"]'
          juju-reboot                  | 1 | unit "mariadb/0" is not assigned to a machine
          juju-reboot --now            | 1 | unit "mariadb/0" is not assigned to a machine
          juju-reboot --later          | 2 | 'flag provided but not defined: --later'
          """)
  void machineToolsFailAsJujuFailsThemOnKubernetes(String commandLine, int code, String error) {
    String[] words = commandLine.split(" ");
    assertThat(ctx.run(words[0], Arrays.copyOfRange(words, 1, words.length)))
        .isEqualTo(ToolOutcome.failed(code, error));
  }

  @Test
  void jujuRebootIsRefusedInAnActionFirst() {
    assertThat(ctx.withAction("backup", Map.of()).run("juju-reboot"))
        .isEqualTo(ToolOutcome.failed(1, "juju-reboot is not supported when running an action."));
  }
}
