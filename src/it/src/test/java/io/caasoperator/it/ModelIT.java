package io.caasoperator.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A model of two applications run from a Juju bundle ({@code run --bundle}), as a charm author runs
 * the repository's example: every unit of both applications installs and starts in one process;
 * {@code status} shows both applications and the relation between them, with the same ids after a
 * restart; an edit of the bundle that scales an application, then one that removes the other, takes
 * effect while it runs (the removed application's unit runs stop and remove, and the process
 * carries on); an application removed while the process is stopped is torn down when it starts
 * again.
 */
class ModelIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path HOME =
      Path.of(System.getProperty("caas.operator.home", "../..")).toAbsolutePath().normalize();

  @RegisterExtension final Operators operators = new Operators();

  @Test
  void bothApplicationsRunInOneProcessAndBundleEditsTakeEffect() throws Exception {
    Path bundle = copyExample().resolve("bundle.yaml");
    OperatorProcess operator = operators.start(List.of("--bundle", bundle.toString()));
    OperatorApi api = operator.awaitListening();

    Map<String, List<String>> units =
        Map.of(
            "kv-client", List.of("kv-client/0", "kv-client/1"), "kv-store", List.of("kv-store/0"));
    JsonNode status = awaitStarted(api, units);
    assertThat(relations(status))
        .containsExactly(
            "0 kv-store:cluster kv-cluster peer", "1 kv-client:kv kv-store:kv kv regular");
    Cli.Result text = operators.cli("status");
    assertThat(text.exitCode()).as(text.stderr()).isZero();
    assertThat(text.stdout())
        .contains("Model  ", "kv-client/0", "kv-store/0*")
        .containsPattern("kv-store:kv +kv-client:kv +kv +regular +1");

    // one relation's events: the client's side of kv:1 and its units' hooks of it, nothing else
    Cli.Result related =
        operators.cli("journal", "--app", "kv-client", "--relation", "kv:1", "--format", "json");
    assertThat(related.exitCode()).as(related.stderr()).isZero();
    assertThat(related.stdout())
        .contains(
            "\"type\":\"operator.ApplicationsRelated.v1\"", "\"type\":\"unit.HookStarted.v1\"")
        .doesNotContain("\"kind\":\"install\"", "\"kind\":\"start\"");
    Cli.Result unrelated = operators.cli("journal", "--app", "kv-client", "--relation", "kv");
    assertThat(unrelated.exitCode()).isEqualTo(2);
    assertThat(unrelated.stderr()).contains("--relation kv is not a relation id");

    // the relation ids are the model's journal's: the same after a restart
    operator.terminate();
    assertThat(operator.exitCode(OperatorProcess.PATIENCE)).isZero();
    operator = operators.start(List.of("--bundle", bundle.toString()));
    api = operator.awaitListening();
    assertThat(relations(awaitStarted(api, units))).isEqualTo(relations(status));

    // one more client unit
    Files.writeString(bundle, Files.readString(bundle).replace("scale: 2", "scale: 3"));
    awaitStarted(
        api,
        Map.of(
            "kv-client",
            List.of("kv-client/0", "kv-client/1", "kv-client/2"),
            "kv-store",
            List.of("kv-store/0")));

    // the store taken out of the model, with its relation: its unit stops and goes, the client
    // stays
    Files.writeString(bundle, theClientAlone(3));
    awaitTheClientAlone(api);
    assertThat(operator.isAlive()).as("a model goes on without one of its applications").isTrue();

    operator.terminate();
    assertThat(operator.exitCode(OperatorProcess.PATIENCE)).isZero();
    assertThat(hooks("kv-store"))
        .containsEntry("kv-store/0", List.of("install", "start", "stop", "remove"));
    assertThat(hooks("kv-client"))
        .containsOnlyKeys("kv-client/0", "kv-client/1", "kv-client/2")
        .allSatisfy((unit, hooks) -> assertThat(hooks).containsSubsequence("install", "start"));
  }

  @Test
  void anApplicationRemovedWhileTheProcessIsStoppedRunsStopAndRemoveOnRestart() throws Exception {
    Path bundle = copyExample().resolve("bundle.yaml");
    OperatorProcess operator = operators.start(List.of("--bundle", bundle.toString()));
    awaitStarted(
        operator.awaitListening(),
        Map.of(
            "kv-client", List.of("kv-client/0", "kv-client/1"), "kv-store", List.of("kv-store/0")));
    operator.terminate();
    assertThat(operator.exitCode(OperatorProcess.PATIENCE)).isZero();

    // the store taken out of the model while nothing runs
    Files.writeString(bundle, theClientAlone(2));
    operator = operators.start(List.of("--bundle", bundle.toString()));
    OperatorApi api = operator.awaitListening();

    // the model's journal knows the store: it is dying, operated until its unit is gone
    awaitTheClientAlone(api);
    operator.terminate();
    assertThat(operator.exitCode(OperatorProcess.PATIENCE)).isZero();
    assertThat(hooks("kv-store"))
        .containsEntry("kv-store/0", List.of("install", "start", "stop", "remove"));
  }

  /** The example bundle without the store: the client alone, at {@code scale}. */
  private static String theClientAlone(int scale) {
    return """
        bundle: kubernetes
        name: kv
        applications:
          kv-client:
            charm: ./charms/kv-client
            scale: %d
        """
        .formatted(scale);
  }

  /** Waits for the model to be the client alone, unrelated, the store's unit directory gone. */
  private void awaitTheClientAlone(OperatorApi api) {
    await()
        .atMost(OperatorProcess.PATIENCE)
        .untilAsserted(
            () -> {
              JsonNode now = status(api);
              assertThat(applications(now)).containsExactly("kv-client");
              assertThat(relations(now)).isEmpty();
            });
    assertThat(UnitDir.of(operators.dataDir(), "kv-store/0").path()).doesNotExist();
  }

  /** The example bundle and its charms, copied: the test edits the bundle. */
  private Path copyExample() throws IOException {
    Path source = HOME.resolve("examples/kv");
    Path target = operators.tmp().resolve("kv");
    try (Stream<Path> paths = Files.walk(source)) {
      for (Path path : paths.toList()) {
        Path copy = target.resolve(source.relativize(path).toString());
        if (Files.isDirectory(path)) Files.createDirectories(copy);
        else Files.copy(path, copy, java.nio.file.StandardCopyOption.COPY_ATTRIBUTES);
      }
    }
    return target;
  }

  private static JsonNode status(OperatorApi api) {
    OperatorApi.Reply reply = api.get("/v1/status");
    assertThat(reply.code()).as(String.valueOf(reply.body())).isEqualTo(200);
    return reply.body();
  }

  /** The status once each application has exactly {@code units}, each idle after its start hook. */
  private static JsonNode awaitStarted(OperatorApi api, Map<String, List<String>> units) {
    return await()
        .atMost(OperatorProcess.PATIENCE.multipliedBy(2))
        .until(
            () -> status(api),
            status -> {
              Map<String, List<String>> seen = new TreeMap<>();
              for (JsonNode application : status.path("applications")) {
                List<String> started = new ArrayList<>();
                for (JsonNode unit : application.path("units")) {
                  String last = unit.path("lastHook").asText("");
                  if (!last.isEmpty()
                      && !last.equals("install")
                      && unit.path("runningHook").isNull()
                      && unit.path("failedHook").isNull()) started.add(unit.path("unit").asText());
                }
                seen.put(application.path("application").asText(), started);
              }
              return seen.equals(new TreeMap<>(units));
            });
  }

  private static List<String> applications(JsonNode status) {
    List<String> names = new ArrayList<>();
    status.path("applications").forEach(a -> names.add(a.path("application").asText()));
    return names;
  }

  private static List<String> relations(JsonNode status) {
    List<String> relations = new ArrayList<>();
    for (JsonNode relation : status.path("relations")) {
      List<String> ends = new ArrayList<>();
      relation.path("endpoints").forEach(e -> ends.add(e.asText()));
      relations.add(
          relation.path("id").asText()
              + " "
              + String.join(" ", ends)
              + " "
              + relation.path("interface").asText()
              + " "
              + relation.path("type").asText());
    }
    return relations;
  }

  /** Each unit's hooks (run or skipped for want of a file), in order, from the journal. */
  private Map<String, List<String>> hooks(String application) {
    Cli.Result journal =
        operators.cli(
            "journal",
            "--app",
            application,
            "--type",
            "HookCompleted,HookSkipped",
            "--format",
            "json");
    assertThat(journal.exitCode()).as(journal.stderr()).isZero();
    Map<String, List<String>> hooks = new TreeMap<>();
    journal
        .stdout()
        .lines()
        .forEach(
            line -> {
              try {
                JsonNode entry = JSON.readTree(line);
                JsonNode hook = entry.path("event").path("hook");
                String kind = hook.isTextual() ? hook.asText() : hook.path("kind").asText();
                hooks
                    .computeIfAbsent(
                        entry.path("entity").asText().substring("unit|".length()),
                        u -> new ArrayList<>())
                    .add(kind);
              } catch (IOException e) {
                throw new UncheckedIOException(e);
              }
            });
    hooks.replaceAll(
        (unit, kinds) ->
            kinds.stream()
                .filter(k -> List.of("install", "start", "stop", "remove").contains(k))
                .toList());
    return hooks;
  }
}
