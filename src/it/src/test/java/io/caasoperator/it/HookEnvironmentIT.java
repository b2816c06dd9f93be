package io.caasoperator.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A bash charm declaring storage and a resource, through the real process: the hooks it gets
 * (storage-attached after start, storage-detaching before stop), what the storage, resource,
 * network and cloud tools answer in them, the model's identity in every hook and exec, and an exec
 * written for bash.
 */
class HookEnvironmentIT {

  private static final String APP = "env";
  private static final String UNIT = APP + "/0";

  private static final String PRELUDE =
      """
            #!/bin/bash
            set -eu
            echo "$JUJU_HOOK_NAME" >> "$HOME/hooks.log"
            """;

  @RegisterExtension final Operators operators = new Operators();

  @Test
  void storageResourcesNetworkAndTheModelAsAHookSeesThem() throws Exception {
    Path charm = ScriptCharm.write(operators.tmp().resolve("charm"), APP, hooks());
    Files.writeString(
        charm.resolve("metadata.yaml"),
        """
                name: env
                summary: storage and a resource
                containers:
                  web: {}
                storage:
                  data:
                    type: filesystem
                    location: /srv/data
                resources:
                  software:
                    type: file
                    filename: software.txt
                  web-image:
                    type: oci-image
                """);
    Files.createDirectories(operators.tmp().resolve("spec"));
    Path software =
        Files.writeString(operators.tmp().resolve("spec/software.txt"), "v1 of the software\n");
    Path specFile = operators.tmp().resolve("spec/app.yaml");
    Files.writeString(
        specFile,
        """
                application: env
                charm: %s
                scale: 1
                resources:
                  software: ./software.txt
                """
            .formatted(charm.toAbsolutePath()));

    OperatorProcess operator = operators.start(SpecFile.at(specFile, APP, charm));
    OperatorApi api = operator.awaitListening();
    UnitDir unit = UnitDir.of(operators.dataDir(), UNIT);
    await("the unit's storage attached")
        .atMost(OperatorProcess.PATIENCE)
        .pollInterval(Duration.ofMillis(100))
        .until(() -> unit.hooks().contains("data-storage-attached"));
    Expect.status(api, "the unit idle", Status::allUnitsIdle);
    List<String> hooks = unit.hooks();
    assertThat(hooks)
        .containsSubsequence(
            "install", "leader-elected", "config-changed", "start", "data-storage-attached");
    assertThat(hooks).containsOnlyOnce("data-storage-attached");
    assertThat(hooks.indexOf("data-storage-attached"))
        .as("after start, as Juju runs it on Kubernetes: %s", hooks)
        .isGreaterThan(hooks.indexOf("start"));

    Path location = unit.path().resolve("storage/data-0").toAbsolutePath();
    assertThat(location).as("made before its storage-attached hook").isDirectory();
    assertThat(lines(unit, "attached"))
        .containsExactly(
            "data/0 " + location + " filesystem", // JUJU_STORAGE_ID, _LOCATION, _KIND
            location.toString(), // storage-get location
            "-s  (= data/0)", // what ops parses in storage-get --help
            "data/0", // storage-list
            "\"" + location + "\"", // storage-get -s data/0 location --format=json
            "a directory");
    assertThat(location.resolve("written-by-hook")).exists();

    List<String> start = lines(unit, "start");
    String uuid = start.get(0);
    assertThat(UUID.fromString(uuid).version()).as("JUJU_MODEL_UUID: %s", start).isEqualTo(4);
    assertThat(start.subList(1, start.size()))
        .containsExactly(
            software.toAbsolutePath().toString()
                + " v1 of the software", // resource-get, and the file
            "127.0.0.1", // unit-get private-address
            "127.0.0.1", // network-get --ingress-address
            "ERROR could not download resource: resource \"web-image\" has no file: the application's"
                + " specification gives none under resources: (file resources only; an OCI image resource"
                + " is a workload container's image, not a file)",
            "ERROR cannot access cloud credentials: permission denied",
            "ERROR unit \"env/0\" is not assigned to a machine");

    // An exec as juju exec runs it: with bash, and the same model identity.
    OperatorApi.Reply bash =
        api.exec(
            UNIT,
            "for i in $(seq 3); do printf '%s' \"$i\"; done; a=(x y); [[ ${a[1]} == y ]] && echo \" $JUJU_MODEL_UUID\"",
            "30s");
    assertThat(bash.code()).as("%s", bash.body()).isEqualTo(200);
    assertThat(bash.body().path("stdout").asText())
        .as("%s", bash.body())
        .isEqualTo("123 " + uuid + "\n");

    OperatorApi.Reply network = api.exec(UNIT, "network-get web --format=json", "30s");
    assertThat(
            OperatorApi.JSON
                .readTree(network.body().path("stdout").asText())
                .path("bind-addresses")
                .path(0)
                .path("addresses")
                .path(0)
                .path("value")
                .asText())
        .as("%s", network.body())
        .isEqualTo("127.0.0.1");

    // storage-add: one more instance, attached once the exec ends.
    OperatorApi.Reply added = api.exec(UNIT, "storage-add data", "30s");
    assertThat(added.body().path("code").asInt()).as("%s", added.body()).isZero();
    await("the added instance attached")
        .atMost(OperatorProcess.PATIENCE)
        .pollInterval(Duration.ofMillis(100))
        .until(() -> unit.hooks().stream().filter("data-storage-attached"::equals).count() == 2);
    assertThat(unit.path().resolve("storage/data-1")).isDirectory();
    OperatorApi.Reply listed = api.exec(UNIT, "storage-list --format=json", "30s");
    assertThat(listed.body().path("stdout").asText()).isEqualTo("[\"data/0\",\"data/1\"]\n");

    // Scaled to nothing: the storage detaches before stop.
    Files.writeString(specFile, Files.readString(specFile).replace("scale: 1", "scale: 0"));
    await("the unit gone")
        .atMost(OperatorProcess.PATIENCE)
        .pollInterval(Duration.ofMillis(200))
        .until(() -> !unit.exists());
    Path log = operators.tmp().resolve("removed-hooks.log");
    assertThat(Files.readAllLines(log))
        .containsSubsequence("data-storage-detaching", "data-storage-detaching", "stop", "remove");
    operator.terminate();
    assertThat(operator.exitCode(OperatorProcess.PATIENCE)).isZero();
  }

