package io.caasoperator.testing;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A UTC clock that shows what the test set or moved it to, and nothing else: time-dependent
 * decisions and reports are exact, and a period passes without waiting. Read from any thread.
 */
public final class TestClock extends Clock {
  private final AtomicReference<Instant> now;

  public TestClock(Instant start) {
    now = new AtomicReference<>(start);
  }

  public void set(Instant instant) {
    now.set(instant);
  }

  public void advance(Duration by) {
    now.updateAndGet(t -> t.plus(by));
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
