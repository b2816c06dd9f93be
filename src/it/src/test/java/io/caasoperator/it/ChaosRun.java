package io.caasoperator.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Predicate;
import java.util.stream.IntStream;

/**
 * A seeded chaos run against the real operator process: a deployment goes through its lifecycle, a
 * config edit, a charm upgrade, a scale-down and a scale-up, while the operator is killed with
 * SIGKILL at seeded moments (each right after a seeded number of hook completions it logged, plus
 * no delay, under 2 ms or under 50 ms) and restarted on the same data directory. Then the journal
 * is audited ({@link HookAudit}) against everything the operators logged and every hook process
 * that ran.
 *
 * <p>{@code -Dchaos.units=N -Dchaos.kills=K -Dchaos.seed=S} change its size and schedule.
 */
final class ChaosRun {

  static final String APP = "chaos";

  /** How big a run is, and its schedule's seed. */
  record Settings(int units, int kills, long seed) {

    static Settings fromSystemProperties(int units, int kills, long seed) {
      return new Settings(
          Integer.getInteger("chaos.units", units),
          Integer.getInteger("chaos.kills", kills),
          Long.getLong("chaos.seed", seed));
    }
  }

  /** What the run did and what the audit found. */
  record Outcome(
      Settings settings, int kills, int killsSkipped, int operatorStarts, HookAudit.Report audit) {

    @Override
    public String toString() {
      return "chaos run: "
          + settings.units()
          + " units, seed "
          + settings.seed()
          + ", "
          + kills
          + " kills ("
          + killsSkipped
          + " not needed: the last phase ended first), "
          + operatorStarts
          + " operator starts; "
          + audit;
    }
  }

  /** One step of the deployment's life and how to tell that it is over. */
  private record Phase(
      String name, SpecFile spec, int expectedCompletions, Predicate<Status> done) {}

  private final Operators operators;
  private final Settings settings;
  private final Random random;
  private final Path runs;
  private final List<OperatorProcess> processes = new ArrayList<>();
  private int kills;
  private int killsSkipped;

  ChaosRun(Operators operators, Settings settings) {
    this.operators = operators;
    this.settings = settings;
    this.random = new Random(settings.seed());
    this.runs = operators.tmp().resolve("hook-processes.log");
  }

  Outcome run() throws Exception {
    int units = settings.units();
    int fewer = Math.max(1, units * 6 / 10);
    int more = Math.max(fewer + 1, units * 8 / 10);
    Path charm = writeCharm(operators.tmp().resolve("charm"), "1");
    SpecFile deployed = SpecFile.at(specFile(), APP, charm).withScale(units);
    SpecFile configured = deployed.withConfig(Map.of("greeting", "hey"));
    SpecFile upgraded = configured.withModifiedVersion(1);
    // a new unit runs five hooks: install, leader-elected or (a follower) leader-settings-changed,
    // config-changed, start, web-pebble-ready
    List<Phase> phases =
        List.of(
            new Phase(
                "deploy",
                deployed,
                5 * units,
                units(units, s -> lastHookIs(s, "web-pebble-ready"))),
            new Phase(
                "config edit",
                configured,
                units,
                units(units, s -> lastHookIs(s, "config-changed"))),
            new Phase(
                "charm upgrade",
                upgraded,
                2 * units,
                units(
                    units,
                    s ->
                        lastHookIs(s, "config-changed")
                            && s.charmGeneration() == 2
                            && allUnitsOnCharm(s, 2))),
            new Phase(
                "scale down",
                upgraded.withScale(fewer),
                2 * (units - fewer),
                units(fewer, s -> true)),
            new Phase(
                "scale up",
                upgraded.withScale(more),
                5 * (more - fewer),
                units(more, s -> allUnitsOnCharm(s, 2) && newUnitsReady(s, fewer))));

    OperatorProcess operator = null;
    int carried = 0;
    for (int p = 0; p < phases.size(); p++) {
      Phase phase = phases.get(p);
      if (phase.name().equals("charm upgrade")) writeCharm(charm, "2");
      phase.spec().write();
      if (operator == null) operator = start();
      // a kill not needed in a phase that ended first is carried to the next one
      int killsHere =
          carried
              + settings.kills() / phases.size()
              + (p < settings.kills() % phases.size() ? 1 : 0);
      carried = 0;
      for (int k = 0; k < killsHere; k++) {
        int completions = 1 + random.nextInt(Math.max(1, phase.expectedCompletions() / killsHere));
        long delayNanos =
            switch (random.nextInt(3)) {
              case 0 -> 0;
              case 1 -> random.nextInt(2_000_000);
              default -> random.nextInt(50_000_000);
            };
        OperatorApi api = new OperatorApi(operators.dataDir());
        boolean reached =
            operator.awaitMatches("hook \\S+ completed", completions, () -> isDone(api, phase));
        if (!reached) {
          carried++;
          continue;
        }
        if (delayNanos > 0)
          java.util.concurrent.locks.LockSupport.parkNanos(delayNanos); // the kill's timing
        operator.kill9();
        kills++;
        operator = start();
      }
      awaitDone(phase);
    }
    killsSkipped = carried;
    operator.terminate();
    assertThat(operator.exitCode(OperatorProcess.PATIENCE)).as("exit code after SIGTERM").isZero();

    List<String> log = new ArrayList<>();
    processes.forEach(process -> log.addAll(process.lines()));
    HookAudit.Report audit = HookAudit.of(journal(), log, Files.readAllLines(runs));
    return new Outcome(settings, kills, killsSkipped, processes.size(), audit);
  }

