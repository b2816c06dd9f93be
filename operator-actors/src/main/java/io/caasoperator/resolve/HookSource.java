package io.caasoperator.resolve;

import io.caasoperator.persistence.HookKind;
import io.caasoperator.persistence.PlannedHook;
import io.caasoperator.persistence.UnitState;
import java.util.Optional;

/**
 * One feature's answer to "what is my next hook, given this unit's view?", as each of Juju's uniter
 * resolvers answers it ({@code internal/worker/uniter/resolver/interface.go} {@code
 * Resolver.NextOp}, composed in order in {@code internal/worker/uniter/resolver.go}). {@code
 * UnitResolver} asks its sources in its one priority order and runs the first hook one names.
 *
 * <p>A source is asked only for an installed unit whose charm is in use, that runs no hook, has no
 * failed hook waiting and has no charm upgrade due: those steps belong to the unit's lifecycle and
 * come before every feature. Pure: a source decides, it changes nothing (unlike Juju's relation
 * resolver, which synchronises scopes while deciding).
 *
 * <p>Public and in a package of its own, below the feature packages, so that each feature
 * (lifecycle, leadership, config, relation, secret, storage, workload) implements it beside its
 * tools, and {@code unit} composes them without a package cycle.
 */
@FunctionalInterface
public interface HookSource {
  /** The hook this source wants {@code unit} to run next; empty when it has none. */
  Optional<PlannedHook> next(UnitState unit);

  /**
   * The hook {@code kind}, which carries nothing but the charm and config {@code unit} runs with
   * now.
   */
  static PlannedHook plain(HookKind kind, UnitState unit) {
    return PlannedHook.of(kind, unit.charmInUse().generation(), unit.assigned().configGeneration());
  }
}
