package io.caasoperator.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.caasoperator.substrate.kubernetes.CrudApiServer;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The image tar the build wrote (deploy/target/caas-operator-image.tar, Docker format): its config
 * runs the operator on the image's own Java as a numeric non-root user with the launcher's JVM
 * options, its layers hold that Java and the C libraries it needs, and the operator actually starts
 * inside the image's root filesystem (a chroot in a user namespace, as near to a container as this
 * machine allows without a container runtime).
 */
class ImageIT {

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir static Path work;
  private static JsonNode config;
  private static Path root;

  @BeforeAll
  static void unpack() throws Exception {
    Path tar = Path.of(System.getProperty("image.tar", "target/caas-operator-image.tar"));
    assertThat(tar).isRegularFile();
    Path image = Files.createDirectories(work.resolve("image"));
    run(List.of("tar", "-xf", tar.toString(), "-C", image.toString()), 60);
    JsonNode manifest = JSON.readTree(image.resolve("manifest.json").toFile()).get(0);
    assertThat(manifest.path("RepoTags").get(0).asText())
        .isEqualTo(System.getProperty("image.name", "caas-operator:0.1.0-SNAPSHOT"));
    config = JSON.readTree(image.resolve(manifest.path("Config").asText()).toFile()).path("config");
    root = Files.createDirectories(work.resolve("root"));
    for (JsonNode layer : manifest.path("Layers")) {
      run(
          List.of("tar", "-xf", image.resolve(layer.asText()).toString(), "-C", root.toString()),
          120);
    }
  }

