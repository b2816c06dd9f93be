package io.caasoperator.pebble.notices;

import io.caasoperator.pebble.events.PebbleEvent;
import io.caasoperator.pebble.events.PebbleListener;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Pattern;

/**
 * The notices of one Pebble (state/notices.go {@code AddNotice}, {@code Notices}; api_notices.go
 * validation). Notices expire a week after they last occurred. A new notice, or a repeat past its
 * {@code repeat-after}, is reported to the listener and wakes waiting queries.
 */
public final class Notices {
  /** Custom keys look like a domain and a path: {@code example.com/path}. */
  public static final Pattern CUSTOM_KEY =
      Pattern.compile(
          "^[a-z0-9]+(-[a-z0-9]+)*(\\.[a-z0-9]+(-[a-z0-9]+)*)+(/[a-z0-9]+(-[a-z0-9]+)*)+$");

  public static final int MAX_KEY_LENGTH = 256;
  public static final Duration EXPIRE_AFTER = Duration.ofDays(7);

  private final Clock clock;
  private final PebbleListener listener;
  private final Map<String, Notice> byUniqueKey = new LinkedHashMap<>();
  private int lastId;
  private CompletableFuture<Void> changed = new CompletableFuture<>();

  public Notices(Clock clock, PebbleListener listener) {
    this.clock = clock;
    this.listener = listener;
  }

  /**
   * Checks a custom notice's key as the API does. @throws IllegalArgumentException with Pebble's
   * message
   */
  public static void validateCustomKey(String key) {
    if (!CUSTOM_KEY.matcher(key).matches()) {
      throw new IllegalArgumentException(
          "invalid key \"" + key + "\" (must be in \"example.com/path\" format)");
    }
    if (key.length() > MAX_KEY_LENGTH) {
      throw new IllegalArgumentException("key must be " + MAX_KEY_LENGTH + " bytes or less");
    }
  }

  /** Records an occurrence and answers the notice's id. */
  public String add(
      Optional<Integer> userId,
      String type,
      String key,
      Map<String, String> data,
      Duration repeatAfter) {
    Instant now = clock.instant();
    Notice result;
    boolean newOrRepeated;
    CompletableFuture<Void> wake;
    synchronized (this) {
      String unique =
          userId.map(String::valueOf).orElse("public") + "\u0000" + type + "\u0000" + key;
      Notice old = byUniqueKey.get(unique);
      if (old == null || old.expired(now)) {
        result =
            new Notice(
                Integer.toString(++lastId),
                userId,
                type,
                key,
                now,
                now,
                now,
                1,
                data,
                repeatAfter,
                EXPIRE_AFTER);
        newOrRepeated = true;
      } else {
        newOrRepeated = repeatAfter.isZero() || now.isAfter(old.lastRepeated().plus(repeatAfter));
        result =
            new Notice(
                old.id(),
                userId,
                type,
                key,
                old.firstOccurred(),
                now,
                newOrRepeated ? now : old.lastRepeated(),
                old.occurrences() + 1,
                data,
                repeatAfter,
                old.expireAfter());
      }
      byUniqueKey.put(unique, result);
      wake = changed;
      if (newOrRepeated) {
        changed = new CompletableFuture<>();
      }
    }
    if (newOrRepeated) {
      wake.complete(null);
      listener.on(new PebbleEvent.NoticeAdded(now, result.id(), type, key, data));
    }
    return result.id();
  }

  /** The notices matching the filter, oldest repeat first, expired ones left out. */
  public synchronized List<Notice> list(NoticeFilter filter) {
    Instant now = clock.instant();
    List<Notice> out = new ArrayList<>();
    for (Notice n : byUniqueKey.values()) {
      if (!n.expired(now) && filter.matches(n)) {
        out.add(n);
      }
    }
    out.sort(Comparator.comparing(Notice::lastRepeated));
    return out;
  }

  public synchronized Optional<Notice> get(String id) {
    return byUniqueKey.values().stream()
        .filter(n -> n.id().equals(id) && !n.expired(clock.instant()))
        .findFirst();
  }

  /** Completes at the next new or repeated notice (for queries with a {@code timeout}). */
  public synchronized CompletableFuture<Void> nextChange() {
    return changed;
  }
}
