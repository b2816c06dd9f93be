package io.caasoperator.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.awaitility.core.ThrowingRunnable;

/** Bounded waits on what a user sees: hook logs and the status route. */
final class Expect {

  /** Hooks a new leader unit runs, in order. */
  static final List<String> LEADER_LIFECYCLE =
      List.of("install", "leader-elected", "config-changed", "start", "web-pebble-ready");

  /**
   * Hooks a new non-leader unit runs, in order: leader-settings-changed once after install, as Juju
   * 3.6's leadership resolver runs it before config-changed.
   */
  static final List<String> FOLLOWER_LIFECYCLE =
      List.of("install", "leader-settings-changed", "config-changed", "start", "web-pebble-ready");

  /** How long a settled state must hold before a test believes nothing more will run. */
  static final Duration SETTLE = Duration.ofSeconds(1);

  private Expect() {}

  /** {@code base} followed by {@code more}. */
  static List<String> then(List<String> base, String... more) {
    return Stream.concat(base.stream(), Stream.of(more)).toList();
  }

  /**
   * Waits until {@code unit}'s hooks.log is exactly {@code hooks}, then checks it stays so for
   * {@link #SETTLE}: no hook runs twice, none runs late.
   */
  static void hooks(UnitDir unit, List<String> hooks) {
    settles(
        "hooks.log of " + unit.path() + " to be exactly " + hooks,
        () -> assertThat(unit.hooks()).containsExactlyElementsOf(hooks));
  }

  /**
   * Waits until {@code assertion} holds and goes on holding for {@link #SETTLE}: what it checks is
   * over, nothing more comes.
   */
  static void settles(String description, ThrowingRunnable assertion) {
    await(description)
        .atMost(OperatorProcess.PATIENCE)
        .during(SETTLE)
        .pollInterval(Duration.ofMillis(100))
        .untilAsserted(assertion);
  }

  /** Waits until the status route answers a status that matches {@code condition}; returns it. */
  static Status status(OperatorApi api, String description, Predicate<Status> condition) {
    return await("status: " + description)
        .atMost(OperatorProcess.PATIENCE)
        .pollInterval(Duration.ofMillis(100))
        .ignoreExceptions()
        .until(api::status, condition);
  }

  /** Waits until every unit in {@code names}, and no other, is listed alive and idle. */
  static Status idleUnits(OperatorApi api, String... names) {
    return idleUnits(api, "nothing more", status -> true, names);
  }

  /**
   * Waits until every unit in {@code names}, and no other, is listed alive and idle, and {@code
   * also} holds ({@code description} says what it asks); returns that status.
   */
  static Status idleUnits(
      OperatorApi api, String description, Predicate<Status> also, String... names) {
    return status(
        api,
        "exactly units " + List.of(names) + ", all idle; " + description,
        status ->
            status.unitNames().equals(List.of(names))
                && status.allUnitsIdle()
                && also.test(status));
  }
}
