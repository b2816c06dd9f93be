package io.caasoperator.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.typesafe.config.ConfigFactory;
import io.caasoperator.http.setup.ListenHost;
import io.caasoperator.http.tls.ListenerTls;
import io.caasoperator.persistence.JournalSettings;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code conf/kubernetes/operator-deployment.yaml} as shipped: its args and environment, as the
 * kubelet would give them, make an operator that listens where the Service and the probes reach it
 * and whose generated certificate the hook tools in unit pods accept under the Service's name.
 */
class OperatorDeploymentTest {
  private static final Path MANIFEST = Path.of("../conf/kubernetes/operator-deployment.yaml");
  private static final String POD_IP = "10.244.0.7";

  @TempDir Path home;

  private static List<HasMetadata> documents() throws Exception {
    try (InputStream in = Files.newInputStream(MANIFEST)) {
      Object parsed = new KubernetesSerialization().unmarshal(in);
      return ((List<?>) parsed).stream().map(HasMetadata.class::cast).toList();
    }
  }

  private static <T> T only(Class<T> kind) throws Exception {
    return documents().stream().filter(kind::isInstance).map(kind::cast).findFirst().orElseThrow();
  }

  private static Container operatorContainer() throws Exception {
    return only(Deployment.class).getSpec().getTemplate().getSpec().getContainers().get(0);
  }

  /** The container's environment as the kubelet fills it in; the optional Secret may be absent. */
  private Map<String, String> environment(Container container, Map<String, String> secret) {
    Map<String, String> env = new HashMap<>(Map.of("HOME", home.toString()));
    for (EnvVar variable : container.getEnv()) {
      if (variable.getValue() != null) {
        env.put(variable.getName(), variable.getValue());
      } else if (variable.getValueFrom().getFieldRef() != null) {
        String field = variable.getValueFrom().getFieldRef().getFieldPath();
        env.put(
            variable.getName(),
            field.equals("status.podIP") ? POD_IP : "caas-operator-mariadb-6f7d9c-abcde");
      } else if (variable.getValueFrom().getSecretKeyRef() != null) {
        var ref = variable.getValueFrom().getSecretKeyRef();
        String value = secret.get(ref.getName() + "/" + ref.getKey());
        assertThat(value != null || Boolean.TRUE.equals(ref.getOptional()))
            .as(variable.getName() + " needs its Secret")
            .isTrue();
        if (value != null) env.put(variable.getName(), value);
      }
    }
    return env;
  }

  private static RunOptions.Configured configure(List<String> args, Map<String, String> env)
      throws Exception {
    assertThat(args.get(0)).isEqualTo("run");
    RunCommand run = new RunCommand();
    new CommandLine(run).parseArgs(args.subList(1, args.size()).toArray(String[]::new));
    return run.configure(ConfigFactory.load(), env);
  }

  @Test
  void theOperatorListensWhereTheServiceAndTheProbesReachIt() throws Exception {
    Container container = operatorContainer();
    RunOptions.Configured configured =
        configure(container.getArgs(), environment(container, Map.of()));
    Service service = only(Service.class);
    URI serviceUrl =
        URI.create(
            ((SubstrateFactory.Choice.Kubernetes) configured.choice()).connection().serviceUrl());

    assertThat(new ListenHost(configured.config().listenHost()).isWildcard()).isTrue();
    assertThat(serviceUrl.getHost())
        .isEqualTo(
            service.getMetadata().getName() + "." + service.getMetadata().getNamespace() + ".svc");
    var servicePort = service.getSpec().getPorts().get(0);
    assertThat(serviceUrl.getPort()).isEqualTo(servicePort.getPort());
    var containerPort =
        container.getPorts().stream()
            .filter(p -> p.getName().equals(servicePort.getTargetPort().getStrVal()))
            .findFirst()
            .orElseThrow();
    assertThat(containerPort.getContainerPort()).isEqualTo(configured.config().listenPort());
    for (var probe : List.of(container.getReadinessProbe(), container.getLivenessProbe())) {
      assertThat(probe.getHttpGet().getScheme()).isEqualTo("HTTPS");
      assertThat(probe.getHttpGet().getPort().getStrVal()).isEqualTo(containerPort.getName());
    }
    assertThat(configured.config().journal().backend()).isEqualTo(JournalSettings.Backend.H2);
  }

