package io.caasoperator.it;

import java.util.Random;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * The SIGKILLs of a seeded chaos run, spread over its phases: each right after a seeded number of
 * the hook completions the operator logged, plus no delay, under 2 ms or under 50 ms, and the
 * operator started again on the same data directory. A kill that a phase ended too soon for is
 * carried to the next phase; the run gives the ones still carried after its last phase a phase of
 * their own (see {@link #carried()}).
 */
final class SeededKills {

  private final Random random;
  private final int scheduled;
  private final int phases;
  private int kills;
  private int carried;

  /** {@code scheduled} kills over {@code phases} phases, timed by {@code seed}. */
  SeededKills(long seed, int scheduled, int phases) {
    this.random = new Random(seed);
    this.scheduled = scheduled;
    this.phases = phases;
  }

  /**
   * Kills {@code operator} during phase {@code phase} (0-based; one past the last phases: only the
   * carried kills) as often as its share and the carried kills say, restarting it with {@code
   * restart} after each; a kill for which the phase {@code ended} first is carried. Returns the
   * operator that runs now.
   *
   * @param expectedCompletions about how many hooks complete in the phase, to spread its kills
   */
  OperatorProcess during(
      int phase,
      OperatorProcess operator,
      int expectedCompletions,
      BooleanSupplier ended,
      Supplier<OperatorProcess> restart)
      throws InterruptedException {
    int here =
        carried + (phase < phases ? scheduled / phases + (phase < scheduled % phases ? 1 : 0) : 0);
    carried = 0;
    for (int k = 0; k < here; k++) {
      if (killAfter(operator, expectedCompletions, here, ended)) operator = restart.get();
      else carried++;
    }
    return operator;
  }

  /** The kills that happened. */
  int kills() {
    return kills;
  }

  /** The kills the phases so far ended too soon for. */
  int carried() {
    return carried;
  }

  /**
   * Kills {@code operator} with SIGKILL right after a seeded number of the hook completions it logs
   * (one of {@code killsHere} in a phase of about {@code expectedCompletions}), plus a seeded
   * delay; false, and no kill, when the phase ended first.
   */
  private boolean killAfter(
      OperatorProcess operator, int expectedCompletions, int killsHere, BooleanSupplier ended)
      throws InterruptedException {
    int completions = 1 + random.nextInt(Math.max(1, expectedCompletions / killsHere));
    long delayNanos =
        switch (random.nextInt(3)) {
          case 0 -> 0;
          case 1 -> random.nextInt(2_000_000);
          default -> random.nextInt(50_000_000);
        };
    if (!operator.awaitMatches("hook \\S+ completed", completions, ended)) return false;
    if (delayNanos > 0) LockSupport.parkNanos(delayNanos); // the kill's timing
    operator.kill9();
    kills++;
    return true;
  }
}
