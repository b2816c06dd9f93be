package io.caasoperator.hook;

import io.caasoperator.domain.UnitId;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * One process to run in a unit's context.
 *
 * @param unit the unit
 * @param unitDir the unit's directory ({@code agents/unit-<app>-<n>/}); the working directory
 * @param charmDir the deployed charm to run ({@code charms/<sha256>/}); before starting, the
 *     executor points the unit's charm view ({@code unitDir/charm}) at it, atomically
 * @param command argv; for a hook, the absolute path of {@code dispatch} or {@code hooks/<hook>}
 *     inside the unit's charm view
 * @param environment the complete environment (the executor adds nothing but what it documents)
 * @param timeout after this the whole process tree is killed
 * @param contextId the hook context id; processes are tagged with it so that the whole tree,
 *     re-parented children included, can be found and killed
 * @param outputLimit bytes kept per stream; more is dropped and {@link ProcessResult} says so
 */
public record HookInvocation(
    UnitId unit,
    Path unitDir,
    Path charmDir,
    List<String> command,
    Map<String, String> environment,
    Duration timeout,
    String contextId,
    int outputLimit) {
  public HookInvocation {
    command = List.copyOf(command);
    environment = Map.copyOf(environment);
  }
}