  @Test
  void hookToolsInUnitPodsAcceptTheGeneratedCertificateUnderTheServiceName() throws Exception {
    Container container = operatorContainer();
    RunOptions.Configured configured =
        configure(container.getArgs(), environment(container, Map.of()));
    String serviceHost =
        URI.create(
                ((SubstrateFactory.Choice.Kubernetes) configured.choice())
                    .connection()
                    .serviceUrl())
            .getHost();

    ListenerTls tls =
        ListenerTls.inDirectory(home.resolve("tls"), configured.config().certificateNames());

    assertThat(configured.config().certificateNames().hosts()).contains(serviceHost, POD_IP);
    assertThat(handshake(tls, serviceHost)).isEqualTo("CN=caas-operator");
    assertThat(handshake(tls, POD_IP)).isEqualTo("CN=caas-operator");
  }

  @Test
  void thePostgresqlJournalOfTheManifestTakesItsPasswordFromTheSecret() throws Exception {
    Container container = operatorContainer();
    Matcher commented =
        Pattern.compile("#\\s*- (--journal=\\S+)").matcher(Files.readString(MANIFEST));
    assertThat(commented.find()).as("the commented --journal line").isTrue();
    List<String> args = new ArrayList<>(container.getArgs());
    args.add(commented.group(1));

    RunOptions.Configured configured =
        configure(
            args,
            environment(container, Map.of("caas-operator-mariadb-journal/password", "s3cret")));

    assertThat(args).noneMatch(JournalSettings::carriesPassword);
    assertThat(configured.config().journal().backend())
        .isEqualTo(JournalSettings.Backend.POSTGRESQL);
    assertThat(configured.config().journal().user()).isEqualTo("caas");
    assertThat(configured.config().journal().password()).isEqualTo("s3cret");
  }

  /**
   * A TLS handshake with a server using {@code tls}, by a client that trusts its certificate file
   * and verifies it names {@code host}, as {@code curl --cacert ca.crt https://host:port} does;
   * returns the server's subject.
   */
  private static String handshake(ListenerTls tls, String host) throws Exception {
    try (SSLServerSocket server =
        (SSLServerSocket)
            tls.serverContext()
                .getServerSocketFactory()
                .createServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      CompletableFuture<Void> accepted =
          CompletableFuture.runAsync(
              () -> {
                try (SSLSocket socket = (SSLSocket) server.accept()) {
                  socket.startHandshake();
                  // Wait for the client to close, so its handshake is complete either way.
                  socket.getInputStream().read();
                } catch (Exception e) {
                  // The client reports what went wrong.
                }
              });
      KeyStore trusted = KeyStore.getInstance(KeyStore.getDefaultType());
      trusted.load(null, null);
      trusted.setCertificateEntry("ca", tls.certificate());
      TrustManagerFactory trust =
          TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      trust.init(trusted);
      SSLContext client = SSLContext.getInstance("TLS");
      client.init(null, trust.getTrustManagers(), null);
      java.net.Socket plain = new java.net.Socket();
      plain.connect(
          new InetSocketAddress(InetAddress.getLoopbackAddress(), server.getLocalPort()), 10_000);
      plain.setSoTimeout(10_000);
      try (SSLSocket socket =
          (SSLSocket)
              client.getSocketFactory().createSocket(plain, host, server.getLocalPort(), true)) {
        SSLParameters parameters = socket.getSSLParameters();
        parameters.setEndpointIdentificationAlgorithm("HTTPS");
        socket.setSSLParameters(parameters);
        socket.startHandshake();
        return socket.getSession().getPeerPrincipal().getName();
      } finally {
        accepted.get(10, TimeUnit.SECONDS);
      }
    }
  }
}
