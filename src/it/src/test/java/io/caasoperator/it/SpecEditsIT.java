package io.caasoperator.it;

import static io.caasoperator.it.Expect.FOLLOWER_LIFECYCLE;
import static io.caasoperator.it.Expect.LEADER_LIFECYCLE;
import static io.caasoperator.it.Expect.then;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Bad edits of the spec file block the application without touching the units; fixing it unblocks.
 * An edit written in place is acted on only once it is complete.
 */
class SpecEditsIT {

  private static final String APP = "edits";
  private static final String UNIT = APP + "/0";

  @RegisterExtension final Operators operators = new Operators();

  @Test
  void
      eachBadEditBlocksTheApplicationNamingTheProblemAndKeepsTheLastGoodConfigUntilTheFileIsFixed() {
    Path charm = TestCharm.named(APP).writeTo(operators.tmp().resolve("charm"));
    SpecFile good =
        operators.spec(APP, charm).withConfig(Map.of("greeting", "hello", "port", 8080)).write();
    OperatorProcess operator = operators.start(good);
    OperatorApi api = operator.awaitListening();
    UnitDir unit = UnitDir.of(operators.dataDir(), UNIT);
    Expect.hooks(unit, LEADER_LIFECYCLE);
    long configGeneration = Expect.idleUnits(api, UNIT).configGeneration();

    badEdit(
        operator,
        api,
        unit,
        good,
        "invalid YAML",
        spec -> spec.writeRaw("application: " + APP + "\ncharm: [" + charm + "\nscale: 1\n"),
        configGeneration,
        "yaml");
    badEdit(
        operator,
        api,
        unit,
        good,
        "a negative scale",
        spec -> spec.withScale(-1).write(),
        configGeneration,
        "scale",
        "-1");
    badEdit(
        operator,
        api,
        unit,
        good,
        "an unknown config option",
        spec -> spec.withConfig(Map.of("greeting", "hello", "nosuch", "x")).write(),
        configGeneration,
        "nosuch",
        "unknown");
    badEdit(
        operator,
        api,
        unit,
        good,
        "a string for an int option",
        spec -> spec.withConfig(Map.of("greeting", "hello", "port", "eighty")).write(),
        configGeneration,
        "port",
        "int");
    // Reading a named pipe would wait for a writer: the watcher would see no later edit.
    badEdit(
        operator,
        api,
        unit,
        good,
        "a named pipe instead of a file",
        SpecFile::replaceWithNamedPipe,
        configGeneration,
        "named pipe",
        "not a regular file");
    // 10 MB, one long value: parsing it once held the watcher for a minute and took GiBs of heap.
    badEdit(
        operator,
        api,
        unit,
        good,
        "a 10 MB file",
        spec ->
            spec.writeRaw(
                "application: "
                    + APP
                    + "\ncharm: "
                    + charm
                    + "\nconfig: {greeting: "
                    + "x".repeat(10_000_000)
                    + "}\n"),
        configGeneration,
        "bytes",
        "a specification may be at most 1048576 bytes (1 MiB)");

    // Still operating: a good change after all that runs config-changed exactly once.
    good.withConfig(Map.of("greeting", "bonjour", "port", 8080)).write();
    Expect.hooks(unit, then(LEADER_LIFECYCLE, "config-changed"));
    assertThat(Expect.idleUnits(api, UNIT).configGeneration()).isEqualTo(configGeneration + 1);
  }

  @Test
  void aSpecWrittenInPlaceIsActedOnOnlyOnceCompleteNeverHalfWritten() {
    Path charm = TestCharm.named(APP).writeTo(operators.tmp().resolve("charm"));
    SpecFile spec = operators.spec(APP, charm).withScale(3).write();
    // A quiet period well above the writer's pause, so a busy machine cannot stretch the pause past
    // it.
    OperatorProcess operator = operators.start(spec, Map.of("caas.spec-quiet-period", "2s"));
    OperatorApi api = operator.awaitListening();
    List<UnitDir> units =
        List.of(
            UnitDir.of(operators.dataDir(), APP + "/0"),
            UnitDir.of(operators.dataDir(), APP + "/1"),
            UnitDir.of(operators.dataDir(), APP + "/2"));
    Expect.hooks(units.get(0), LEADER_LIFECYCLE);
    Expect.hooks(units.get(1), FOLLOWER_LIFECYCLE);
    Expect.hooks(units.get(2), FOLLOWER_LIFECYCLE);

    // Half way through, the file is valid YAML without "scale": one unit.
    spec.withConfig(Map.of("greeting", "hey")).writeInPlace(Duration.ofMillis(500));

    Expect.hooks(units.get(0), then(LEADER_LIFECYCLE, "config-changed"));
    Expect.hooks(units.get(1), then(FOLLOWER_LIFECYCLE, "config-changed"));
    Expect.hooks(units.get(2), then(FOLLOWER_LIFECYCLE, "config-changed"));
    Expect.idleUnits(api, APP + "/0", APP + "/1", APP + "/2");
    assertThat(operator.linesMatching("hook stop started"))
        .as("no unit was ever stopped")
        .isEmpty();
  }

  /**
   * Makes a bad edit: the application goes {@code blocked} with a message naming the problem (the
   * first word in any case, the others exactly), the process stays up and the unit runs nothing.
   * Then writes the good spec back: the application returns to {@code active}, still without a
   * hook.
   */
  private static void badEdit(
      OperatorProcess operator,
      OperatorApi api,
      UnitDir unit,
      SpecFile good,
      String what,
      Consumer<SpecFile> edit,
      long configGeneration,
      String... problemWords) {
    edit.accept(good);

    Status blocked =
        Expect.status(api, "blocked after " + what, s -> "blocked".equals(s.application()));
    assertThat(blocked.applicationMessage())
        .as("the blocked message after %s", what)
        .containsIgnoringCase(problemWords[0]);
    for (String word : Arrays.asList(problemWords).subList(1, problemWords.length)) {
      assertThat(blocked.applicationMessage())
          .as("the blocked message after %s", what)
          .contains(word);
    }
    assertThat(operator.isAlive()).as("the operator runs on after %s", what).isTrue();
    Expect.hooks(unit, LEADER_LIFECYCLE);
    assertThat(Expect.idleUnits(api, UNIT).configGeneration())
        .as("the config generation after %s", what)
        .isEqualTo(configGeneration);

    good.write();
    Status active =
        Expect.status(
            api,
            "active once the spec is fixed after " + what,
            s -> "active".equals(s.application()));
    assertThat(active.configGeneration()).isEqualTo(configGeneration);
    Expect.hooks(unit, LEADER_LIFECYCLE);
  }
}
