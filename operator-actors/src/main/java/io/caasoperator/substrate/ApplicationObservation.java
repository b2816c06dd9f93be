package io.caasoperator.substrate;

/** What an application source reports: a valid specification, an invalid one, or none at all. */
public sealed interface ApplicationObservation {

  /** A (new) valid specification. Sources may repeat an unchanged one; the operator ignores it. */
  record Specified(Specification specification) implements ApplicationObservation {}

  /** The specification changed but cannot be used; the message names the problem. */
  record Invalid(String problem) implements ApplicationObservation {}

  /**
   * The application was removed from its model but its units are not all gone yet: they stop and
   * are removed with the charm and config the operator recorded (the specification it last had, or,
   * when it has none since it started, its journal's); {@link NotFound} follows once none is left.
   * Juju's dying application ({@code state/application.go}).
   */
  record Removed(String reason) implements ApplicationObservation {}

  /** The application no longer exists (spec file or resource removed). */
  record NotFound(String reason) implements ApplicationObservation {}
}
