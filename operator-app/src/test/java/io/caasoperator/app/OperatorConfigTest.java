package io.caasoperator.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.typesafe.config.ConfigFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OperatorConfigTest {
  @TempDir Path dir;

  private OperatorConfig resolve(OperatorConfig.Flags flags) throws InvalidConfiguration {
    return resolve(flags, ConfigFactory.load());
  }

  /** Resolves {@code flags} over {@code settings}, for the application of the spec, hello. */
  private OperatorConfig resolve(OperatorConfig.Flags flags, com.typesafe.config.Config settings)
      throws InvalidConfiguration {
    return resolveIn(flags, settings, Map.of("HOME", dir.toString()));
  }

  private static OperatorConfig resolveIn(
      OperatorConfig.Flags flags,
      com.typesafe.config.Config settings,
      Map<String, String> environment)
      throws InvalidConfiguration {
    return OperatorConfig.resolve(flags, settings, environment, file -> "hello");
  }

  /** Only {@code --spec} and {@code --data-dir} given (either may be null for "not given"). */
  private static OperatorConfig.Flags flags(Path spec, Path dataDir) {
    return new OperatorConfig.Flags(
        spec, dataDir, null, false, null, null, null, null, null, null, null, null);
  }

  /** The spec, the data directory and {@code --listen}, maybe with {@code --insecure-http}. */
  private OperatorConfig.Flags listening(String listen, boolean insecureHttp) throws IOException {
    return new OperatorConfig.Flags(
        spec(), dir, listen, insecureHttp, null, null, null, null, null, null, null, null);
  }

  /** The spec, the data directory and {@code --journal}. */
  private OperatorConfig.Flags journal(String url) throws IOException {
    return journal(url, null, null);
  }

  /**
   * The spec, the data directory, {@code --journal}, {@code --hook-timeout} and {@code
   * --journal-password-file} (null for "not given").
   */
  private OperatorConfig.Flags journal(String url, String hookTimeout, Path passwordFile)
      throws IOException {
    return new OperatorConfig.Flags(
        spec(), dir, null, false, null, null, url, null, hookTimeout, null, null, passwordFile);
  }

  private Path spec() throws IOException {
    return Files.writeString(dir.resolve("app.yaml"), "application: hello\ncharm: x\n");
  }

  /** The flags of a run on Kubernetes (no spec file), reached through {@code serviceUrl}. */
  private OperatorConfig.Flags serviceFlags(String listen, String serviceUrl) {
    return new OperatorConfig.Flags(
        null, dir, listen, false, null, null, null, null, null, null, serviceUrl, null);
  }

  /** Resolves {@code flags} for application mariadb, no spec file read, in {@code environment}. */
  private OperatorConfig resolveMariadb(OperatorConfig.Flags flags, Map<String, String> environment)
      throws InvalidConfiguration {
    return OperatorConfig.resolve(
        flags, ConfigFactory.load(), environment, file -> "unused", "mariadb");
  }

  @Test
  void defaultsGiveAnEmbeddedOperatorOnLoopbackHttps() throws Exception {
    OperatorConfig config = resolve(flags(spec(), null));
    assertThat(config.dataDir())
        .isEqualTo(dir.resolve(".local/state/caas-operator/hello").toAbsolutePath());
    assertThat(config.listenHost()).isEqualTo("127.0.0.1");
    assertThat(config.listenPort()).isEqualTo(30666);
    assertThat(config.insecureHttp()).isFalse();
    assertThat(config.journal().jdbcUrl())
        .startsWith("jdbc:h2:file:" + config.dataDir().resolve("journal"));
    assertThat(config.maxConcurrentHooks()).isEqualTo(16);
  }

  @Test
  void socketsGoUnderTheUsersPrivateRuntimeDirectoryElseUnderTmpWhateverTheDataDirectory()
      throws Exception {
    Path deep = dir.resolve("d".repeat(150)).resolve("data");
    Path runtime = Files.createDirectory(dir.resolve("run"));
    Files.setPosixFilePermissions(
        runtime, java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"));
    long uid = io.caasoperator.substrate.local.workload.SocketRoot.currentUid();

    OperatorConfig withRuntime =
        OperatorConfig.resolve(
            flags(spec(), deep),
            ConfigFactory.load(),
            Map.of(OperatorConfig.RUNTIME_DIR_VARIABLE, runtime.toString()),
            file -> "hello");
    assertThat(withRuntime.sockets().dir().getParent()).isEqualTo(runtime.resolve("caas-operator"));
    assertThat(withRuntime.sockets().owner()).isEqualTo(uid);

    OperatorConfig without =
        OperatorConfig.resolve(
            flags(spec(), deep), ConfigFactory.load(), Map.of(), file -> "hello");
    assertThat(without.sockets().dir().getParent()).isEqualTo(Path.of("/tmp/caas-" + uid));
    assertThat(without.sockets().dir().getFileName())
        .as("named after the data directory, as with the runtime directory")
        .isEqualTo(withRuntime.sockets().dir().getFileName());
  }

  @Test
  void aSpecEditIsActedOnAfterAQuietPeriodOf300msByDefaultAndZeroTurnsItOff() throws Exception {
    var flags = flags(spec(), dir);
    assertThat(resolve(flags).specQuietPeriod()).isEqualTo(java.time.Duration.ofMillis(300));

    var off =
        ConfigFactory.parseString("caas.spec-quiet-period = 0").withFallback(ConfigFactory.load());
    assertThat(OperatorConfig.resolve(flags, off, Map.of(), file -> "hello").specQuietPeriod())
        .isZero();

    var negative =
        ConfigFactory.parseString("caas.spec-quiet-period = -1s")
            .withFallback(ConfigFactory.load());
    assertThatThrownBy(() -> OperatorConfig.resolve(flags, negative, Map.of(), file -> "hello"))
        .hasMessageContaining("caas.spec-quiet-period must be >= 0, got -1s");
  }

  @Test
  void everyProblemIsReportedAtOnce() throws Exception {
    Path notADir = Files.writeString(dir.resolve("file"), "");
    var flags =
        new OperatorConfig.Flags(
            dir.resolve("missing.yaml"),
            notADir,
            "0.0.0.0:99999",
            true,
            null,
            dir.resolve("key"),
            "mysql://x",
            0,
            "soon",
            "",
            null,
            null);
    assertThatThrownBy(() -> resolve(flags))
        .isInstanceOfSatisfying(
            InvalidConfiguration.class,
            e ->
                assertThat(e.problems())
                    .containsExactlyInAnyOrder(
                        "--spec " + dir.resolve("missing.yaml") + ": no such file",
                        "--data-dir " + notADir + ": exists and is not a directory",
                        "--listen \"0.0.0.0:99999\": port must be a number from 0 to 65535",
                        "--tls-cert and --tls-key go together: give both or neither",
                        "TLS file " + dir.resolve("key") + ": not readable",
                        "--journal: invalid journal url \"mysql://x\": expected postgresql://user@host:port/database",
                        "--max-concurrent-hooks must be >= 1, got 0",
                        "--hook-timeout \"soon\": not a duration (use e.g. 30s, 5m, 1h)",
                        "--model must not be empty"));
  }

  @Test
  void insecureHttpIsRefusedOffLoopback() throws Exception {
    var flags = listening("0.0.0.0:8080", true);
    assertThatThrownBy(() -> resolve(flags))
        .hasMessageContaining("--insecure-http needs a loopback listen address");
  }

  @Test
  void aPostgresqlJournalTakesItsPasswordFromAFile() throws Exception {
    Path password = Files.writeString(dir.resolve("journal-password"), "secret\n");
    OperatorConfig config = resolve(journal("postgresql://op@db:5433/journal", "90s", password));
    assertThat(config.journal().jdbcUrl()).isEqualTo("jdbc:postgresql://db:5433/journal");
    assertThat(config.journal().user()).isEqualTo("op");
    assertThat(config.journal().password()).isEqualTo("secret");
    assertThat(config.journal().describe()).doesNotContain("secret");
    assertThat(config.hookTimeout()).hasSeconds(90);
  }

  @Test
  void aPostgresqlJournalTakesItsPasswordFromTheEnvironment() throws Exception {
    OperatorConfig config =
        resolveIn(
            journal("postgresql://op@db/journal"),
            ConfigFactory.load(),
            Map.of("HOME", dir.toString(), "CAAS_JOURNAL_PASSWORD", "from-env"));
    assertThat(config.journal().password()).isEqualTo("from-env");
  }

  @Test
  void aPasswordInTheJournalUrlOnTheCommandLineIsRefused() throws Exception {
    String url = "postgresql://op:secret@db:5433/journal";
    var flags = journal(url);
    JournalLoginTest.assertPasswordInUrlRefused(url, () -> resolve(flags), "secret");
  }

  @Test
  void aPasswordInTheJournalUrlOfApplicationConfStillWorks() throws Exception {
    var settings =
        ConfigFactory.parseString("caas.journal.url = \"postgresql://op:secret@db:5433/journal\"")
            .withFallback(ConfigFactory.load());
    OperatorConfig config = resolve(flags(spec(), dir), settings);
    assertThat(config.journal().password()).isEqualTo("secret");
    assertThat(config.journal().jdbcUrl()).isEqualTo("jdbc:postgresql://db:5433/journal");
  }

  @Test
  void theGeneratedCertificateNamesTheServiceHostAndThePodIpOnKubernetes() throws Exception {
    var flags = serviceFlags("0.0.0.0:30666", "https://caas-operator-mariadb.demo.svc:30666");
    OperatorConfig config =
        resolveMariadb(flags, Map.of("HOME", dir.toString(), "POD_IP", "10.244.0.7"));
    assertThat(config.certificateNames().hosts())
        .containsExactly("localhost", "127.0.0.1", "caas-operator-mariadb.demo.svc", "10.244.0.7");
  }

  @Test
  void withoutKubernetesTheCertificateNamesTheListenHostAndLoopbackOnly() throws Exception {
    OperatorConfig config =
        resolveIn(
            listening("10.1.2.3:30666", false),
            ConfigFactory.load(),
            Map.of("HOME", dir.toString(), "POD_IP", "10.244.0.7"));
    assertThat(config.certificateNames().hosts())
        .containsExactly("10.1.2.3", "localhost", "127.0.0.1");
  }

  @Test
  void aServiceUrlOrPodIpThatCannotWorkIsRefusedWithTheReason() throws Exception {
    var unreachable =
        serviceFlags("127.0.0.1:30666", "http://caas-operator-mariadb.demo.svc:30666");
    assertThatThrownBy(
            () -> resolveMariadb(unreachable, Map.of("HOME", dir.toString(), "POD_IP", "pod-ip")))
        .isInstanceOfSatisfying(
            InvalidConfiguration.class,
            e ->
                assertThat(e.problems())
                    .containsExactlyInAnyOrder(
                        "--service-url \"http://caas-operator-mariadb.demo.svc:30666\": the listener serves https, so the URL must"
                            + " start with https://",
                        "--service-url \"http://caas-operator-mariadb.demo.svc:30666\" sends hooks in other pods to this listener,"
                            + " but --listen 127.0.0.1 takes connections from this pod only; listen on 0.0.0.0 (or the pod's IP)",
                        "POD_IP \"pod-ip\": not an IP address (set it from the Downward API, status.podIP)"));
    var noHost = serviceFlags("0.0.0.0:30666", "caas-operator-mariadb:30666");
    assertThatThrownBy(() -> resolveMariadb(noHost, Map.of("HOME", dir.toString())))
        .hasMessageContaining(
            "--service-url \"caas-operator-mariadb:30666\": expected https://HOST:PORT");
  }

  @Test
  void anExecTimeoutOverTheMaximumIsRefused() throws Exception {
    var settings =
        ConfigFactory.parseString("caas.exec-timeout = 2d").withFallback(ConfigFactory.load());
    var flags = flags(spec(), dir);
    assertThatThrownBy(() -> resolve(flags, settings))
        .hasMessageContaining(
            "caas.exec-timeout must be at most 24h (the longest an exec may ask for), got 48h");
  }

  @Test
  void aNamedApplicationNeedsNoSpecFile() throws Exception {
    OperatorConfig config =
        OperatorConfig.resolve(
            flags(null, null),
            ConfigFactory.load(),
            Map.of("HOME", dir.toString()),
            file -> "unused",
            "mariadb");
    assertThat(config.application().value()).isEqualTo("mariadb");
    assertThat(config.specFile()).isNull();
    assertThat(config.dataDir())
        .isEqualTo(dir.resolve(".local/state/caas-operator/mariadb").toAbsolutePath());
  }

  @Test
  void aNamedApplicationIsCheckedAndExcludesASpecFile() throws Exception {
    Path spec = spec();
    assertThatThrownBy(
            () ->
                OperatorConfig.resolve(
                    flags(spec, null),
                    ConfigFactory.load(),
                    Map.of("HOME", dir.toString()),
                    file -> "hello",
                    "Bad_Name"))
        .isInstanceOf(InvalidConfiguration.class)
        .hasMessageContaining("--spec is for the local substrate")
        .hasMessageContaining("--application");
  }
}
