package io.caasoperator.substrate.kubernetes;

import io.caasoperator.substrate.ApplicationReport;
import io.caasoperator.substrate.ApplicationReport.UnitReport;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * The Application's conditions, decided from what the operator reports. Pure: the report in, the
 * conditions out; {@link #transitioned} then carries each condition's transition time over from the
 * status already written, as Kubernetes' conventions ask (the time changes only when the status
 * does).
 *
 * <ul>
 *   <li>{@code Ready}: the charm is deployed, the application status is {@code active}, nothing is
 *       degraded, and every alive unit is ready: its agent is {@code idle} or {@code executing} and
 *       its workload status is {@code active} (what a charm sets with {@code status-set active}
 *       once its workload serves, and what {@code juju wait-for} waits on).
 *   <li>{@code Progressing}: the operator or the charm is on its way somewhere: a charm being
 *       deployed ({@code maintenance}), no specification yet ({@code waiting}), units starting
 *       ({@code allocating}), stopping (dying) or in {@code maintenance}.
 *   <li>{@code Degraded}: something needs a person: a hook failed (the unit's agent is in {@code
 *       error}; it is retried with backoff), the application is {@code blocked} (a refused
 *       specification or charm) or in {@code error}, or a unit's workload is {@code blocked}.
 * </ul>
 */
public final class ApplicationConditions {

  /** How many units a condition's message names before it says "and N more". */
  private static final int NAMED = 3;

  private ApplicationConditions() {}

  /**
   * The three conditions, in the order {@code kubectl describe} shows them, without times or
   * generation.
   */
  public static List<ApplicationCondition> of(ApplicationReport report) {
    ApplicationCondition degraded = degraded(report);
    return List.of(ready(report, degraded), progressing(report), degraded);
  }

  /** {@code ready/alive}, e.g. {@code 2/3}. */
  public static String readyUnits(ApplicationReport report) {
    List<UnitReport> alive = alive(report);
    return alive.stream().filter(ApplicationConditions::ready).count() + "/" + alive.size();
  }

  /**
   * {@code next} with each condition's {@code lastTransitionTime}: kept from {@code previous} when
   * its status is the same there, else {@code now} (in whole seconds, as metav1.Time).
   */
  public static List<ApplicationCondition> transitioned(
      List<ApplicationCondition> previous, List<ApplicationCondition> next, Instant now) {
    String at = now.truncatedTo(ChronoUnit.SECONDS).toString();
    List<ApplicationCondition> before = previous == null ? List.of() : previous;
    return next.stream()
        .map(
            c ->
                before.stream()
                    .filter(
                        p ->
                            c.type().equals(p.type())
                                && c.status().equals(p.status())
                                && p.lastTransitionTime() != null)
                    .findFirst()
                    .map(p -> c.since(p.lastTransitionTime()))
                    .orElse(c.since(at)))
        .toList();
  }

  private static ApplicationCondition ready(
      ApplicationReport report, ApplicationCondition degraded) {
    String app = report.status().value();
    if (report.charmUrl() == null) {
      return ApplicationCondition.of(
          ApplicationCondition.READY, false, "NoCharm", "no charm is deployed yet");
    }
    if (degraded.isTrue()) {
      return ApplicationCondition.of(
          ApplicationCondition.READY, false, degraded.reason(), degraded.message());
    }
    if (!"active".equals(app)) {
      return ApplicationCondition.of(
          ApplicationCondition.READY,
          false,
          "Application" + capitalised(app),
          line("application is " + app, report.status().message()));
    }
    List<UnitReport> alive = alive(report);
    List<UnitReport> unready = alive.stream().filter(u -> !ready(u)).toList();
    String count = (alive.size() - unready.size()) + "/" + alive.size() + " units ready";
    if (!unready.isEmpty()) {
      return ApplicationCondition.of(
          ApplicationCondition.READY,
          false,
          "UnitsNotReady",
          count
              + "; not ready: "
              + named(
                  unready,
                  u ->
                      u.unit()
                          + " (agent "
                          + u.agent().value()
                          + ", workload "
                          + line(u.workload().value(), u.workload().message())
                          + ")"));
    }
    return ApplicationCondition.of(ApplicationCondition.READY, true, "UnitsReady", count);
  }