  private static String run(List<String> command, int seconds) throws Exception {
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes());
    assertThat(process.waitFor(seconds, TimeUnit.SECONDS)).as(String.join(" ", command)).isTrue();
    assertThat(process.exitValue()).as(String.join(" ", command) + "\n" + output).isZero();
    return output;
  }

  private static List<String> strings(JsonNode array) {
    return StreamSupport.stream(array.spliterator(), false).map(JsonNode::asText).toList();
  }

  private static Map<String, String> environment() {
    return strings(config.path("Env")).stream()
        .collect(
            Collectors.toMap(
                e -> e.substring(0, e.indexOf('=')), e -> e.substring(e.indexOf('=') + 1)));
  }

  @Test
  void theEntrypointRunsTheOperatorOnTheImagesOwnJava() {
    List<String> entrypoint = strings(config.path("Entrypoint"));
    assertThat(entrypoint).first().isEqualTo("/opt/java/bin/java");
    assertThat(entrypoint).last().isEqualTo("io.caasoperator.app.Main");
    assertThat(entrypoint).containsSubsequence("-cp", "/app/resources:/app/classes:/app/libs/*");
    assertThat(root.resolve("opt/java/bin/java")).isRegularFile().isExecutable();
    assertThat(root.resolve("app/libs"))
        .isDirectoryContaining(p -> p.getFileName().toString().equals("caas-operator.jar"));
    assertThat(config.path("ExposedPorts").has("30666/tcp")).isTrue();
  }

  @Test
  void itRunsAsANumericUserThatIsNotRoot() throws Exception {
    String user = config.path("User").asText();
    // numeric, so the kubelet can enforce runAsNonRoot without reading the image's /etc/passwd
    assertThat(user).matches("[0-9]+(:[0-9]+)?");
    int uid = Integer.parseInt(user.split(":")[0]);
    assertThat(uid).isNotZero();
    assertThat(Files.readAllLines(root.resolve("etc/passwd")))
        .anyMatch(l -> l.split(":")[2].equals(String.valueOf(uid)));
  }

  @Test
  void itCarriesTheLaunchersJvmOptions() throws Exception {
    Matcher defaults =
        Pattern.compile("(?m)^CAAS_DEFAULT_JAVA_OPTS=\"([^\"]*)\"")
            .matcher(Files.readString(Manifests.ROOT.resolve("bin/lib/jvm-options.sh")));
    assertThat(defaults.find()).isTrue();
    assertThat(environment())
        .containsEntry("JDK_JAVA_OPTIONS", defaults.group(1))
        .containsEntry("JAVA_HOME", "/opt/java");
  }

  @Test
  void theJavaRuntimeAndEveryCLibraryItNeedsAreInTheImage() throws Exception {
    assertThat(root.resolve("lib64/ld-linux-x86-64.so.2")).isRegularFile();
    assertThat(root.resolve("lib/x86_64-linux-gnu/libc.so.6")).isRegularFile();
    assertThat(Files.getPosixFilePermissions(root.resolve("tmp")))
        .contains(PosixFilePermission.OTHERS_WRITE);
    // the image's java, loaded by the image's loader with the image's libraries only
    String version =
        run(
            List.of(
                root.resolve("lib64/ld-linux-x86-64.so.2").toString(),
                "--library-path",
                root.resolve("lib/x86_64-linux-gnu").toString(),
                root.resolve("opt/java/bin/java").toString(),
                "-version"),
            60);
    assertThat(version).contains("Runtime Environment");
  }

  /**
   * True when this machine lets an unprivileged user chroot in a user namespace (STACK-NOTES
   * pitfall 14).
   */
  private static boolean canChroot() {
    try {
      Process probe =
          new ProcessBuilder("unshare", "-r", "-m", "-p", "-f", "true")
              .redirectErrorStream(true)
              .start();
      probe.getInputStream().readAllBytes();
      return probe.waitFor(10, TimeUnit.SECONDS) && probe.exitValue() == 0;
    } catch (IOException | InterruptedException e) {
      return false;
    }
  }

  private static String chroot() {
    List<String> dirs =
        new ArrayList<>(List.of(System.getenv().getOrDefault("PATH", "").split(":")));
    dirs.addAll(List.of("/usr/sbin", "/sbin", "/usr/bin"));
    return dirs.stream()
        .filter(d -> !d.isEmpty())
        .map(d -> Path.of(d, "chroot"))
        .filter(Files::isExecutable)
        .findFirst()
        .map(Path::toString)
        .orElse("chroot");
  }

  @Test
  void theOperatorStartsInTheImageAndEndsCleanlyWhenItsApplicationIsAbsent() throws Exception {
    assumeTrue(canChroot(), "unshare cannot make a user namespace here");
    KubernetesMockServer server = CrudApiServer.started();
    try {
      // the cluster, by IP: the image has no /etc/hosts of its own (Kubernetes mounts one)
      String url = "http://127.0.0.1:" + server.getPort();
      Files.writeString(
          root.resolve("tmp/kubeconfig"),
          """
          apiVersion: v1
          kind: Config
          clusters:
          - {name: mock, cluster: {server: "%s"}}
          contexts:
          - {name: mock, context: {cluster: mock, user: tester, namespace: demo}}
          current-context: mock
          users:
          - {name: tester, user: {token: secret}}
          """
              .formatted(url));
      List<String> command =
          new ArrayList<>(
              List.of(
                  "unshare",
                  "-r",
                  "-m",
                  "-p",
                  "-f",
                  "--kill-child",
                  "sh",
                  "-c",
                  "mount -t proc proc \"$0/proc\" && mount --rbind /dev \"$0/dev\" && exec env -i \"$@\"",
                  root.toString()));
      environment().forEach((k, v) -> command.add(k + "=" + v));
      command.addAll(List.of(chroot(), root.toString())); // by its path: env -i leaves no PATH
      command.addAll(strings(config.path("Entrypoint")));
      command.addAll(
          List.of(
              "run",
              "--substrate=kubernetes",
              "--application=absent",
              "--kubeconfig=/tmp/kubeconfig",
              "--data-dir=/tmp/data",
              "--listen=127.0.0.1:0"));
      Path log = work.resolve("operator.log");
      Process operator =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectOutput(log.toFile())
              .start();
      boolean ended = operator.waitFor(120, TimeUnit.SECONDS);
      if (!ended) operator.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      String output = Files.readString(log);
      assertThat(ended).as("the operator ended within 120 s:\n" + output).isTrue();
      // Everything a start needs ran in the image: configuration, the H2 journal, TLS, the actor
      // system, the listener, the Kubernetes client; the Application is absent, so it ends with 0.
      assertThat(operator.exitValue()).as(output).isZero();
      assertThat(output).contains("application absent does not exist");
      assertThat(root.resolve("tmp/data/journal.mv.db")).isRegularFile();
      assertThat(root.resolve("tmp/data/tls")).isDirectory();
    } finally {
      server.destroy();
    }
  }
}
