package io.caasoperator.unitcontext;

import io.caasoperator.hooktool.ToolCall;
import io.caasoperator.hooktool.ToolFailure;
import io.caasoperator.hooktool.ToolOutcome;

/**
 * {@code resource-get}: the path of one of the application's file resources (juju/juju {@code
 * worker/uniter/runner/jujuc/resource-get.go}). The path is printed without a newline, as Juju
 * prints it; ops strips it either way.
 *
 * <p>Resources come from the specification ({@code resources: {name: path}} locally): file
 * resources only. An OCI image resource is the image of a workload container, which the substrate
 * runs (a pod's image on Kubernetes); there is no file to give, and none is pretended.
 */
public final class ResourceTools {

  private ResourceTools() {}

  public static ToolOutcome get(ToolCall call) {
    if (call.positionals().isEmpty()) {
      throw ToolFailure.usage("missing required resource name");
    }
    call.noArgumentsFrom(1);
    String name = call.positionals().get(0);
    String path = call.ctx().resources().get(name);
    if (path == null) {
      throw ToolFailure.failed(
          "could not download resource: resource "
              + ToolCall.quote(name)
              + " has no file: the application's specification gives none under resources:"
              + " (file resources only; an OCI image resource is a workload container's image, not a file)");
    }
    return ToolOutcome.printed(path);
  }
}
