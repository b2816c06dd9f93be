package io.caasoperator.app.juju;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.caasoperator.app.discovery.OperatorRegistry;
import io.caasoperator.model.ModelName;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/juju}'s shim against a {@link JujuListener}: a call on a model whose operator listens
 * is answered by it, with the caller's directory, arguments, output and exit code carried over one
 * loopback connection by bash alone. The script runs from a copy of {@code bin/} with no build
 * beside it, so a call that fell back to the JVM could not pass.
 */
class JujuShimTest {
  private static final Path REPOSITORY = Path.of("..").toAbsolutePath().normalize();
  private static final Path CHARMS = REPOSITORY.resolve("examples/kv/charms");

  @TempDir Path tmp;
  private Path home;
  private Path bin;
  private ModelDirectory model;
  private JujuListener listener;
  private final AtomicInteger answered = new AtomicInteger();

  @BeforeEach
  void aModelWhoseOperatorListens() throws Exception {
    home = tmp.resolve("juju");
    bin = tmp.resolve("repo/bin");
    Files.createDirectories(bin.resolve("lib"));
    Files.copy(REPOSITORY.resolve("bin/juju"), bin.resolve("juju"));
    try (var libs = Files.list(REPOSITORY.resolve("bin/lib"))) {
      for (Path lib : libs.toList()) Files.copy(lib, bin.resolve("lib").resolve(lib.getFileName()));
    }
    ModelStore store = new ModelStore(home);
    model =
        store.create(
            new ModelInfo(new ModelName("foo"), UUID.randomUUID(), Instant.now(), Map.of()),
            BundleText.empty(new ModelName("foo")));
    store.setCurrent(model.name());
    LocalModelOperators operators =
        new LocalModelOperators(
            new OperatorRegistry(tmp.resolve("state")), List.of("/bin/false"), false);
    JujuContext base =
        new JujuContext(
            store,
            operators,
            new LocalCharms(),
            bundle -> List.of(),
            directory -> java.util.Optional.empty(),
            tmp,
            Map.of(),
            Clock.systemUTC(),
            new ByteArrayInputStream(new byte[0]),
            new PrintWriter(new StringWriter()),
            new PrintWriter(new StringWriter()));
    listener =
        JujuListener.open(
            model.dataDir(),
            call -> {
              answered.incrementAndGet();
              return JujuListener.contextFor(base, call);
            });
  }

  @AfterEach
  void stop() throws Exception {
    listener.close();
  }

  record Result(int code, String stdout, String stderr) {}

  private Result juju(Path cwd, String... args) throws Exception {
    List<String> command = new java.util.ArrayList<>(List.of(bin.resolve("juju").toString()));
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command).directory(cwd.toFile());
    builder.environment().put("CAAS_JUJU_HOME", home.toString());
    builder.environment().remove("JUJU_MODEL");
    Path out = tmp.resolve("out");
    Path err = tmp.resolve("err");
    Process process = builder.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    process.getOutputStream().close();
    if (!process.waitFor(60, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new AssertionError("bin/juju still runs");
    }
    return new Result(
        process.exitValue(),
        Files.readString(out, StandardCharsets.UTF_8),
        Files.readString(err, StandardCharsets.UTF_8));
  }

  @Test
  void theListenerWritesWhereItIsAndATokenOnlyTheUserReads() throws Exception {
    assertThat(Files.readString(model.dataDir().resolve(JujuListener.ADDRESS_FILE)).strip())
        .isEqualTo(listener.address());
    assertThat(
            java.nio.file.attribute.PosixFilePermissions.toString(
                Files.getPosixFilePermissions(model.dataDir().resolve(JujuListener.TOKEN_FILE))))
        .isEqualTo("rw-------");
  }

  @Test
  void aCallOnTheCurrentModelIsAnsweredByItsOperator() throws Exception {
    Result status = juju(tmp, "status", "--format", "json");

    assertThat(status.code()).as(status.stderr()).isZero();
    assertThat(new ObjectMapper().readTree(status.stdout()).path("model").path("name").asText())
        .isEqualTo("foo");
    assertThat(answered).hasValue(1);
  }

  @Test
  void theCallersDirectoryArgumentsErrorsAndExitCodesArriveAsTheyWere() throws Exception {
    Result deployed =
        juju(CHARMS, "deploy", "./kv-store", "-m", "local:admin/foo", "--config", "port=7000");
    Result unknown = juju(tmp, "frobnicate");
    Result missing = juju(tmp, "remove-application", "--model=foo", "nope");

    assertThat(deployed.code()).as(deployed.stderr()).isZero();
    assertThat(deployed.stderr()).contains("Deploying \"kv-store\"");
    assertThat(Files.readString(model.bundle()))
        .contains("charm: " + CHARMS.resolve("kv-store"), "port: 7000");
    assertThat(unknown.code()).isEqualTo(2);
    assertThat(unknown.stderr()).startsWith("ERROR juju: \"frobnicate\" is not a juju command.");
    assertThat(missing.code()).isEqualTo(1);
    assertThat(missing.stderr()).isEqualTo("ERROR application \"nope\" not found\n");
    assertThat(answered).hasValue(3);
  }

  @Test
  void aCallerWithoutTheModelsTokenIsRefused() throws Exception {
    Files.writeString(model.dataDir().resolve(JujuListener.TOKEN_FILE), "guessed\n");

    Result refused = juju(tmp, "status");

    assertThat(refused.code()).isEqualTo(1);
    assertThat(refused.stderr()).contains("refused the call");
    assertThat(answered).hasValue(0);
  }

  @Test
  void closingRemovesTheFilesThatPointAtIt() throws Exception {
    listener.close();

    assertThat(model.dataDir().resolve(JujuListener.ADDRESS_FILE)).doesNotExist();
    assertThat(model.dataDir().resolve(JujuListener.TOKEN_FILE)).doesNotExist();
  }
}
