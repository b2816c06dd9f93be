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
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import java.util.stream.IntStream;

/**
 * A seeded chaos run against the real operator process, with a Pebble per unit container: a
 * deployment goes through its lifecycle, a config edit, a charm upgrade, a scale-down and a
 * scale-up, while the operator is killed with SIGKILL at seeded moments (each right after a seeded
 * number of hook completions it logged, plus no delay, under 2 ms or under 50 ms) and restarted on
 * the same data directory. Every scheduled kill happens: one that a phase ended too soon for is
 * carried to the next, and after the last phase config edits go on until none is left. After each
 * phase every unit's workload service runs again (the charm's web-pebble-ready adds and replans
 * it). Then the journal is audited ({@link HookAudit}) against everything the operators logged and
 * every hook process that ran.
 *
 * <p>Its size and schedule: {@code CAAS_CHAOS_UNITS}, {@code CAAS_CHAOS_KILLS}, {@code
 * CAAS_CHAOS_SEED} in the environment ({@code random}: a new seed, printed), or {@code
 * -Dchaos.units=N -Dchaos.kills=K -Dchaos.seed=S}.
 */
final class ChaosRun {

  static final String APP = "chaos";

  /** How big a run is, and its schedule's seed. */
  record Settings(int units, int kills, long seed) {

    /**
     * From {@code -Dchaos.units}, {@code -Dchaos.kills}, {@code -Dchaos.seed}, else the
     * environment's {@code CAAS_CHAOS_UNITS}, {@code CAAS_CHAOS_KILLS}, {@code CAAS_CHAOS_SEED}
     * ({@code random} for a new one), else the given defaults.
     */
    static Settings fromEnvironment(int units, int kills, long seed) {
      String chosenSeed = setting("chaos.seed", "CAAS_CHAOS_SEED", Long.toString(seed));
      return new Settings(
          Integer.parseInt(setting("chaos.units", "CAAS_CHAOS_UNITS", Integer.toString(units))),
          Integer.parseInt(setting("chaos.kills", "CAAS_CHAOS_KILLS", Integer.toString(kills))),
          chosenSeed.equals("random") ? new Random().nextLong() : Long.parseLong(chosenSeed));
    }

    private static String setting(String property, String variable, String fallback) {
      String value = System.getProperty(property);
      if (value == null || value.isBlank()) value = System.getenv(variable);
      return value == null || value.isBlank() ? fallback : value.strip();
    }

    /** The one command that runs this schedule again. */
    String rerun() {
      return rerun("CrashSafetyIT");
    }