  private static ApplicationCondition progressing(ApplicationReport report) {
    String app = report.status().value();
    Causes causes = new Causes();
    if ("maintenance".equals(app) || "waiting".equals(app)) {
      causes.addApplication(report);
    }
    List<UnitReport> starting =
        matching(report, u -> u.life().equals("alive") && u.agent().value().equals("allocating"));
    List<UnitReport> stopping = matching(report, u -> u.life().equals("dying"));
    List<UnitReport> busy =
        matching(
            report, u -> u.life().equals("alive") && u.workload().value().equals("maintenance"));
    if (!starting.isEmpty()) {
      causes.add("UnitsStarting", "starting: " + named(starting, UnitReport::unit));
    }
    if (!stopping.isEmpty()) {
      causes.add("UnitsStopping", "stopping: " + named(stopping, UnitReport::unit));
    }
    if (!busy.isEmpty()) {
      causes.add(
          "UnitsInMaintenance",
          "in maintenance: " + named(busy, u -> line(u.unit(), u.workload().message())));
    }
    return causes.condition(ApplicationCondition.PROGRESSING, "Settled", "nothing is under way");
  }

  private static ApplicationCondition degraded(ApplicationReport report) {
    String app = report.status().value();
    Causes causes = new Causes();
    List<UnitReport> failed = matching(report, u -> u.agent().value().equals("error"));
    if (!failed.isEmpty()) {
      causes.add(
          "HookFailed",
          "hook failed on "
              + named(failed, u -> line(u.unit(), u.workload().message()))
              + " (retried with backoff; resolve to retry now)");
    }
    if ("blocked".equals(app) || "error".equals(app)) {
      causes.addApplication(report);
    }
    List<UnitReport> blocked =
        matching(report, u -> u.life().equals("alive") && u.workload().value().equals("blocked"));
    if (!blocked.isEmpty()) {
      causes.add(
          "UnitsBlocked",
          "blocked: " + named(blocked, u -> line(u.unit(), u.workload().message())));
    }
    return causes.condition(
        ApplicationCondition.DEGRADED, "AsExpected", "no failed hook, nothing blocked");
  }

  /**
   * What makes a condition true, in the order found: the first names it (its reason), all of them
   * say why (its message).
   */
  private static final class Causes {
    private String reason;
    private final List<String> why = new ArrayList<>();

    void add(String reason, String why) {
      if (this.reason == null) this.reason = reason;
      this.why.add(why);
    }

    /** The application's own status (its leader's, else the operator's) as a cause. */
    void addApplication(ApplicationReport report) {
      String app = report.status().value();
      add(
          "Application" + capitalised(app),
          line("application is " + app, report.status().message()));
    }

    /** True with the causes found; else false, with the reason and message of none. */
    ApplicationCondition condition(String type, String noneReason, String noneMessage) {
      return reason == null
          ? ApplicationCondition.of(type, false, noneReason, noneMessage)
          : ApplicationCondition.of(type, true, reason, String.join("; ", why));
    }
  }

  private static boolean ready(UnitReport unit) {
    String agent = unit.agent().value();
    return (agent.equals("idle") || agent.equals("executing"))
        && unit.workload().value().equals("active");
  }

  private static List<UnitReport> alive(ApplicationReport report) {
    return matching(report, u -> u.life().equals("alive"));
  }

  private static List<UnitReport> matching(ApplicationReport report, Predicate<UnitReport> test) {
    return report.units().stream().filter(test).toList();
  }

  private static String named(
      List<UnitReport> units, java.util.function.Function<UnitReport, String> name) {
    List<String> names = units.stream().limit(NAMED).map(name).toList();
    String more = units.size() > NAMED ? " and " + (units.size() - NAMED) + " more" : "";
    return String.join(", ", names) + more;
  }

  private static String line(String what, String message) {
    return message == null || message.isBlank() ? what : what + ": " + message;
  }

  private static String capitalised(String value) {
    Objects.requireNonNull(value);
    return value.isEmpty()
        ? "Unknown"
        : Character.toUpperCase(value.charAt(0)) + value.substring(1);
  }
}
