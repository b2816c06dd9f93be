package io.caasoperator.substrate.kubernetes;

import io.caasoperator.substrate.ApplicationNotice;
import io.caasoperator.substrate.ApplicationReport;
import io.caasoperator.substrate.ApplicationReporting;

/**
 * The Application resource shows the application: its status subresource (with the generation of
 * the specification the operator had received), and Events on it.
 */
record KubernetesReporting(
    ApplicationStatusWriter status, ApplicationEventRecorder events, ObservedGeneration generation)
    implements ApplicationReporting {

  @Override
  public void report(ApplicationReport report) {
    status.write(ApplicationStatusMapping.of(report).observed(generation.get()));
  }

  @Override
  public void notice(ApplicationNotice notice) {
    events.record(notice);
  }
}