  private OperatorProcess start() {
    // --pebble=off: the phases end on each unit's last hook, and with a Pebble per container every
    // restart runs web-pebble-ready once more (a new boot id), after any phase's last hook;
    // PebbleCharmIT and CrashRecoveryIT cover restarts with Pebbles.
    OperatorProcess process =
        operators.start(List.of("--spec", specFile().toString(), "--pebble=off"));
    processes.add(process);
    process.awaitListening();
    return process;
  }

  private Path specFile() {
    return operators.tmp().resolve("spec/app.yaml");
  }

  private boolean isDone(OperatorApi api, Phase phase) {
    try {
      return phase.done().test(api.status());
    } catch (Exception e) {
      return false;
    }
  }

  private void awaitDone(Phase phase) {
    OperatorApi api = new OperatorApi(operators.dataDir());
    await("phase " + phase.name() + " to end")
        .atMost(OperatorProcess.PATIENCE.plusSeconds(settings.units()))
        .during(Duration.ofMillis(500))
        .pollInterval(Duration.ofMillis(100))
        .ignoreExceptions()
        .until(api::status, phase.done());
  }

  /** Every event of the run, read from the stopped operator's journal by the CLI. */
  private List<JsonNode> journal() throws IOException {
    Cli.Result result =
        Cli.run(
            operators.tmp().resolve("cli"),
            Duration.ofMinutes(2),
            "journal",
            "--data-dir",
            operators.dataDir().toString(),
            "--format",
            "json");
    assertThat(result.exitCode()).as("journal --format json: " + result.stderr()).isZero();
    List<JsonNode> events = new ArrayList<>();
    for (String line : result.stdout().split("\n")) {
      if (!line.isBlank()) events.add(OperatorApi.JSON.readTree(line));
    }
    return events;
  }

  /** Exactly units {@code 0..count-1}, all alive and idle, and each matching {@code each}. */
  private static Predicate<Status> units(int count, Predicate<Status> each) {
    List<String> names = IntStream.range(0, count).mapToObj(n -> APP + "/" + n).toList();
    return status -> status.unitNames().equals(names) && status.allUnitsIdle() && each.test(status);
  }

  /** Every unit's last hook is {@code hook} (or an update-status that came after it). */
  private static boolean lastHookIs(Status status, String hook) {
    for (String unit : status.unitNames()) {
      String last = status.unit(unit).path("lastHook").asText();
      if (!last.equals(hook) && !last.equals("update-status")) return false;
    }
    return true;
  }

  private static boolean allUnitsOnCharm(Status status, long generation) {
    return status.unitNames().stream()
        .allMatch(u -> status.unit(u).path("charmGeneration").asLong() == generation);
  }

  /** Units from {@code from} on, added by a scale-up, ran their lifecycle to the end. */
  private static boolean newUnitsReady(Status status, int from) {
    return status.unitNames().stream()
        .filter(u -> Integer.parseInt(u.substring(u.indexOf('/') + 1)) >= from)
        .allMatch(
            u ->
                List.of("web-pebble-ready", "update-status")
                    .contains(status.unit(u).path("lastHook").asText()));
  }

  /** Every hook records that its process began (unit, hook, context id), then does nothing else. */
  private Path writeCharm(Path dir, String revision) {
    String hook =
        """
                #!/bin/sh
                # chaos charm revision %s
                echo "$JUJU_UNIT_NAME $JUJU_HOOK_NAME $JUJU_CONTEXT_ID" >> %s
                """
            .formatted(revision, runs.toAbsolutePath());
    Map<String, String> scripts = new java.util.LinkedHashMap<>();
    for (String name : TestCharm.HOOKS) scripts.put("hooks/" + name, hook);
    try {
      return ScriptCharm.write(dir, APP, scripts);
    } catch (UncheckedIOException e) {
      throw new UncheckedIOException("cannot write the chaos charm", e.getCause());
    }
  }
}
