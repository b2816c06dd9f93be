package io.caasoperator.substrate.kubernetes;

import io.caasoperator.domain.ApplicationName;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes what the operator knows into the {@link Application}'s status subresource, so {@code
 * kubectl get application NAME -o yaml} shows it. Called periodically by the app; blocking, so
 * never from an actor's thread. An unchanged status is not written again: every write wakes every
 * watcher of the resource, the operator's own application informer included.
 *
 * <p>Conditions keep their {@code lastTransitionTime} from the status the resource holds (written
 * by this process or an earlier one) while their status stays the same, so a restart of the
 * operator does not make every condition look new.
 */
public final class ApplicationStatusWriter {

  private static final Logger log = LoggerFactory.getLogger(ApplicationStatusWriter.class);

  private final KubernetesClient client;
  private final String namespace;
  private final ApplicationName application;
  private final Clock clock;

  /** The last status written, without its times; guarded by this writer's lock. */
  private ApplicationStatus written;

  public ApplicationStatusWriter(
      KubernetesClient client, String namespace, ApplicationName application, Clock clock) {
    this.client = Objects.requireNonNull(client, "client");
    this.namespace = Objects.requireNonNull(namespace, "namespace");
    this.application = Objects.requireNonNull(application, "application");
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  /**
   * Writes {@code status} (its {@code updated} and its conditions' transition times are set here)
   * unless it equals the last one written but for those times.
   *
   * @return true if written; false if unchanged or the resource does not exist (it was deleted: the
   *     application watch reports that, nothing to do here)
   */
  public synchronized boolean write(ApplicationStatus status) {
    ApplicationStatus timeless = status.timeless();
    if (timeless.equals(written)) return false;
    Instant now = clock.instant();
    try {
      Application edited =
          Application.of(client, namespace, application)
              .editStatus(
                  resource -> {
                    List<ApplicationCondition> before =
                        resource.getStatus() == null ? null : resource.getStatus().conditions();
                    List<ApplicationCondition> conditions =
                        timeless.conditions() == null
                            ? null
                            : ApplicationConditions.transitioned(
                                before, timeless.conditions(), now);
                    resource.setStatus(
                        timeless.stamped(
                            now.truncatedTo(ChronoUnit.MILLIS).toString(), conditions));
                    return resource;
                  });
      if (edited == null) return false;
    } catch (KubernetesClientException e) {
      if (e.getCode() == 404) {
        log.debug("application {} is gone; status not written", application);
        return false;
      }
      throw e;
    }
    written = timeless;
    return true;
  }
}