    /** The one command that runs this schedule again in {@code test} ({@code Class#method}). */
    String rerun(String test) {
      return "CAAS_CHAOS_UNITS=%d CAAS_CHAOS_KILLS=%d CAAS_CHAOS_SEED=%d bin/test -pl src/it -am -Dtest=none -Dsurefire.failIfNoSpecifiedTests=false -Dit.test=%s"
          .formatted(units, kills, seed, test);
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
          + " skipped: the phases ended first), "
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
  private final Path runs;
  private final List<OperatorProcess> processes = new ArrayList<>();

  ChaosRun(Operators operators, Settings settings) {
    this.operators = operators;
    this.settings = settings;
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

    SeededKills kills = new SeededKills(settings.seed(), settings.kills(), phases.size());
    OperatorProcess operator = null;
    for (int p = 0; p < phases.size(); p++) {
      Phase phase = phases.get(p);
      if (phase.name().equals("charm upgrade")) writeCharm(charm, "2");
      phase.spec().write();
      if (operator == null) operator = start();
      operator = kills.during(p, operator, phase.expectedCompletions(), ended(phase), this::start);
      awaitDone(phase);
      awaitServicesRunning(phase.name(), unitsOf(phase));
    }
    // Kills the phases ended too soon for: config edits, each a hook on every unit, until all
    // have happened (bounded: a run that cannot make hooks complete fails on its phase's wait).
    for (int edit = 1; kills.carried() > 0 && edit <= settings.kills(); edit++) {
      Phase again =
          new Phase(
              "config edit " + edit + " for " + kills.carried() + " carried kill(s)",
              upgraded.withScale(more).withConfig(Map.of("greeting", "again-" + edit)),
              more,
              units(more, s -> lastHookIs(s, "config-changed")));
      again.spec().write();
      operator =
          kills.during(
              phases.size(), operator, again.expectedCompletions(), ended(again), this::start);
      awaitDone(again);
      awaitServicesRunning(again.name(), more);
    }
    operator.terminate();
    assertThat(operator.exitCode(OperatorProcess.PATIENCE)).as("exit code after SIGTERM").isZero();

    HookAudit.Report audit =
        HookAudit.of(journal(operators), log(processes), Files.readAllLines(runs));
    return new Outcome(settings, kills.kills(), kills.carried(), processes.size(), audit);
  }

  private OperatorProcess start() {
    // With a Pebble per container (on: refuse to start without one, rather than run without):
    // each start runs web-pebble-ready once more on every unit (a new boot id), and the charm then
    // adds its service again.
    OperatorProcess process =
        operators.start(List.of("--spec", specFile().toString(), "--pebble=on"));
    processes.add(process);
    process.awaitListening();
    return process;
  }

  private Path specFile() {
    return operators.tmp().resolve("spec/app.yaml");
  }

  /**
   * Whether {@code phase} has ended, asked of the operator's status (false while it cannot answer).
   */
  private BooleanSupplier ended(Phase phase) {
    OperatorApi api = new OperatorApi(operators.dataDir());
    return () -> {
      try {
        return phase.done().test(api.status());
      } catch (Exception e) {
        return false;
      }
    };
  }

  /** The output of every operator process, in the order they ran. */
  static List<String> log(List<OperatorProcess> processes) {
    List<String> log = new ArrayList<>();
    processes.forEach(process -> log.addAll(process.lines()));
    return log;
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

  /**
   * Every event of a run, read from its stopped operator's journal by the CLI: of each of {@code
   * applications} (a model's journal is read an application at a time), or of the one there is.
   */
  static List<JsonNode> journal(Operators operators, String... applications) throws IOException {
    List<JsonNode> events = new ArrayList<>();
    for (String application : applications.length == 0 ? new String[] {null} : applications) {
      List<String> args =
          new ArrayList<>(
              List.of("journal", "--data-dir", operators.dataDir().toString(), "--format", "json"));
      if (application != null) args.addAll(List.of("--app", application));
      Cli.Result result =
          Cli.run(
              operators.tmp().resolve("cli"), Duration.ofMinutes(2), args.toArray(String[]::new));
      assertThat(result.exitCode()).as(args + ": " + result.stderr()).isZero();
      for (String line : result.stdout().split("\n")) {
        if (!line.isBlank()) events.add(OperatorApi.JSON.readTree(line));
      }
    }
    return events;
  }

  /** Exactly units {@code 0..count-1}, all alive and idle, and each matching {@code each}. */
  private static Predicate<Status> units(int count, Predicate<Status> each) {
    List<String> names = IntStream.range(0, count).mapToObj(n -> APP + "/" + n).toList();
    return status -> status.unitNames().equals(names) && status.allUnitsIdle() && each.test(status);
  }

  /**
   * Every unit's last hook is {@code hook}, or one that may come after it: update-status, or
   * web-pebble-ready when a restarted operator's new Pebble answers.
   */
  private static boolean lastHookIs(Status status, String hook) {
    for (String unit : status.unitNames()) {
      String last = status.unit(unit).path("lastHook").asText();
      if (!List.of(hook, "update-status", "web-pebble-ready").contains(last)) return false;
    }
    return true;
  }

  /** How many units {@code phase} ends with. */
  private static int unitsOf(Phase phase) {
    return phase.spec().scale();
  }

  /**
   * Every unit of {@code 0..count-1} has its workload service running in its container's Pebble:
   * asked on each container's socket, as the charm reaches it.
   */
  private void awaitServicesRunning(String phase, int count) {
    await("phase " + phase + ": every unit's service running again")
        .atMost(OperatorProcess.PATIENCE.plusSeconds(settings.units()))
        .pollInterval(Duration.ofMillis(200))
        .ignoreExceptions()
        .untilAsserted(
            () -> {
              for (int n = 0; n < count; n++) {
                Path socket =
                    UnitDir.of(operators.dataDir(), APP + "/" + n)
                        .path()
                        .resolve("containers/web/pebble.socket");
                JsonNode services = pebble(socket, "/v1/services?names=" + SERVICE).path("result");
                assertThat(services.path(0).path("current").asText())
                    .as("%s/%d's service %s", APP, n, SERVICE)
                    .isEqualTo("active");
              }
            });
  }

  /** A GET on a Pebble's socket, as curl makes it; the JSON answer. */
  private static JsonNode pebble(Path socket, String path) throws Exception {
    Process curl =
        new ProcessBuilder(
                "curl",
                "-sS",
                "--max-time",
                "10",
                "--unix-socket",
                socket.toString(),
                "http://localhost" + path)
            .redirectErrorStream(true)
            .start();
    String body = new String(curl.getInputStream().readAllBytes());
    assertThat(curl.waitFor()).as(body).isZero();
    return OperatorApi.JSON.readTree(body);
  }

  /** The workload service the charm's web-pebble-ready adds and replans. */
  static final String SERVICE = "idle";

  /** Its command: long enough to outlive the run, and unlike any other process here. */
  static final String SERVICE_COMMAND = "sleep 864013";

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

  /**
   * Every hook records that its process began (unit, hook, context id); web-pebble-ready then adds
   * the workload's service to its container's Pebble and replans, as a charm does.
   */
  private Path writeCharm(Path dir, String revision) {
    String hook =
        """
                #!/bin/sh
                # chaos charm revision %s
                echo "$JUJU_UNIT_NAME $JUJU_HOOK_NAME $JUJU_CONTEXT_ID" >> %s
                """
            .formatted(revision, runs.toAbsolutePath());
    String layer =
        "{\"action\": \"add\", \"label\": \"chaos\", \"combine\": true, \"format\": \"yaml\","
            + " \"layer\": \"services:\\n  %s:\\n    override: replace\\n    command: %s\\n    startup: enabled\\n\"}"
                .formatted(SERVICE, SERVICE_COMMAND);
    String pebbleReady =
        hook
            + """
                pebble() { curl -sS --fail-with-body --unix-socket /charm/containers/web/pebble.socket -X POST -d "$2" "http://localhost$1"; }
                pebble /v1/layers '%s' && pebble /v1/services '{"action": "replan"}'
                """
                .formatted(layer);
    Map<String, String> scripts = new java.util.LinkedHashMap<>();
    for (String name : TestCharm.HOOKS)
      scripts.put("hooks/" + name, name.equals("web-pebble-ready") ? pebbleReady : hook);
    try {
      return ScriptCharm.write(dir, APP, scripts);
    } catch (UncheckedIOException e) {
      throw new UncheckedIOException("cannot write the chaos charm", e.getCause());
    }
  }
}
