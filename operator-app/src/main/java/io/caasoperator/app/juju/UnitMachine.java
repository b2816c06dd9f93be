package io.caasoperator.app.juju;

import io.caasoperator.substrate.local.workload.ContainerFilesystem;
import io.caasoperator.substrate.local.workload.MountNamespace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Where {@code juju ssh} and {@code juju scp} reach a unit of a model on this machine, in place of
 * Juju's SSH into a pod: the unit as its hooks see it (its directory {@code agents/unit-<app>-<n>},
 * the host's filesystem, commands run in its hook context by its operator), or with {@code
 * --container C} its workload container as the unit's Pebble runs it (the container's root {@code
 * container-roots/C} as {@code /} over the host's image, through bubblewrap: {@code
 * ContainerFilesystem}, docs/pebble.md).
 *
 * @param unit the unit, {@code APP/leader} resolved
 * @param dir the unit's directory
 * @param container the container's filesystem; null for the charm's (the hooks')
 */
record UnitMachine(OperatorTasks.Unit unit, Path dir, ContainerFilesystem container) {

  /**
   * {@code target} ({@code [user@]APP/N} or {@code APP/leader}) of the model, which must run; with
   * {@code container} (null: none) its workload container, which the unit must have.
   */
  static UnitMachine of(
      JujuContext context, ModelDirectory model, String target, String container) {
    String name = target.substring(target.indexOf('@') + 1);
    if (!name.contains("/"))
      throw new JujuFailure(
          "this model has no machines: target a unit, APP/N or APP/leader (not \"" + name + "\")");
    OperatorTasks.Unit unit = new OperatorTasks(context, model).unit(context, name);
    Path dir =
        model
            .dataDir()
            .resolve("agents")
            .resolve("unit-" + unit.application() + "-" + unit.ordinal());
    if (container == null) return new UnitMachine(unit, dir, null);
    Path root = dir.resolve("container-roots").resolve(container);
    if (container.contains("/") || !Files.isDirectory(root))
      throw new JujuFailure(
          "container \"" + container + "\" not found in unit \"" + unit.name() + "\"");
    try {
      return new UnitMachine(
          unit, dir, new ContainerFilesystem(root, MountNamespace.ofHost(Path.of("/")).hostRoot()));
    } catch (IOException e) {
      throw new JujuFailure("cannot read this machine's /: " + e.getMessage(), e);
    }
  }

  /**
   * The file on this machine that {@code path} names in the unit: in a container, its path there
   * (relative to {@code /}); else as the hooks see it, relative to the unit's directory.
   */
  Path file(String path) {
    if (container != null) return container.toHost(path.startsWith("/") ? path : "/" + path);
    return dir.resolve(path).toAbsolutePath().normalize();
  }

  /** {@code sh -c script} in the container, as its Pebble's exec runs a command. */
  List<String> containerShell(String script) {
    List<String> argv = new ArrayList<>(List.of(MountNamespace.BWRAP));
    argv.addAll(container.bubblewrapArguments());
    argv.addAll(List.of("--chdir", "/", "--", "/bin/sh", "-c", script));
    return argv;
  }
}
