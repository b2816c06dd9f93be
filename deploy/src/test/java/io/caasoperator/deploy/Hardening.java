package io.caasoperator.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Probe;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import java.time.Duration;

/**
 * What a platform team checks of the operator's Deployment, for the chart's and the plain
 * manifest's alike: non-root, read-only root filesystem, no capabilities, resources, the three
 * probes, and a grace period the operator's own shutdown fits in.
 */
final class Hardening {

  /** The operator's shutdown settings as shipped (conf/application.conf). */
  static final Config SHIPPED =
      ConfigFactory.parseFile(Manifests.ROOT.resolve("conf/application.conf").toFile()).resolve();

  private Hardening() {}

  static void check(Deployment deployment) {
    PodSpec pod = deployment.getSpec().getTemplate().getSpec();
    assertThat(pod.getSecurityContext().getRunAsNonRoot()).isTrue();
    assertThat(pod.getSecurityContext().getRunAsUser()).isPositive();
    assertThat(pod.getSecurityContext().getFsGroup())
        .as("the data volume writable by the operator")
        .isNotNull();
    assertThat(pod.getSecurityContext().getSeccompProfile().getType()).isEqualTo("RuntimeDefault");
    Container operator = pod.getContainers().get(0);
    var security = operator.getSecurityContext();
    assertThat(security.getAllowPrivilegeEscalation()).isFalse();
    assertThat(security.getReadOnlyRootFilesystem()).isTrue();
    assertThat(security.getCapabilities().getDrop()).containsExactly("ALL");
    assertThat(security.getCapabilities().getAdd()).isNullOrEmpty();
    assertThat(operator.getVolumeMounts())
        .as("a writable /tmp beside the read-only root")
        .anySatisfy(m -> assertThat(m.getMountPath()).isEqualTo("/tmp"));
    assertThat(operator.getVolumeMounts())
        .anySatisfy(m -> assertThat(m.getMountPath()).isEqualTo("/var/lib/caas-operator"));

    assertThat(operator.getResources().getRequests()).containsKeys("cpu", "memory");
    Quantity memoryLimit = operator.getResources().getLimits().get("memory");
    assertThat(memoryLimit).isNotNull();
    assertThat(Quantity.getAmountInBytes(memoryLimit))
        .isGreaterThanOrEqualTo(
            Quantity.getAmountInBytes(operator.getResources().getRequests().get("memory")));

    for (Probe probe :
        new Probe[] {
          operator.getStartupProbe(), operator.getReadinessProbe(), operator.getLivenessProbe()
        }) {
      assertThat(probe).isNotNull();
      assertThat(probe.getHttpGet().getScheme()).isEqualTo("HTTPS");
      assertThat(probe.getHttpGet().getPort().getStrVal()).isEqualTo("listener");
    }
    assertThat(operator.getStartupProbe().getHttpGet().getPath()).isEqualTo("/healthz");
    assertThat(operator.getReadinessProbe().getHttpGet().getPath()).isEqualTo("/readyz");
    assertThat(operator.getLivenessProbe().getHttpGet().getPath()).isEqualTo("/healthz");

    // SIGKILL must not land while hooks drain: the grace period outlasts the operator's shutdown
    // timeout and the coordinated-shutdown phase that waits for it.
    long grace = pod.getTerminationGracePeriodSeconds();
    Duration shutdown = SHIPPED.getDuration("caas.shutdown-timeout");
    Duration phase =
        SHIPPED.getDuration("pekko.coordinated-shutdown.phases.service-requests-done.timeout");
    assertThat(grace)
        .isGreaterThan(shutdown.plusSeconds(15).toSeconds())
        .isGreaterThan(phase.toSeconds());
  }
}
