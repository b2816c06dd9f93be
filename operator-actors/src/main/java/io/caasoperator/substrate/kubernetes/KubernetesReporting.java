package io.caasoperator.substrate.kubernetes;

import io.caasoperator.substrate.ApplicationNotice;
import io.caasoperator.substrate.ApplicationReport;
import io.caasoperator.substrate.ApplicationReporting;

/**
 * The Application resource shows the application: its status subresource (with the generation of
 * the specification the operator had received), and Events on it.
 */
final class KubernetesReporting implements ApplicationReporting {

  private final ApplicationStatusWriter status;
  private final ApplicationEventRecorder events;
  private final ObservedGeneration generation;

  KubernetesReporting(
      ApplicationStatusWriter status,
      ApplicationEventRecorder events,
      ObservedGeneration generation) {
    this.status = status;
    this.events = events;
    this.generation = generation;
  }

  @Override
  public void report(ApplicationReport report) {
    status.write(ApplicationStatusMapping.of(report).observed(generation.get()));
  }

  @Override
  public void notice(ApplicationNotice notice) {
    events.record(notice);
  }
}
