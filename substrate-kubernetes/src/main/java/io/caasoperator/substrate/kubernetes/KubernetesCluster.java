package io.caasoperator.substrate.kubernetes;

import io.caasoperator.domain.ApplicationName;
import io.caasoperator.hook.HookExecutor;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Connects to a cluster and builds the Kubernetes substrate of one application, with everything it
 * owns: the client, the executor that runs hooks in the units' pods, the Application's status and
 * Events, and (when asked) the replica election on a Lease. Closing the substrate closes the
 * client.
 */
public final class KubernetesCluster {

  private static final Logger log = LoggerFactory.getLogger(KubernetesCluster.class);

  /** How often informers replay their cache. */
  static final Duration RESYNC = Duration.ofMinutes(5);

  /**
   * How to reach the cluster and the pods.
   *
   * @param namespace null: the kubeconfig context's namespace, else {@code default}
   * @param context null: the kubeconfig's current context
   * @param kubeconfig null: found the usual way (fabric8's auto-configuration: in-cluster service
   *     account, {@code KUBECONFIG}, {@code ~/.kube/config})
   * @param serviceUrl how hooks in pods reach the listener (its Service); null: the listener's URL
   * @param leaderElection act only while holding the Lease {@code caas-operator-<application>}
   */
  public record Connection(
      String namespace,
      String context,
      Path kubeconfig,
      String serviceUrl,
      boolean leaderElection) {}

  /**
   * What the operator process gives the substrate.
   *
   * @param toolsDir the hook-tool shims, copied into pods
   * @param caFile the listener's certificate, copied into pods for the hook tools; null for HTTP
   * @param listenerUrl the listener's own URL, the default address given to hooks in pods
   * @param operatorHooks runs hooks in the operator's own process (deployment mode {@code
   *     operator})
   */
  public record Operator(
      Path toolsDir, Path caFile, String listenerUrl, HookExecutor operatorHooks, Clock clock) {}

  private KubernetesCluster() {}

  public static KubernetesSubstrate connect(
      Connection connection, ApplicationName application, Operator operator) throws IOException {
    Config kubeconfig =
        connection.kubeconfig() == null
            ? Config.autoConfigure(connection.context())
            : Config.fromKubeconfig(
                connection.context(),
                Files.readString(connection.kubeconfig()),
                connection.kubeconfig().toString());
    String namespace =
        connection.namespace() != null
            ? connection.namespace()
            : kubeconfig.getNamespace() != null ? kubeconfig.getNamespace() : "default";
    KubernetesApiRequests requests = new KubernetesApiRequests();
    KubernetesClient client =
        new KubernetesClientBuilder()
            .withConfig(kubeconfig)
            .withHttpClientBuilderConsumer(
                http -> http.addOrReplaceInterceptor(KubernetesApiRequests.NAME, requests))
            .build();
    String init = ContainerStarts.DEFAULT_INIT_CONTAINER;
    String identity = replicaIdentity();
    ObservedGeneration generation = new ObservedGeneration();
    var reporting =
        new KubernetesReporting(
            new ApplicationStatusWriter(client, namespace, application, operator.clock()),
            new ApplicationEventRecorder(
                client, namespace, application, identity, operator.clock()),
            generation);
    LeaseElection.Settings lease =
        connection.leaderElection()
            ? LeaseElection.Settings.of("caas-operator-" + application.value(), identity)
            : null;
    String podsReachUs =
        connection.serviceUrl() != null ? connection.serviceUrl() : operator.listenerUrl();
    log.info(
        "Kubernetes: {} in namespace {} at {}", application, namespace, kubeconfig.getMasterUrl());
    KubernetesSubstrate substrate =
        new KubernetesSubstrate(
            client,
            namespace,
            application,
            RESYNC,
            init,
            pods ->
                new KubernetesHookExecutor(
                    pods,
                    new Fabric8PodExec(client, namespace),
                    PodLayout.DEFAULT,
                    init,
                    operator.toolsDir(),
                    operator.caFile(),
                    podsReachUs),
            operator.operatorHooks(),
            reporting,
            lease,
            requests,
            generation,
            client);
    substrate.readApiVersion();
    return substrate;
  }

  /**
   * This replica in the Lease and as the Events' reporting instance: the pod's name (Downward API
   * {@code POD_NAME}, else the host name) and a random suffix, so a restarted pod with the same
   * name is a new candidate.
   */
  private static String replicaIdentity() {
    String name = System.getenv("POD_NAME");
    if (name == null || name.isBlank()) name = System.getenv("HOSTNAME");
    if (name == null || name.isBlank()) {
      try {
        name = java.net.InetAddress.getLocalHost().getHostName();
      } catch (java.net.UnknownHostException e) {
        name = "caas-operator";
      }
    }
    return name + "-" + UUID.randomUUID().toString().substring(0, 8);
  }
}
