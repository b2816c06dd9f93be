package io.caasoperator.pebble.notices;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/**
 * A notice (internals/overlord/state/notices.go): one per (user, type, key), counting its
 * occurrences. {@code userId} is empty for public notices.
 */
public record Notice(
    String id,
    Optional<Integer> userId,
    String type,
    String key,
    Instant firstOccurred,
    Instant lastOccurred,
    Instant lastRepeated,
    int occurrences,
    Map<String, String> lastData,
    Duration repeatAfter,
    Duration expireAfter) {
  public Notice {
    lastData = Map.copyOf(lastData);
  }

  boolean expired(Instant now) {
    return lastOccurred.plus(expireAfter).isBefore(now);
  }
}
