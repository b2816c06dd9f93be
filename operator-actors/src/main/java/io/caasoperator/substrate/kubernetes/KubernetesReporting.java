package io.caasoperator.substrate.kubernetes;

import io.caasoperator.substrate.ApplicationNotice;
import io.caasoperator.substrate.ApplicationReport;
import io.caasoperator.substrate.ApplicationReporting;

/** The Application resource shows the application: its status subresource, and Events on it. */
final class KubernetesReporting implements ApplicationReporting {

  private final ApplicationStatusWriter status;
  private final ApplicationEventRecorder events;

  KubernetesReporting(ApplicationStatusWriter status, ApplicationEventRecorder events) {
    this.status = status;
    this.events = events;
  }

  @Override
  public void report(ApplicationReport report) {
    status.write(ApplicationStatusMapping.of(report));
  }

  @Override
  public void notice(ApplicationNotice notice) {
    events.record(notice);
  }
}
