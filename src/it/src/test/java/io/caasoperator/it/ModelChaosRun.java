package io.caasoperator.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import java.util.stream.IntStream;

/**
 * A seeded chaos run against the real operator process running a model of two applications from a
 * bundle ({@code run --bundle}): a {@code store} providing {@code db} and a {@code client}
 * requiring it, related. The model comes up related, the store scales up, the client scales down,
 * the relation is removed, and last the client leaves the model, while the operator is killed with
 * SIGKILL at seeded moments ({@link SeededKills}) and restarted on the same data directory. Every
 * unit's relation hooks write to the relation (the store's leader its application's databag in
 * relation-created, every unit its name in relation-joined) and set the unit's status to the remote
 * units it sees, which is how each phase is known to be over. Then the journal is audited by {@link
 * HookAudit} and {@link ModelAudit}.
 *
 * <p>Its size and schedule as {@link ChaosRun}'s ({@code CAAS_CHAOS_UNITS}: each application's
 * first scale; relation hooks grow with its square).
 */
final class ModelChaosRun {

  static final String STORE = "store";
  static final String CLIENT = "client";

  /** What the run did and what the audits found. */
  record Outcome(
      ChaosRun.Settings settings,
      int kills,
      int killsSkipped,
      int operatorStarts,
      HookAudit.Report audit,
      ModelAudit.Report model) {

    @Override
    public String toString() {
      return "model chaos run: %d units each, seed %d, %d kills (%d skipped: the phases ended first), %d operator starts; %s; %s"
          .formatted(
              settings.units(), settings.seed(), kills, killsSkipped, operatorStarts, audit, model);
    }
  }

  /**
   * One step of the model's life: its bundle, and what each remaining unit's status message says
   * once the step is over, by application and unit.
   */
  private record Phase(
      String name,
      String bundle,
      int expectedCompletions,
      Map<String, Map<String, String>> messages,
      Predicate<Status> alsoEach) {}

  private final Operators operators;
  private final ChaosRun.Settings settings;
  private final Path runs;
  private final Path bundle;
  private final List<OperatorProcess> processes = new ArrayList<>();
  private final boolean killedWhileRemoving;

  /**
   * A run of {@code settings}; with {@code killedWhileRemoving} false, no kill falls in the last
   * phase, the client's removal (its share goes to the config edits after it).
   */
  ModelChaosRun(Operators operators, ChaosRun.Settings settings, boolean killedWhileRemoving) {
    this.operators = operators;
    this.settings = settings;
    this.killedWhileRemoving = killedWhileRemoving;
    this.runs = operators.tmp().resolve("hook-processes.log");
    this.bundle = operators.tmp().resolve("model/bundle.yaml");
  }

