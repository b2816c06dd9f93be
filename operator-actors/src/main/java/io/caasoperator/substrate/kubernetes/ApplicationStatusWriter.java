package io.caasoperator.substrate.kubernetes;

import io.caasoperator.domain.ApplicationName;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.Clock;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes what the operator knows into the {@link Application}'s status subresource, so {@code
 * kubectl get application NAME -o yaml} shows it. Called periodically by the app; blocking, so
 * never from an actor's thread. An unchanged status is not written again: every write wakes every
 * watcher of the resource, the operator's own application informer included.
 */
public final class ApplicationStatusWriter {

  private static final Logger log = LoggerFactory.getLogger(ApplicationStatusWriter.class);

  private final KubernetesClient client;
  private final String namespace;
  private final ApplicationName application;
  private final Clock clock;
  /** The last status written, without its time; confined to the (single) calling thread. */
  private ApplicationStatus written;

  public ApplicationStatusWriter(KubernetesClient client, String namespace, ApplicationName application, Clock clock) {
    this.client = Objects.requireNonNull(client, "client");
    this.namespace = Objects.requireNonNull(namespace, "namespace");
    this.application = Objects.requireNonNull(application, "application");
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  /**
   * Writes {@code status} (its {@code updated} is set here) unless it equals the last one
   * written.
   *
   * @return true if written; false if unchanged or the resource does not exist (it was deleted:
   *     the application watch reports that, nothing to do here)
   */
  public synchronized boolean write(ApplicationStatus status) {
    ApplicationStatus timeless = withUpdated(status, null);
    if (timeless.equals(written)) return false;
    ApplicationStatus stamped = withUpdated(status, clock.instant().toString());
    try {
      Application edited = client.resources(Application.class).inNamespace(namespace)
          .withName(application.value()).editStatus(resource -> {
            resource.setStatus(stamped);
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

  private static ApplicationStatus withUpdated(ApplicationStatus s, String updated) {
    return new ApplicationStatus(s.status(), s.message(), s.charm(), updated, s.units());
  }
}
