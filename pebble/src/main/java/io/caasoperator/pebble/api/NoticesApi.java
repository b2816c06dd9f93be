package io.caasoperator.pebble.api;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import io.caasoperator.pebble.Pebble;
import io.caasoperator.pebble.notices.Notice;
import io.caasoperator.pebble.notices.NoticeFilter;
import io.caasoperator.pebble.notices.Notices;
import io.caasoperator.pebble.plan.GoDuration;
import io.caasoperator.pebble.process.Signals;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * {@code /v1/notices} and {@code /v1/notices/{id}} (api_notices.go). Every client of the socket is
 * the operator's own user (the socket is the container's admin interface), so notices added are
 * that user's and every notice is visible.
 */
final class NoticesApi {
  private static final int MAX_DATA_SIZE = 4 * 1024;
  private static final List<String> TYPES = List.of("change-update", "custom", "warning");

  private NoticesApi() {}

  record AddBody(
      String action,
      String type,
      String key,
      @JsonProperty("repeat-after") String repeatAfter,
      JsonNode data) {}

  static List<Route> routes(Pebble pebble) {
    return List.of(
        Route.of("/v1/notices", Map.of("POST", r -> add(pebble, r), "GET", r -> list(pebble, r))),
        Route.get("/v1/notices/{id}", r -> notice(pebble, r)));
  }

  private static ApiResponse notice(Pebble pebble, ApiRequest r) throws ApiException {
    String id = r.var("id");
    return new ApiResponse.Sync(
        json(
            pebble
                .notices()
                .get(id)
                .orElseThrow(
                    () ->
                        new ApiException(
                            ApiResponse.Error.notFound(
                                "cannot find notice with ID \"" + id + "\"")))));
  }

  private static ApiResponse add(Pebble pebble, ApiRequest r) throws ApiException {
    AddBody body = r.json(AddBody.class, "cannot decode request body");
    if (!"add".equals(body.action())) {
      throw ApiException.badRequest("invalid action \"" + LayersApi.nz(body.action()) + "\"");
    }
    if (!"custom".equals(body.type())) {
      throw ApiException.badRequest(
          "invalid type \"" + LayersApi.nz(body.type()) + "\" (can only add \"custom\" notices)");
    }
    String key = LayersApi.nz(body.key());
    try {
      Notices.validateCustomKey(key);
    } catch (IllegalArgumentException e) {
      throw ApiException.badRequest(e.getMessage());
    }
    Duration repeatAfter;
    try {
      repeatAfter = GoDuration.parseOptional(body.repeatAfter()).orElse(Duration.ZERO);
    } catch (IllegalArgumentException e) {
      throw ApiException.badRequest("invalid repeat-after: " + e.getMessage());
    }
    Map<String, String> data = new TreeMap<>();
    if (body.data() != null && !body.data().isNull()) {
      if (body.data().toString().length() > MAX_DATA_SIZE) {
        throw ApiException.badRequest(
            "total size of data must be " + MAX_DATA_SIZE + " bytes or less");
      }
      if (!body.data().isObject()) {
        throw ApiException.badRequest(
            "cannot decode notice data: data must be an object of strings");
      }
      for (Iterator<Map.Entry<String, JsonNode>> it = body.data().fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        if (!e.getValue().isTextual()) {
          throw ApiException.badRequest(
              "cannot decode notice data: value of \"" + e.getKey() + "\" is not a string");
        }
        data.put(e.getKey(), e.getValue().asText());
      }
    }
    String id =
        pebble.notices().add(Optional.of(Signals.currentUid()), "custom", key, data, repeatAfter);
    return new ApiResponse.Sync(Json.obj("id", id));
  }

  private static ApiResponse list(Pebble pebble, ApiRequest r) throws ApiException {
    if (!r.query("users").isEmpty() && !r.query("user-id").isEmpty()) {
      throw ApiException.badRequest("cannot use both \"users\" and \"user-id\" parameters");
    }
    if (!r.query("users").isEmpty() && !r.query("users").equals("all")) {
      throw ApiException.badRequest("invalid \"users\" filter: must be \"all\"");
    }
    Optional<Integer> userId =
        r.query("users").equals("all") ? Optional.empty() : Optional.of(Signals.currentUid());
    if (!r.query("user-id").isEmpty()) {
      try {
        long id = Long.parseLong(r.query("user-id"));
        if (id < 0 || id > 0xFFFFFFFFL) {
          throw ApiException.badRequest(
              "invalid \"user-id\" filter: user ID is not a valid uint32: " + id);
        }
        userId = Optional.of((int) id);
      } catch (NumberFormatException e) {
        throw ApiException.badRequest("invalid \"user-id\" filter: " + e.getMessage());
      }
    }
    List<String> types = r.queryList("types");
    List<String> validTypes = types.stream().filter(TYPES::contains).distinct().toList();
    if (!types.isEmpty() && validTypes.isEmpty()) {
      return new ApiResponse.Sync(List.of());
    }
    Optional<Instant> after = Optional.empty();
    if (!r.query("after").isEmpty()) {
      try {
        after = Optional.of(Instant.parse(r.query("after")));
      } catch (DateTimeParseException e) {
        throw ApiException.badRequest("invalid \"after\" timestamp: " + e.getMessage());
      }
    }
    Duration timeout;
    try {
      timeout = GoDuration.parseOptional(r.query("timeout")).orElse(Duration.ZERO);
    } catch (IllegalArgumentException e) {
      throw ApiException.badRequest("invalid timeout: " + e.getMessage());
    }
    NoticeFilter filter = new NoticeFilter(userId, validTypes, r.queryList("keys"), after);
    List<Notice> notices = pebble.notices().list(filter);
    long deadline = System.nanoTime() + timeout.toNanos();
    while (notices.isEmpty() && !timeout.isZero() && System.nanoTime() < deadline) {
      try {
        pebble.notices().nextChange().get(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
      } catch (TimeoutException e) {
        break;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw ApiException.badRequest("request canceled");
      } catch (java.util.concurrent.ExecutionException e) {
        break;
      }
      notices = pebble.notices().list(filter);
    }
    List<Object> out = new ArrayList<>();
    notices.forEach(n -> out.add(json(n)));
    return new ApiResponse.Sync(out);
  }

  /** state/notices.go {@code jsonNotice}. */
  static Map<String, Object> json(Notice n) {
    var m =
        Json.obj(
            "id",
            n.id(),
            "user-id",
            n.userId().orElse(null),
            "type",
            n.type(),
            "key",
            n.key(),
            "first-occurred",
            n.firstOccurred().toString(),
            "last-occurred",
            n.lastOccurred().toString(),
            "last-repeated",
            n.lastRepeated().toString(),
            "occurrences",
            n.occurrences());
    if (!n.lastData().isEmpty()) {
      m.put("last-data", new TreeMap<>(n.lastData()));
    }
    if (!n.repeatAfter().isZero()) {
      m.put("repeat-after", GoDuration.format(n.repeatAfter()));
    }
    if (!n.expireAfter().isZero()) {
      m.put("expire-after", GoDuration.format(n.expireAfter()));
    }
    return m;
  }
}