  Outcome run() throws Exception {
    int first = Math.max(1, settings.units());
    int stores = first + 1;
    int clients = Math.max(1, first / 2);
    writeCharm(STORE, "provides");
    writeCharm(CLIENT, "requires");
    Predicate<Status> any = s -> true;
    // a new unit runs install, leader-elected or leader-settings-changed, config-changed, start,
    // relation-created, then joined and changed per remote unit
    List<Phase> phases =
        List.of(
            new Phase(
                "related",
                bundle(first, first, true, "hi"),
                2 * first * (5 + 2 * first) + first,
                Map.of(STORE, related(first, CLIENT, first), CLIENT, related(first, STORE, first)),
                any),
            new Phase(
                "store scaled up",
                bundle(stores, first, true, "hi"),
                5 + 4 * first,
                Map.of(
                    STORE, related(stores, CLIENT, first), CLIENT, related(first, STORE, stores)),
                any),
            new Phase(
                "client scaled down",
                bundle(stores, clients, true, "hi"),
                (first - clients) * (stores + 3) + stores * (first - clients),
                Map.of(
                    STORE,
                    related(stores, CLIENT, clients),
                    CLIENT,
                    related(clients, STORE, stores)),
                any),
            new Phase(
                "relation removed",
                bundle(stores, clients, false, "hi"),
                2 * stores * clients + stores + clients,
                Map.of(STORE, broken(stores, STORE), CLIENT, broken(clients, CLIENT)),
                any),
            new Phase(
                "client removed",
                bundle(stores, 0, false, "hi"),
                2 * clients,
                Map.of(STORE, broken(stores, STORE)),
                any));

    int killed = killedWhileRemoving ? phases.size() : phases.size() - 1;
    SeededKills kills = new SeededKills(settings.seed(), settings.kills(), killed);
    OperatorProcess operator = null;
    for (int p = 0; p < phases.size(); p++) {
      Phase phase = phases.get(p);
      write(phase.bundle());
      if (operator == null) operator = start();
      if (p < killed)
        operator =
            kills.during(p, operator, phase.expectedCompletions(), ended(phase), this::start);
      awaitDone(phase);
    }
    // Kills the phases ended too soon for: config edits of the store, each a hook on every unit,
    // until all have happened (bounded: a run that cannot make hooks complete fails on its wait).
    for (int edit = 1; kills.carried() > 0 && edit <= settings.kills(); edit++) {
      Phase again =
          new Phase(
              "config edit " + edit + " for " + kills.carried() + " carried kill(s)",
              bundle(stores, 0, false, "again-" + edit),
              stores,
              Map.of(STORE, broken(stores, STORE)),
              s -> lastHooksAre(s, "config-changed"));
      write(again.bundle());
      operator =
          kills.during(
              phases.size(), operator, again.expectedCompletions(), ended(again), this::start);
      awaitDone(again);
    }
    operator.terminate();
    assertThat(operator.exitCode(OperatorProcess.PATIENCE)).as("exit code after SIGTERM").isZero();

    List<JsonNode> journal = ChaosRun.journal(operators, STORE, CLIENT);
    HookAudit.Report audit =
        HookAudit.of(journal, ChaosRun.log(processes), Files.readAllLines(runs));
    ModelAudit.Report model = ModelAudit.of(journal, new TreeSet<>(broken(stores, STORE).keySet()));
    return new Outcome(settings, kills.kills(), kills.carried(), processes.size(), audit, model);
  }

  /**
   * Units {@code 0..count-1} of {@code application}, each seeing {@code remotes} units of {@code
   * remote}.
   */
  private static Map<String, String> related(int count, String remote, int remotes) {
    String seen =
        String.join(" ", IntStream.range(0, remotes).mapToObj(n -> remote + "/" + n).toList());
    Map<String, String> messages = new TreeMap<>();
    for (String unit : unitsOf(count, remote.equals(STORE) ? CLIENT : STORE))
      messages.put(unit, "related to: " + seen);
    return messages;
  }

  /** Units {@code 0..count-1} of {@code application}, each out of the relation. */
  private static Map<String, String> broken(int count, String application) {
    Map<String, String> messages = new TreeMap<>();
    for (String unit : unitsOf(count, application)) messages.put(unit, "broken");
    return messages;
  }

  private static List<String> unitsOf(int count, String application) {
    return IntStream.range(0, count).mapToObj(n -> application + "/" + n).toList();
  }

  /**
   * The model's bundle: {@code stores} store units, {@code clients} client units (0: no client
   * application), related or not, the store's {@code greeting} option.
   */
  private static String bundle(int stores, int clients, boolean related, String greeting) {
    StringBuilder text =
        new StringBuilder(
            """
            bundle: kubernetes
            name: crash
            applications:
              store:
                charm: ./charms/store
                scale: %d
                options:
                  greeting: %s
            """
                .formatted(stores, greeting));
    if (clients > 0)
      text.append(
          """
            client:
              charm: ./charms/client
              scale: %d
          """
              .formatted(clients));
    if (related) text.append("relations:\n  - [client:db, store:db]\n");
    return text.toString();
  }

