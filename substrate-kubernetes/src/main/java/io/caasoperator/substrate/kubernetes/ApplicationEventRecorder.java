package io.caasoperator.substrate.kubernetes;

import io.caasoperator.domain.ApplicationName;
import io.caasoperator.substrate.ApplicationNotice;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.EventBuilder;
import io.fabric8.kubernetes.api.model.ObjectReference;
import io.fabric8.kubernetes.api.model.ObjectReferenceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes {@link ApplicationNotice}s as core/v1 Events whose involved object is the Application,
 * which is what {@code kubectl describe application NAME} lists. The same fact again (same reason,
 * same unit) within {@link #SERIES_WINDOW} of its last occurrence is aggregated into the Event
 * already recorded, as client-go's event correlator does: its {@code count} goes up, its {@code
 * lastTimestamp} and message become the new occurrence's, and {@code series} ({@code count}, {@code
 * lastObservedTime}) says the same for readers of {@code events.k8s.io/v1}; kubectl shows {@code
 * (x12 over 40m)}. A unit whose hook keeps failing through its backoff thus makes one Event that
 * counts, not one per attempt. The series are kept in memory: a restarted operator (or the next
 * replica) starts new ones. Blocking: call it off actor threads.
 */
public final class ApplicationEventRecorder {

  private static final Logger log = LoggerFactory.getLogger(ApplicationEventRecorder.class);
  static final String COMPONENT = "caas-operator";

  /**
   * How long after its last occurrence a fact still joins its Event (client-go's correlator: 10
   * min).
   */
  public static final Duration SERIES_WINDOW = Duration.ofMinutes(10);

  /** The Events' micro-time ({@code series.lastObservedTime}): RFC 3339 with microseconds. */
  private static final DateTimeFormatter MICRO_TIME =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSSSSXXX").withZone(ZoneOffset.UTC);

  private record SeriesKey(String reason, String unit) {}

  /** An Event recorded by this process, and how often its fact happened so far. */
  private record Series(String event, int count, Instant first, Instant last) {}

  private final KubernetesClient client;
  private final String namespace;
  private final ApplicationName application;
  private final String instance;
  private final Clock clock;

  /** Guarded by this recorder's lock. */
  private final Map<SeriesKey, Series> series = new HashMap<>();

  /**
   * @param instance this operator replica (the Event's reporting instance)
   */
  public ApplicationEventRecorder(
      KubernetesClient client,
      String namespace,
      ApplicationName application,
      String instance,
      Clock clock) {
    this.client = Objects.requireNonNull(client, "client");
    this.namespace = Objects.requireNonNull(namespace, "namespace");
    this.application = Objects.requireNonNull(application, "application");
    this.instance = Objects.requireNonNull(instance, "instance");
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  /**
   * Records {@code notice}: into the Event of its series when there is a recent one, else as a new
   * Event. Returns false when the Application is gone (nothing to attach it to) or the API server
   * refused it (logged: an Event is worth a try, not a retry loop).
   */
  public synchronized boolean record(ApplicationNotice notice) {
    Instant now = clock.instant();
    SeriesKey key = new SeriesKey(notice.reason(), notice.unit());
    Series last = series.get(key);
    try {
      if (last != null && !now.isAfter(last.last().plus(SERIES_WINDOW))) {
        Series next = new Series(last.event(), last.count() + 1, last.first(), now);
        if (repeat(next, notice)) {
          series.put(key, next);
          return true;
        }
        // The Event expired (the API server keeps Events for an hour) or was deleted: a new one.
      }
      Optional<String> created = create(notice, now);
      created.ifPresent(name -> series.put(key, new Series(name, 1, now, now)));
      return created.isPresent();
    } catch (KubernetesClientException e) {
      log.warn(
          "cannot record the event {} on application {}: {}",
          notice.reason(),
          application,
          e.getMessage());
      return false;
    }
  }

  /** Counts one more occurrence on the series' Event; false when that Event is gone. */
  private boolean repeat(Series next, ApplicationNotice notice) {
    Map<String, Object> patch = new LinkedHashMap<>();
    patch.put("count", next.count());
    patch.put("lastTimestamp", seconds(next.last()));
    patch.put("message", notice.message());
    patch.put(
        "series",
        Map.of("count", next.count(), "lastObservedTime", MICRO_TIME.format(next.last())));
    try {
      client
          .v1()
          .events()
          .inNamespace(namespace)
          .withName(next.event())
          .patch(
              PatchContext.of(PatchType.JSON_MERGE),
              client.getKubernetesSerialization().asJson(patch));
      return true;
    } catch (KubernetesClientException e) {
      if (e.getCode() == 404) return false;
      throw e;
    }
  }

  /** A new Event of count 1; its name, or empty when the Application is gone. */
  private Optional<String> create(ApplicationNotice notice, Instant now) {
    Application resource = Application.of(client, namespace, application).get();
    if (resource == null) return Optional.empty();
    // The uid ties the Event to this incarnation of the Application, as kubectl matches it.
    ObjectReference involved =
        new ObjectReferenceBuilder()
            .withApiVersion(Application.GROUP + "/" + Application.VERSION)
            .withKind("Application")
            .withNamespace(namespace)
            .withName(application.value())
            .withUid(resource.getMetadata().getUid())
            .withResourceVersion(resource.getMetadata().getResourceVersion())
            .build();
    String at = seconds(now);
    String name =
        application.value() + "." + UUID.randomUUID().toString().replace("-", "").substring(0, 16);
    Event event =
        new EventBuilder()
            .withNewMetadata()
            .withNamespace(namespace)
            .withName(name)
            .endMetadata()
            .withInvolvedObject(involved)
            .withType(notice.warning() ? "Warning" : "Normal")
            .withReason(notice.reason())
            .withMessage(notice.message())
            .withFirstTimestamp(at)
            .withLastTimestamp(at)
            .withCount(1)
            .withNewSource()
            .withComponent(COMPONENT)
            .endSource()
            .withReportingComponent("caasoperator.org/" + COMPONENT)
            .withReportingInstance(instance)
            .build();
    client.v1().events().inNamespace(namespace).resource(event).create();
    return Optional.of(name);
  }

  private static String seconds(Instant at) {
    return DateTimeFormatter.ISO_INSTANT.format(at.truncatedTo(ChronoUnit.SECONDS));
  }
}
