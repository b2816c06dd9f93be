package io.caasoperator.unit;

import io.caasoperator.persistence.HookKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * A random interleaving of what happens to one unit ({@code a/0}): its peers (relation 1, {@code
 * cluster}, units a/1 to a/3) and a related application's units (relation 2, {@code db}, units b/0
 * to b/2, once related) join, leave and write their databags; leadership, config and leader
 * settings change; secrets fall due; containers start; the unit dies and its name is used again;
 * and between them the unit takes its next step, which completes, fails or is cut short by a crash.
 */
final class UnitScript {
  private UnitScript() {}

  /** One thing that happens. */
  sealed interface Step {
    /** {@code unit} enters relation {@code relation} (with a databag version new to it). */
    record Join(long relation, String unit) implements Step {}

    /** {@code unit} leaves relation {@code relation}. */
    record Leave(long relation, String unit) implements Step {}

    /** {@code unit} writes its databag in relation {@code relation}. */
    record Write(long relation, String unit) implements Step {}

    /** The remote application writes its databag in relation {@code relation}. */
    record ApplicationWrite(long relation) implements Step {}

    /** Relation 2 ({@code db}, with application b) is established. */
    record Relate() implements Step {}

    /** The unit is made leader or follower. */
    record Lead(boolean leader) implements Step {}

    /** The application's config changes. */
    record ConfigChange() implements Step {}

    /** The leader changes the leader settings. */
    record LeaderSet() implements Step {}

    /** A secret hook falls due: of an application secret (the leader's) or of the unit's own. */
    record SecretDue(HookKind kind, boolean ofApplication) implements Step {}

    /** A workload container (re)starts. */
    record ContainerStart(String container) implements Step {}

    /** The unit is asked to go away. */
    record Dying() implements Step {}

    /** A dead unit's name is used again: the unit starts over. */
    record Revive() implements Step {}

    /**
     * The unit takes its next step; a hook it starts ends as {@code outcome}.
     *
     * @param updateStatusDue the update-status interval elapsed
     * @param retryNow a failed hook's retry delay elapsed
     */
    record Next(Outcome outcome, boolean updateStatusDue, boolean retryNow) implements Step {}
  }

  /** How a hook started by {@link Step.Next} ends. */
  enum Outcome {
    COMPLETED,
    FAILED,
    /** The operator crashed while it ran: it started and has no end. */
    CRASHED
  }

  /** The units that may be in relation {@code relation}. */
  static List<String> candidates(long relation) {
    return relation == 1 ? List.of("a/1", "a/2", "a/3") : List.of("b/0", "b/1", "b/2");
  }

  /** A script of up to {@code 60} steps, two in five of them the unit's next step. */
  static List<Step> generate(Random random) {
    int length = random.nextInt(61);
    List<Step> script = new ArrayList<>(length);
    for (int i = 0; i < length; i++) script.add(step(random));
    return script;
  }

  private static Step step(Random random) {
    long relation = random.nextInt(4) == 0 ? 2 : 1;
    String unit = candidates(relation).get(random.nextInt(3));
    int roll = random.nextInt(100);
    if (roll < 40) {
      int end = random.nextInt(10);
      Outcome outcome = end < 8 ? Outcome.COMPLETED : end < 9 ? Outcome.FAILED : Outcome.CRASHED;
      return new Step.Next(outcome, random.nextInt(5) == 0, random.nextBoolean());
    }
    if (roll < 50) return new Step.Join(relation, unit);
    if (roll < 58) return new Step.Leave(relation, unit);
    if (roll < 65) return new Step.Write(relation, unit);
    if (roll < 69) return new Step.ApplicationWrite(relation);
    if (roll < 71) return new Step.Relate();
    if (roll < 77) return new Step.Lead(random.nextBoolean());
    if (roll < 82) return new Step.ConfigChange();
    if (roll < 86) return new Step.LeaderSet();
    if (roll < 91) {
      HookKind kind =
          List.of(HookKind.SECRET_ROTATE, HookKind.SECRET_EXPIRED, HookKind.SECRET_REMOVE)
              .get(random.nextInt(3));
      return new Step.SecretDue(kind, random.nextBoolean());
    }
    if (roll < 95) return new Step.ContainerStart(random.nextBoolean() ? "web" : "db");
    if (roll < 97) return new Step.Dying();
    return new Step.Revive();
  }
}
