package io.caasoperator.unitcontext;

import io.caasoperator.hooktool.ToolCall;
import io.caasoperator.hooktool.ToolFailure;
import io.caasoperator.hooktool.ToolOutcome;

/**
 * What a unit asks of the machine and cloud it runs on: {@code credential-get} and {@code
 * juju-reboot} (juju/juju {@code worker/uniter/runner/jujuc/credential-get.go}, {@code reboot.go}).
 * Neither has anything to give here, and both say so as Juju does:
 *
 * <ul>
 *   <li>{@code credential-get}: the cloud credential is only for trusted applications ({@code juju
 *       deploy --trust}); this operator trusts none, so Juju's answer to an untrusted one: {@code
 *       cannot access cloud credentials: permission denied}.
 *   <li>{@code juju-reboot}: a unit of a Kubernetes-style application has no machine to reboot (its
 *       pod is restarted by Kubernetes); Juju's answer when the reboot is asked for, {@code unit
 *       "<unit>" is not assigned to a machine}, comes at once rather than when the hook ends. In an
 *       action it is refused first, with Juju's words.
 * </ul>
 */
public final class MachineTools {

  private MachineTools() {}

  public static ToolOutcome credentialGet(ToolCall call) {
    call.noArgumentsFrom(0);
    call.format();
    throw ToolFailure.failed("cannot access cloud credentials: permission denied");
  }

  public static ToolOutcome reboot(ToolCall call) {
    call.noArgumentsFrom(0);
    if (call.ctx().action().isPresent()) {
      throw ToolFailure.failed("juju-reboot is not supported when running an action.");
    }
    throw ToolFailure.failed(
        "unit " + ToolCall.quote(call.ctx().unit().name()) + " is not assigned to a machine");
  }
}
