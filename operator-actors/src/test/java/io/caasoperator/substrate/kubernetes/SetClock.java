package io.caasoperator.substrate.kubernetes;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicReference;

/** A UTC clock that shows what the test last set, so time-dependent reports are exact. */
final class SetClock extends Clock {
  private final AtomicReference<Instant> now;

  SetClock(Instant start) {
    now = new AtomicReference<>(start);
  }

  void set(Instant instant) {
    now.set(instant);
  }

  @Override
  public Instant instant() {
    return now.get();
  }

  @Override
  public ZoneId getZone() {
    return ZoneOffset.UTC;
  }

  @Override
  public Clock withZone(ZoneId zone) {
    return this;
  }
}
