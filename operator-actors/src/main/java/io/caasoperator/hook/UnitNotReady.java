package io.caasoperator.hook;

/**
 * How a {@link HookExecutor} run ends when the place the process would run cannot take it yet (on
 * Kubernetes: the unit's pod is not scheduled, or neither its init container nor its workload
 * container runs, or the exec connection failed). The process did not run to an end there, so
 * running it again is safe, as for any interrupted hook (at-least-once). The executor gave its slot
 * back at once: waiting is the unit's business (a timer, or the container start it observes), never
 * a thread's that holds a slot of the global hook limit.
 *
 * <p>Control flow rather than an error, so it carries no stack trace.
 */
public final class UnitNotReady extends RuntimeException {

  /**
   * @param reason a sentence for people, e.g. {@code pod mariadb-0: neither charm-init nor workload
   *     is running}
   */
  public UnitNotReady(String reason) {
    super(reason, null, false, false);
  }

  public String reason() {
    return getMessage();
  }
}
