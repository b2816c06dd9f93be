package io.caasoperator.app;

import io.caasoperator.hook.HookExecutor;
import io.caasoperator.hook.LocalProcessExecutor;
import io.caasoperator.operator.ApplicationView;
import io.caasoperator.operator.OperatorActor;
import io.caasoperator.substrate.Substrate;
import io.caasoperator.substrate.kubernetes.ApplicationEventRecorder;
import io.caasoperator.substrate.kubernetes.ApplicationStatusMapping;
import io.caasoperator.substrate.kubernetes.ApplicationStatusWriter;
import io.caasoperator.substrate.kubernetes.ContainerStarts;
import io.caasoperator.substrate.kubernetes.Fabric8PodExec;
import io.caasoperator.substrate.kubernetes.KubernetesHookExecutor;
import io.caasoperator.substrate.kubernetes.KubernetesSubstrate;
import io.caasoperator.substrate.kubernetes.LeaseElection;
import io.caasoperator.substrate.kubernetes.PodLayout;
import io.caasoperator.substrate.local.LocalSubstrate;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.Executor;
import java.util.function.BooleanSupplier;
import org.apache.pekko.actor.Cancellable;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.AskPattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Builds the substrate {@code run} was asked for: the local one from {@code --spec}, or Kubernetes
 * from {@code --application} and a kubeconfig found the usual way (fabric8's auto-configuration:
 * in-cluster service account, {@code KUBECONFIG}, {@code ~/.kube/config}), or {@code --kubeconfig}.
 */
final class SubstrateFactory {

  private static final Logger log = LoggerFactory.getLogger(SubstrateFactory.class);

  /** How often the operator's status is written into the Application's status. */
  static final Duration STATUS_INTERVAL = Duration.ofSeconds(10);

  /** The {@code run} flags that choose and reach a substrate. */
  sealed interface Choice {
    record Local() implements Choice {}

    /**
     * @param namespace null: the kubeconfig context's namespace, else {@code default}
     * @param context null: the kubeconfig's current context
     * @param kubeconfig null: found the usual way
     * @param serviceUrl how hooks in pods reach the listener (its Service); null: the listener's URL
     * @param leaderElection act only while holding the Lease {@code caas-operator-<application>}
     */
    record Kubernetes(String namespace, String context, Path kubeconfig, String serviceUrl, boolean leaderElection)
        implements Choice {
      Kubernetes(String namespace, String context, Path kubeconfig, String serviceUrl) {
        this(namespace, context, kubeconfig, serviceUrl, false);
      }
    }
  }

  /** A built substrate and what belongs to it. */
  interface Built extends AutoCloseable {
    Substrate substrate();

    /**
     * Called once the operator actor (or its front, under leader election) runs. Kubernetes: the
     * status written periodically and Events recorded, while {@code acting}.
     */
    default void operatorStarted(ActorSystem<?> system, ActorRef<OperatorActor.Command> operator, Executor blocking,
        BooleanSupplier acting) {}

    /**
     * The election this replica takes part in, not started; null when every replica acts (no
     * {@code --leader-election}).
     */
    default LeaseElection leaseElection(LeaseElection.Terms terms) {
      return null;
    }

    @Override
    default void close() {
      substrate().close();
    }
  }

  private SubstrateFactory() {}

  /**
   * @param caFile the listener's certificate, copied into pods for the hook tools; null for HTTP
   * @param listenerUrl the listener's own URL, the default address given to hooks in pods
   */
  static Built build(Choice choice, OperatorConfig config, Path agentsDir, Path toolsDir, Path caFile,
      String listenerUrl, LocalProcessExecutor processes, HookExecutor operatorHooks, Clock clock) throws IOException {
    return switch (choice) {
      case Choice.Local local -> {
        LocalSubstrate substrate =
            new LocalSubstrate(config.specFile(), agentsDir, processes, config.specPollInterval(),
                config.specQuietPeriod(), clock);
        yield () -> substrate;
      }
      case Choice.Kubernetes k -> kubernetes(k, config, toolsDir, caFile, listenerUrl, operatorHooks, clock);
    };
  }