  private static List<String> lines(UnitDir unit, String file) throws Exception {
    return Files.readAllLines(unit.path().resolve(file));
  }

  private Map<String, String> hooks() {
    Path removed = operators.tmp().resolve("removed-hooks.log").toAbsolutePath();
    // Hooks of a dying unit also go to a log outside its directory, which is deleted with it.
    String dying = PRELUDE + "echo \"$JUJU_HOOK_NAME\" >> '" + removed + "'\n";
    Map<String, String> hooks = new LinkedHashMap<>();
    hooks.put(
        "hooks/start",
        PRELUDE
            + """
                {
                  echo "$JUJU_MODEL_UUID"
                  echo "$(resource-get software) $(cat "$(resource-get software)")"
                  unit-get private-address
                  network-get web --ingress-address
                  resource-get web-image 2>&1 || true
                  credential-get 2>&1 || true
                  juju-reboot 2>&1 || true
                } > "$HOME/start"
                """);
    hooks.put(
        "hooks/data-storage-attached",
        PRELUDE
            + """
                if [ "$JUJU_STORAGE_ID" = data/0 ]; then
                  {
                    echo "$JUJU_STORAGE_ID $JUJU_STORAGE_LOCATION $JUJU_STORAGE_KIND"
                    storage-get location
                    storage-get --help | grep -- '^-s '
                    storage-list
                    storage-get -s data/0 location --format=json
                    if [ -d "$(storage-get location)" ]; then echo "a directory"; fi
                  } > "$HOME/attached"
                  touch "$(storage-get location)/written-by-hook"
                fi
                """);
    for (String hook :
        List.of(
            "install",
            "leader-elected",
            "config-changed",
            "web-pebble-ready",
            "update-status",
            "upgrade-charm")) {
      hooks.put("hooks/" + hook, PRELUDE);
    }
    for (String hook : List.of("data-storage-detaching", "stop", "remove")) {
      hooks.put("hooks/" + hook, dying);
    }
    return hooks;
  }
}
