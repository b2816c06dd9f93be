package io.caasoperator.app.discovery;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Which running operator a CLI command given no {@code --data-dir} or {@code --url} means: pure
 * decisions over what the {@link OperatorRegistry} holds and what the kernel says about each pid.
 */
public final class OperatorDiscovery {
  private OperatorDiscovery() {}

  /** The answer: the one operator meant, several that could be, or none. */
  public sealed interface Choice {
    /** Exactly one operator fits. */
    record One(Registration operator) implements Choice {}

    /** More than one fits: the user must say which (the message lists them). */
    record Several(List<Registration> operators) implements Choice {}

    /**
     * None fits.
     *
     * @param others operators that run for other applications (empty when none runs at all)
     */
    record NoneRunning(List<Registration> others) implements Choice {}
  }

  /**
   * Whether {@code registration}'s operator still runs: its pid is a live process that started when
   * the registered one did. A crashed operator's file names a pid that is gone, or that the kernel
   * has since given to a process that started later.
   */
  public static boolean isLive(Registration registration, ProcessSeen seen) {
    return switch (seen) {
      case ProcessSeen.Gone gone -> false;
      case ProcessSeen.Running running ->
          registration.started().isEmpty()
              || running.started().isEmpty()
              || sameInstant(registration, running);
    };
  }

  /**
   * The kernel reports a start time in clock ticks (10 ms), and a JVM may round it differently on
   * each read: within a second is the same process.
   */
  private static boolean sameInstant(Registration registration, ProcessSeen.Running running) {
    long apart =
        Math.abs(
            registration.started().orElseThrow().toEpochMilli()
                - running.started().orElseThrow().toEpochMilli());
    return apart < 1_000;
  }

  /**
   * The operator meant among the {@code live} ones: that of {@code application} when the command
   * names one ({@code --app}, or a unit such as {@code hello/0}), else the only one running.
   */
  public static Choice choose(List<Registration> live, Optional<String> application) {
    List<Registration> sorted =
        live.stream()
            .sorted(Comparator.comparing(Registration::application).thenComparing(r -> r.dataDir()))
            .toList();
    List<Registration> fitting =
        application
            .map(app -> sorted.stream().filter(r -> r.operates(app)).toList())
            .orElse(sorted);
    return switch (fitting.size()) {
      case 0 -> new Choice.NoneRunning(sorted);
      case 1 -> new Choice.One(fitting.getFirst());
      default -> new Choice.Several(fitting);
    };
  }
}
