package io.caasoperator.substrate.kubernetes;

import io.caasoperator.substrate.ApplicationNotice;
import io.caasoperator.domain.ApplicationName;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.EventBuilder;
import io.fabric8.kubernetes.api.model.ObjectReference;
import io.fabric8.kubernetes.api.model.ObjectReferenceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.Clock;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.Objects;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes {@link ApplicationNotice}s as core/v1 Events whose involved object is the Application,
 * which is what {@code kubectl describe application NAME} lists. One Event per notice, never
 * aggregated (a hook failing again is a new fact). Blocking: call it off actor threads.
 */
public final class ApplicationEventRecorder {

  private static final Logger log = LoggerFactory.getLogger(ApplicationEventRecorder.class);
  static final String COMPONENT = "caas-operator";

  private final KubernetesClient client;
  private final String namespace;
  private final ApplicationName application;
  private final String instance;
  private final Clock clock;

  /**
   * @param instance this operator replica (the Event's reporting instance)
   */
  public ApplicationEventRecorder(KubernetesClient client, String namespace, ApplicationName application,
      String instance, Clock clock) {
    this.client = Objects.requireNonNull(client, "client");
    this.namespace = Objects.requireNonNull(namespace, "namespace");
    this.application = Objects.requireNonNull(application, "application");
    this.instance = Objects.requireNonNull(instance, "instance");
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  /**
   * Records {@code notice}; returns false when the Application is gone (nothing to attach it to)
   * or the API server refused it (logged: an Event is worth a try, not a retry loop).
   */
  public boolean record(ApplicationNotice notice) {
    try {
      Application resource = client.resources(Application.class).inNamespace(namespace)
          .withName(application.value()).get();
      if (resource == null) return false;
      // The uid ties the Event to this incarnation of the Application, as kubectl matches it.
      ObjectReference involved = new ObjectReferenceBuilder()
          .withApiVersion(Application.GROUP + "/" + Application.VERSION).withKind("Application")
          .withNamespace(namespace).withName(application.value())
          .withUid(resource.getMetadata().getUid()).withResourceVersion(resource.getMetadata().getResourceVersion())
          .build();
      String now = DateTimeFormatter.ISO_INSTANT.format(clock.instant().truncatedTo(ChronoUnit.SECONDS));
      Event event = new EventBuilder()
          .withNewMetadata().withNamespace(namespace)
          .withName(application.value() + "." + UUID.randomUUID().toString().replace("-", "").substring(0, 16))
          .endMetadata()
          .withInvolvedObject(involved)
          .withType(notice.warning() ? "Warning" : "Normal")
          .withReason(notice.reason())
          .withMessage(notice.message())
          .withFirstTimestamp(now).withLastTimestamp(now).withCount(1)
          .withNewSource().withComponent(COMPONENT).endSource()
          .withReportingComponent("caasoperator.org/" + COMPONENT).withReportingInstance(instance)
          .build();
      client.v1().events().inNamespace(namespace).resource(event).create();
      return true;
    } catch (KubernetesClientException e) {
      log.warn("cannot record the event {} on application {}: {}", notice.reason(), application, e.getMessage());
      return false;
    }
  }
}
