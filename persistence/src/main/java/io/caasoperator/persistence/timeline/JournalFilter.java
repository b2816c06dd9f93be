package io.caasoperator.persistence.timeline;

import io.caasoperator.domain.UnitId;
import java.time.Instant;
import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Which events of a timeline to show. Every part is optional (null or empty: no restriction).
 *
 * @param unit only this unit's events
 * @param types event types, by short name ({@code HookFailed}) or stable name ({@code
 *     unit.HookFailed.v1})
 * @param since events at or after this time
 * @param until events at or before this time
 * @param relation only events that name this relation id ({@link RelationMentions})
 */
public record JournalFilter(
    UnitId unit, Set<String> types, Instant since, Instant until, Long relation) {

  public static final JournalFilter ALL = new JournalFilter(null, Set.of(), null, null);

  /** Any relation. */
  public JournalFilter(UnitId unit, Set<String> types, Instant since, Instant until) {
    this(unit, types, since, until, null);
  }

  public JournalFilter {
    types = types == null ? Set.of() : Set.copyOf(types);
    if (since != null && until != null && until.isBefore(since)) {
      throw new IllegalArgumentException("--until " + until + " is before --since " + since);
    }
  }

  /** Parses a comma-separated list of types, e.g. {@code HookFailed,HookStarted}. */
  public static Set<String> parseTypes(String csv) {
    if (csv == null || csv.isBlank()) return Set.of();
    return Arrays.stream(csv.split(","))
        .map(String::strip)
        .filter(s -> !s.isEmpty())
        .collect(Collectors.toSet());
  }

  public boolean matches(JournalEntry entry) {
    if (unit != null && !entry.entity().equals(JournalEntry.UNIT_PREFIX + unit.name()))
      return false;
    if (!types.isEmpty() && !types.contains(entry.shortType()) && !types.contains(entry.type()))
      return false;
    if (relation != null && !RelationMentions.of(entry.event()).contains(relation)) return false;
    if (since != null && entry.time().isBefore(since)) return false;
    return until == null || !entry.time().isAfter(until);
  }

  /** Types that no event has: a typo in {@code --type} should be an error, not an empty list. */
  public Set<String> unknownTypes(Set<String> stableNames) {
    Set<String> known =
        stableNames.stream()
            .flatMap(n -> java.util.stream.Stream.of(n, JournalEntry.shortName(n)))
            .collect(Collectors.toSet());
    return types.stream().filter(t -> !known.contains(t)).collect(Collectors.toSet());
  }
}