  /** Replaces the bundle at once, as an editor that saves by renaming does. */
  private void write(String text) throws IOException {
    Files.createDirectories(bundle.getParent());
    Path next = bundle.resolveSibling("bundle.yaml.next");
    Files.writeString(next, text);
    Files.move(next, bundle, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }

  private OperatorProcess start() {
    OperatorProcess process =
        operators.start(List.of("--bundle", bundle.toString(), "--pebble=off"));
    processes.add(process);
    process.awaitListening();
    return process;
  }

  /**
   * Whether {@code phase} has ended, asked of the model's status (false while it cannot answer).
   */
  private BooleanSupplier ended(Phase phase) {
    OperatorApi api = new OperatorApi(operators.dataDir());
    return () -> {
      try {
        return isDone(phase, api.status());
      } catch (Exception e) {
        return false;
      }
    };
  }

  private void awaitDone(Phase phase) {
    OperatorApi api = new OperatorApi(operators.dataDir());
    await("phase " + phase.name() + " to end")
        .atMost(OperatorProcess.PATIENCE.plusSeconds(10L * settings.units()))
        .during(Duration.ofMillis(500))
        .pollInterval(Duration.ofMillis(100))
        .ignoreExceptions()
        .until(api::status, status -> isDone(phase, status));
  }

  /**
   * Exactly the applications and units of {@code phase}, all alive and idle, each unit's status
   * message the one the phase ends with.
   */
  private static boolean isDone(Phase phase, Status model) {
    Map<String, Status> applications = new TreeMap<>();
    for (JsonNode application : model.json().path("applications"))
      applications.put(application.path("application").asText(), new Status(application));
    if (!applications.keySet().equals(phase.messages().keySet())) return false;
    for (Map.Entry<String, Map<String, String>> expected : phase.messages().entrySet()) {
      Status application = applications.get(expected.getKey());
      if (!application.unitNames().equals(List.copyOf(expected.getValue().keySet()))
          || !application.allUnitsIdle()
          || !phase.alsoEach().test(application)) return false;
      for (Map.Entry<String, String> unit : expected.getValue().entrySet())
        if (!unit.getValue().equals(application.workloadMessage(unit.getKey()))) return false;
    }
    return true;
  }

  /** Every unit's last hook is {@code hook}, or update-status that may come after it. */
  private static boolean lastHooksAre(Status status, String hook) {
    return status.unitNames().stream()
        .allMatch(
            u -> List.of(hook, "update-status").contains(status.unit(u).path("lastHook").asText()));
  }

  /**
   * The charm of {@code application}, with the endpoint {@code db} (interface {@code crash-db}) on
   * its {@code role} side, in {@code model/charms/<application>}. Every hook records that its
   * process began ({@code <unit> <hook> <context id>}, as {@link ChaosRun}'s charm does); the
   * store's leader publishes its address in relation-created; every unit publishes its name in
   * relation-joined and sets its status to the remote units it sees in relation-changed and
   * -departed, and to {@code broken} in relation-broken. The client reads the store's application
   * databag in relation-changed.
   */
  private void writeCharm(String application, String role) {
    String record =
        """
        #!/bin/bash
        set -eu
        echo "$JUJU_UNIT_NAME $JUJU_HOOK_NAME $JUJU_CONTEXT_ID" >> %s
        """
            .formatted(runs.toAbsolutePath());
    String seen =
        "status-set active \"related to: $(relation-list -r \"$JUJU_RELATION_ID\" | sort | xargs)\"\n";
    Map<String, String> scripts = new LinkedHashMap<>();
    for (String name : TestCharm.HOOKS) scripts.put("hooks/" + name, record);
    scripts.put(
        "hooks/db-relation-created",
        record
            + (role.equals("provides")
                ? "if [ \"$(is-leader)\" = True ]; then relation-set --app -r \"$JUJU_RELATION_ID\" \"address=db://$JUJU_UNIT_NAME\"; fi\n"
                : ""));
    scripts.put(
        "hooks/db-relation-joined",
        record + "relation-set -r \"$JUJU_RELATION_ID\" \"unit=$JUJU_UNIT_NAME\"\n");
    scripts.put(
        "hooks/db-relation-changed",
        record
            + (role.equals("requires")
                ? "relation-get --app -r \"$JUJU_RELATION_ID\" address \"$JUJU_REMOTE_APP\" >/dev/null\n"
                : "")
            + seen);
    scripts.put("hooks/db-relation-departed", record + seen);
    scripts.put("hooks/db-relation-broken", record + "status-set active broken\n");
    String endpoint = "%s:\n  db:\n    interface: crash-db\n".formatted(role);
    try {
      ScriptCharm.write(
          operators.tmp().resolve("model/charms/" + application), application, endpoint, scripts);
    } catch (UncheckedIOException e) {
      throw new UncheckedIOException("cannot write the charm " + application, e.getCause());
    }
  }
}