  private static Built kubernetes(Choice.Kubernetes choice, OperatorConfig config, Path toolsDir, Path caFile,
      String listenerUrl, HookExecutor operatorHooks, Clock clock) throws IOException {
    Config kubeconfig = choice.kubeconfig() == null
        ? Config.autoConfigure(choice.context())
        : Config.fromKubeconfig(choice.context(), Files.readString(choice.kubeconfig()), choice.kubeconfig().toString());
    String namespace = choice.namespace() != null ? choice.namespace()
        : kubeconfig.getNamespace() != null ? kubeconfig.getNamespace() : "default";
    KubernetesClient client = new KubernetesClientBuilder().withConfig(kubeconfig).build();
    String init = ContainerStarts.DEFAULT_INIT_CONTAINER;
    KubernetesSubstrate[] self = new KubernetesSubstrate[1];
    KubernetesHookExecutor inPods = new KubernetesHookExecutor(unit -> self[0].podOf(unit),
        new Fabric8PodExec(client, namespace), PodLayout.DEFAULT, init, toolsDir, caFile,
        choice.serviceUrl() != null ? choice.serviceUrl() : listenerUrl, KubernetesHookExecutor.defaultCopyBackoff());
    KubernetesSubstrate substrate = new KubernetesSubstrate(client, namespace, config.application(),
        Duration.ofMinutes(5), init, inPods, operatorHooks);
    self[0] = substrate;
    ApplicationStatusWriter writer = new ApplicationStatusWriter(client, namespace, config.application(), clock);
    String identity = replicaIdentity();
    ApplicationEventRecorder events = new ApplicationEventRecorder(client, namespace, config.application(), identity, clock);
    // Before the operator actor starts, so that its first charm deployment is recorded.
    Instant since = clock.instant();
    log.info("Kubernetes: {} in namespace {} at {}", config.application(), namespace, kubeconfig.getMasterUrl());
    return new Built() {
      private Cancellable reports;
      private ApplicationEventFeed feed;

      @Override
      public Substrate substrate() {
        return substrate;
      }

      @Override
      public void operatorStarted(ActorSystem<?> system, ActorRef<OperatorActor.Command> operator, Executor blocking,
          BooleanSupplier acting) {
        feed = ApplicationEventFeed.start(system, config.application().value(), since, events, blocking, acting);
        reports = system.scheduler().scheduleWithFixedDelay(STATUS_INTERVAL, STATUS_INTERVAL, () -> {
          // A replica standing by leaves the status to the lease holder.
          if (!acting.getAsBoolean()) return;
          AskPattern.<OperatorActor.Command, ApplicationView>ask(operator, OperatorActor.GetStatus::new,
                    Duration.ofSeconds(10), system.scheduler())
                .thenAcceptAsync(view -> writer.write(ApplicationStatusMapping.of(view)), blocking)
                .exceptionally(e -> {
                  // Next round tries again; a status a few seconds late is harmless.
                  log.debug("writing the application status failed: {}", e.toString());
                  return null;
                });
        }, system.executionContext());
      }

      @Override
      public LeaseElection leaseElection(LeaseElection.Terms terms) {
        if (!choice.leaderElection()) return null;
        return new LeaseElection(client, namespace,
            LeaseElection.Settings.of("caas-operator-" + config.application().value(), identity), terms);
      }

      @Override
      public void close() {
        if (reports != null) reports.cancel();
        if (feed != null) feed.close();
        substrate.close();
        client.close();
      }
    };
  }

  /**
   * This replica in the Lease: the pod's name (Downward API {@code POD_NAME}, else the host name)
   * and a random suffix, so a restarted pod with the same name is a new candidate.
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
    return name + "-" + java.util.UUID.randomUUID().toString().substring(0, 8);
  }
}
