package io.caasoperator.domain;

import java.lang.ref.WeakReference;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * One shared instance per distinct immutable value, kept only while something uses it. Every unit
 * actor recovers its own copy of its charm's record from the journal; without sharing, a charm's
 * action schemas would be held once per unit (10,000 units × a few KiB each).
 */
final class Canonical<T> {
  private final Map<T, WeakReference<T>> values = new WeakHashMap<>();

  /** {@code value}, or an equal instance handed out earlier and still in use. */
  synchronized T of(T value) {
    WeakReference<T> known = values.get(value);
    T shared = known == null ? null : known.get();
    if (shared != null) return shared;
    values.put(value, new WeakReference<>(value));
    return value;
  }
}
