package io.caasoperator.pebble.notices;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Which notices a query wants (state/notices.go {@code NoticeFilter}): the user's own and public
 * ones (empty {@code userId}: all users), any of {@code types}, any of {@code keys}, repeated after
 * {@code after}.
 */
public record NoticeFilter(
    Optional<Integer> userId, List<String> types, List<String> keys, Optional<Instant> after) {
  public NoticeFilter {
    types = List.copyOf(types);
    keys = List.copyOf(keys);
  }

  public boolean matches(Notice n) {
    if (userId.isPresent() && n.userId().isPresent() && !n.userId().equals(userId)) {
      return false;
    }
    if (!types.isEmpty() && !types.contains(n.type())) {
      return false;
    }
    if (!keys.isEmpty() && !keys.contains(n.key())) {
      return false;
    }
    return after.isEmpty() || n.lastRepeated().isAfter(after.get());
  }
}
