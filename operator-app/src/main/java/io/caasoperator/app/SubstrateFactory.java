package io.caasoperator.app;

import io.caasoperator.hook.HookExecutor;
import io.caasoperator.hook.LocalProcessExecutor;
import io.caasoperator.substrate.Substrate;
import io.caasoperator.substrate.kubernetes.KubernetesCluster;
import io.caasoperator.substrate.local.LocalSubstrate;
import io.caasoperator.substrate.local.SpecParser;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;

/**
 * Builds the substrate {@code run} was asked for: the local one from {@code --spec}, or Kubernetes
 * from {@code --application} and a kubeconfig ({@link KubernetesCluster}). What differs between
 * them beyond that (reporting, replica election, where hooks run) is the substrate's own.
 */
final class SubstrateFactory {

  /** The {@code run} flags that choose and reach a substrate. */
  sealed interface Choice {
    /**
     * @param pebble whether each unit container gets a Pebble ({@link PebbleMode})
     */
    record Local(PebbleMode pebble) implements Choice {
      Local() {
        this(PebbleMode.auto);
      }
    }

    /**
     * @param relations take part in the namespace's relations between applications ({@code
     *     --relations}: Relation objects; the application's relation ids come from the namespace)
     */
    record Kubernetes(KubernetesCluster.Connection connection, boolean relations)
        implements Choice {
      Kubernetes(KubernetesCluster.Connection connection) {
        this(connection, false);
      }

      Kubernetes(
          String namespace,
          String context,
          Path kubeconfig,
          String serviceUrl,
          boolean leaderElection) {
        this(
            new KubernetesCluster.Connection(
                namespace, context, kubeconfig, serviceUrl, leaderElection));
      }

      Kubernetes(String namespace, String context, Path kubeconfig, String serviceUrl) {
        this(namespace, context, kubeconfig, serviceUrl, false);
      }
    }
  }

  private SubstrateFactory() {}

  /**
   * @param caFile the listener's certificate, copied into pods for the hook tools; null for HTTP
   * @param listenerUrl the listener's own URL, the default address given to hooks in pods
   * @param workloads the local pods' Pebbles; null for containers that start at once without one
   */
  static Substrate build(
      Choice choice,
      OperatorConfig config,
      Path agentsDir,
      Path toolsDir,
      Path caFile,
      String listenerUrl,
      LocalProcessExecutor processes,
      HookExecutor operatorHooks,
      Clock clock,
      io.caasoperator.substrate.local.LocalWorkloads workloads)
      throws IOException {
    return switch (choice) {
      case Choice.Local local ->
          new LocalSubstrate(
              config.specFile(),
              SpecParser.SPEC_FILE,
              agentsDir,
              processes,
              config.specPollInterval(),
              config.specQuietPeriod(),
              clock,
              workloads);
      case Choice.Kubernetes k ->
          KubernetesCluster.connect(
              k.connection(),
              config.application(),
              new KubernetesCluster.Operator(toolsDir, caFile, listenerUrl, operatorHooks, clock));
    };
  }
}
