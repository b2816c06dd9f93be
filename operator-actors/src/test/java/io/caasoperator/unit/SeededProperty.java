package io.caasoperator.unit;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.function.Function;

/**
 * A property checked over scripts generated from consecutive seeds, on plain JUnit: each try
 * generates a script from {@code new Random(seed)} and runs it; the first script that breaks the
 * property is shrunk (steps left out while it still breaks it) and reported with its seed, so the
 * failure reproduces from the seed alone. The same seeds give the same scripts on every machine.
 *
 * @param <S> a step of a script
 */
final class SeededProperty<S> {
  private final Function<Random, List<S>> generate;
  private final Function<List<S>, Optional<String>> violation;

  /**
   * @param generate a script from a seeded random source
   * @param violation what the script breaks when it runs, or empty when it keeps the property
   */
  SeededProperty(
      Function<Random, List<S>> generate, Function<List<S>, Optional<String>> violation) {
    this.generate = generate;
    this.violation = violation;
  }

  /**
   * Runs {@code tries} scripts from the seeds {@code firstSeed}, {@code firstSeed + 1}, ...
   *
   * @throws AssertionError naming the seed, the shrunk script and what it broke
   */
  void check(int tries, long firstSeed) {
    for (long seed = firstSeed; seed < firstSeed + tries; seed++) {
      List<S> script = generate.apply(new Random(seed));
      Optional<String> broken = violation.apply(script);
      if (broken.isPresent()) {
        List<S> shrunk = shrink(script);
        throw new AssertionError(
            "seed "
                + seed
                + " breaks the property; its script of "
                + script.size()
                + " steps shrinks to "
                + shrunk.size()
                + ":\n  "
                + String.join("\n  ", shrunk.stream().map(String::valueOf).toList())
                + "\n"
                + violation.apply(shrunk).orElseThrow());
      }
    }
  }

  /** Leaves out runs of steps, halving their length, while the script still breaks the property. */
  private List<S> shrink(List<S> script) {
    List<S> smallest = script;
    for (int chunk = Math.max(1, smallest.size() / 2); chunk >= 1; chunk /= 2) {
      for (int from = 0; from + chunk <= smallest.size(); ) {
        List<S> without = new ArrayList<>(smallest.subList(0, from));
        without.addAll(smallest.subList(from + chunk, smallest.size()));
        if (violation.apply(without).isPresent()) smallest = without;
        else from += chunk;
      }
    }
    return smallest;
  }
}
