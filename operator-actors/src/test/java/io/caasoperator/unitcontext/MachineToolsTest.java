package io.caasoperator.unitcontext;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.hooktool.TestContext;
import io.caasoperator.hooktool.ToolOutcome;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code credential-get} and {@code juju-reboot}: what Juju answers a unit that has neither. */
class MachineToolsTest {

  private final TestContext ctx = TestContext.follower();

  @Test
  void credentialGetIsDeniedAsToAnUntrustedApplication() {
    assertThat(ctx.run("credential-get", "--format=json"))
        .isEqualTo(ToolOutcome.failed(1, "cannot access cloud credentials: permission denied"));
    assertThat(ctx.run("credential-get", "x"))
        .isEqualTo(ToolOutcome.failed(2, "unrecognized args: [\"x\"]"));
  }

  @Test
  void jujuRebootHasNoMachineToReboot() {
    assertThat(ctx.run("juju-reboot"))
        .isEqualTo(ToolOutcome.failed(1, "unit \"mariadb/0\" is not assigned to a machine"));
    assertThat(ctx.run("juju-reboot", "--now"))
        .isEqualTo(ToolOutcome.failed(1, "unit \"mariadb/0\" is not assigned to a machine"));
    assertThat(ctx.run("juju-reboot", "--later"))
        .isEqualTo(ToolOutcome.failed(2, "flag provided but not defined: --later"));
  }

  @Test
  void jujuRebootIsRefusedInAnActionFirst() {
    assertThat(ctx.withAction("backup", Map.of()).run("juju-reboot"))
        .isEqualTo(ToolOutcome.failed(1, "juju-reboot is not supported when running an action."));
  }
}
