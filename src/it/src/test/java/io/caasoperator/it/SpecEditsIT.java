package io.caasoperator.it;

import static io.caasoperator.it.Expect.LEADER_LIFECYCLE;
import static io.caasoperator.it.Expect.then;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Bad edits of the spec file block the application without touching the units; fixing it unblocks. */
class SpecEditsIT {

    private static final String APP = "edits";
    private static final String UNIT = APP + "/0";

    @RegisterExtension
    final Operators operators = new Operators();

    @Test
    void eachBadEditBlocksTheApplicationNamingTheProblemAndKeepsTheLastGoodConfigUntilTheFileIsFixed() {
        Path charm = TestCharm.named(APP).writeTo(operators.tmp().resolve("charm"));
        SpecFile good = SpecFile.at(operators.tmp().resolve("spec/app.yaml"), APP, charm)
                .withConfig(Map.of("greeting", "hello", "port", 8080))
                .write();
        OperatorProcess operator = operators.start(good);
        OperatorApi api = operator.awaitListening();
        UnitDir unit = UnitDir.of(operators.dataDir(), UNIT);
        Expect.hooks(unit, LEADER_LIFECYCLE);
        long configGeneration = Expect.idleUnits(api, UNIT).configGeneration();

        badEdit(operator, api, unit, good, "invalid YAML",
                spec -> spec.writeRaw("application: " + APP + "\ncharm: [" + charm + "\nscale: 1\n"),
                configGeneration, "yaml");
        badEdit(operator, api, unit, good, "a negative scale",
                spec -> spec.withScale(-1).write(), configGeneration, "scale", "-1");
        badEdit(operator, api, unit, good, "an unknown config option",
                spec -> spec.withConfig(Map.of("greeting", "hello", "nosuch", "x")).write(),
                configGeneration, "nosuch", "unknown");
        badEdit(operator, api, unit, good, "a string for an int option",
                spec -> spec.withConfig(Map.of("greeting", "hello", "port", "eighty")).write(),
                configGeneration, "port", "int");

        // Still operating: a good change after all that runs config-changed exactly once.
        good.withConfig(Map.of("greeting", "bonjour", "port", 8080)).write();
        Expect.hooks(unit, then(LEADER_LIFECYCLE, "config-changed"));
        assertThat(Expect.idleUnits(api, UNIT).configGeneration()).isEqualTo(configGeneration + 1);
    }

    /**
     * Makes a bad edit: the application goes {@code blocked} with a message naming
     * the problem (the first word in any case, the others exactly), the process stays up and the unit runs nothing. Then writes the good
     * spec back: the application returns to {@code active}, still without a hook.
     */
    private static void badEdit(OperatorProcess operator, OperatorApi api, UnitDir unit, SpecFile good,
                                String what, Consumer<SpecFile> edit, long configGeneration, String... problemWords) {
        edit.accept(good);

        Status blocked = Expect.status(api, "blocked after " + what,
                s -> "blocked".equals(s.application()));
        assertThat(blocked.applicationMessage()).as("the blocked message after %s", what)
                .containsIgnoringCase(problemWords[0]);
        for (String word : Arrays.asList(problemWords).subList(1, problemWords.length)) {
            assertThat(blocked.applicationMessage()).as("the blocked message after %s", what).contains(word);
        }
        assertThat(operator.isAlive()).as("the operator runs on after %s", what).isTrue();
        Expect.hooks(unit, LEADER_LIFECYCLE);
        assertThat(Expect.idleUnits(api, UNIT).configGeneration())
                .as("the config generation after %s", what).isEqualTo(configGeneration);

        good.write();
        Status active = Expect.status(api, "active once the spec is fixed after " + what,
                s -> "active".equals(s.application()));
        assertThat(active.configGeneration()).isEqualTo(configGeneration);
        Expect.hooks(unit, LEADER_LIFECYCLE);
    }
}
