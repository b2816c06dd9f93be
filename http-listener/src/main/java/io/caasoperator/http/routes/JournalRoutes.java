package io.caasoperator.http.routes;

import static org.apache.pekko.http.javadsl.server.Directives.*;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.caasoperator.domain.UnitId;
import io.caasoperator.http.ApiError;
import io.caasoperator.http.JsonErrors;
import io.caasoperator.operator.ReplayedStatus;
import io.caasoperator.persistence.JournalSerializer;
import io.caasoperator.persistence.timeline.JournalFilter;
import io.caasoperator.persistence.timeline.JournalReader;
import io.caasoperator.persistence.timeline.PointInTime;
import io.caasoperator.persistence.timeline.RelationMentions;
import io.caasoperator.persistence.timeline.Replay;
import io.caasoperator.persistence.timeline.ReplayPoint;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import org.apache.pekko.http.javadsl.marshallers.jackson.Jackson;
import org.apache.pekko.http.javadsl.model.ContentType;
import org.apache.pekko.http.javadsl.model.ContentTypes;
import org.apache.pekko.http.javadsl.model.HttpEntities;
import org.apache.pekko.http.javadsl.model.StatusCodes;
import org.apache.pekko.http.javadsl.server.Route;
import org.apache.pekko.stream.javadsl.Source;
import org.apache.pekko.util.ByteString;

/**
 * {@code GET /v1/journal?unit=&type=&since=&until=&after=&follow=}: the application's events in
 * global order as NDJSON, one {@code JournalEntry} a line, streamed (with {@code follow=true} the
 * response stays open and new events arrive as they are persisted). {@code GET
 * /v1/journal/state?at=}: the state replayed to a global offset or a time, as {@link
 * ReplayedStatus} JSON. Both read the journal, never the actors.
 */
public final class JournalRoutes {
  private static final ContentType NDJSON = ContentTypes.parse("application/x-ndjson");

  /**
   * A follower with nothing new still receives an empty line this often, so neither the server's
   * idle timeout nor a proxy closes the stream; readers skip empty lines.
   */
  private static final Duration KEEP_ALIVE = Duration.ofSeconds(15);

  private final JournalReader reader;
  private final String application;
  private final ObjectMapper json;
  private final Clock clock;
  private final Set<String> eventTypes;

  /**
   * @param reader reads through the running operator's actor system
   */
  /**
   * The journal of a model: each request names its application ({@code application=}, or the
   * application of its {@code unit=}), as every application of a model keeps its own streams.
   */
  public static JournalRoutes ofModel(JournalReader reader, ObjectMapper json, Clock clock) {
    return new JournalRoutes(reader, null, json, clock);
  }

  /**
   * @param application the application whose streams are read; null for a model ({@link #ofModel})
   */
  public JournalRoutes(JournalReader reader, String application, ObjectMapper json, Clock clock) {
    this.reader = reader;
    this.application = application;
    this.json = json;
    this.clock = clock;
    this.eventTypes = new JournalSerializer().types().keySet();
  }

  public Route route() {
    return pathPrefix(
        "v1",
        () ->
            pathPrefix(
                "journal",
                () ->
                    concat(
                        pathEnd(() -> get(() -> parameterMap(this::events))),
                        path("state", () -> get(() -> parameterMap(this::state))))));
  }

  /**
   * The application a request is about: this operator's, or in a model the one it names.
   *
   * @throws IllegalArgumentException when a model's request names none
   */
  private String applicationOf(Map<String, String> query, UnitId unit) {
    if (application != null) return application;
    String named = query.get("application");
    if (named != null) return io.caasoperator.domain.ApplicationName.of(named).value();
    if (unit != null) return unit.application().value();
    throw new IllegalArgumentException(
        "this operator runs a model of several applications: name one (application=NAME;"
            + " caas-operator journal --app NAME)");
  }

  /** {@code relation=N} or {@code relation=endpoint:N}; null when absent. */
  private static Long relation(String value) {
    if (value == null) return null;
    return RelationMentions.parse(value)
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "\"relation\": expected a relation id (N or endpoint:N), got \""
                        + value
                        + "\""));
  }

  private Route events(Map<String, String> query) {
    String application;
    JournalFilter filter;
    long after;
    boolean follow;
    try {
      UnitId unit = query.containsKey("unit") ? UnitId.parse(query.get("unit")) : null;
      application = applicationOf(query, unit);
      if (unit != null && !unit.application().value().equals(application)) {
        throw new IllegalArgumentException("unit " + unit + " is not a unit of " + application);
      }
      filter =
          new JournalFilter(
              unit,
              JournalFilter.parseTypes(query.get("type")),
              time("since", query.get("since")),
              time("until", query.get("until")),
              relation(query.get("relation")));
      Set<String> unknown = filter.unknownTypes(eventTypes);
      if (!unknown.isEmpty())
        throw new IllegalArgumentException("unknown event type(s) " + unknown);
      after = offset(query.get("after"));
      follow = flag("follow", query.get("follow"));
    } catch (IllegalArgumentException e) {
      return JsonErrors.complete(ApiError.badRequest(e.getMessage()));
    }
    Source<ByteString, ?> lines =
        reader
            .events(application, after, follow)
            .filter(filter::matches)
            .map(entry -> ByteString.fromString(entry.toJson(json) + "\n"));
    if (follow) lines = lines.keepAlive(KEEP_ALIVE, () -> ByteString.fromString("\n"));
    return complete(
        org.apache.pekko.http.javadsl.model.HttpResponse.create()
            .withStatus(StatusCodes.OK)
            .withEntity(HttpEntities.createChunked(NDJSON, lines)));
  }

  private Route state(Map<String, String> query) {
    ReplayPoint point;
    String application;
    try {
      application = applicationOf(query, null);
    } catch (IllegalArgumentException e) {
      return JsonErrors.complete(ApiError.badRequest(e.getMessage()));
    }
    try {
      point = ReplayPoint.parse(query.get("at"), clock);
    } catch (IllegalArgumentException e) {
      return JsonErrors.complete(ApiError.badRequest("\"at\": " + e.getMessage()));
    }
    CompletionStage<ReplayedStatus> replayed =
        reader
            .all(application)
            .thenApply(entries -> ReplayedStatus.of(Replay.to(point, application, entries)));
    return onSuccess(
        replayed, status -> complete(StatusCodes.OK, status, Jackson.marshaller(json)));
  }

  /**
   * A duration ago so long that it overflows ({@code since=99999999999999h}) is the caller's
   * mistake, not the operator's: a 400 naming the parameter, never the 500 of the arithmetic.
   */
  private Instant time(String parameter, String text) {
    if (text == null || text.isBlank()) return null;
    try {
      return PointInTime.parse(text, clock);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("\"" + parameter + "\": " + e.getMessage(), e);
    }
  }

  /** {@code true} or {@code false}: {@code follow=yes} is refused rather than read as false. */
  private static boolean flag(String parameter, String text) {
    if (text == null || text.equals("false")) return false;
    if (text.equals("true")) return true;
    throw new IllegalArgumentException(
        "\"" + parameter + "\": expected true or false, got \"" + text + "\"");
  }

  /** A global offset: a whole number from 0. */
  private static long offset(String text) {
    if (text == null) return 0;
    try {
      long offset = Long.parseLong(text);
      if (offset >= 0) return offset;
    } catch (NumberFormatException e) {
      // answered below, with the rule
    }
    throw new IllegalArgumentException(
        "\"after\": expected a global offset (a whole number from 0), got \"" + text + "\"");
  }
}
