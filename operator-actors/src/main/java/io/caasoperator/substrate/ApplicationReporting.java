package io.caasoperator.substrate;

/**
 * Where a substrate shows the application to its own users, beside the operator's listener:
 * Kubernetes writes the Application's status and records Events on it. Both calls may block (API
 * calls): the operator makes them on its blocking executor, never on an actor's thread, and only
 * while this replica acts.
 */
public interface ApplicationReporting {

  /** Shows nothing anywhere: the local substrate, whose users read the operator's status. */
  ApplicationReporting NONE =
      new ApplicationReporting() {
        @Override
        public void report(ApplicationReport report) {}

        @Override
        public void notice(ApplicationNotice notice) {}
      };

  /** The application's status now (called every few seconds; unchanged reports may be skipped). */
  void report(ApplicationReport report);

  /** A fact worth telling once (a failed hook, a deployed charm). */
  void notice(ApplicationNotice notice);
}
