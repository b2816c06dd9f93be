package io.caasoperator.testing;

import io.caasoperator.substrate.WatchSink;
import java.util.ArrayList;
import java.util.List;

/** Keeps what a watch delivered; deliveries may come from any thread (polling, informers). */
public final class RecordingSink<T> implements WatchSink<T> {

  private final List<T> observed = new ArrayList<>();
  private final List<Throwable> failures = new ArrayList<>();
  private int throwOnDelivery;

  /** Throws from the next {@code times} deliveries, like a watcher whose mailbox is gone. */
  public synchronized RecordingSink<T> throwing(int times) {
    throwOnDelivery = times;
    return this;
  }

  @Override
  public synchronized void observed(T observation) {
    if (throwOnDelivery > 0) {
      throwOnDelivery--;
      throw new IllegalStateException("sink refuses " + observation);
    }
    observed.add(observation);
  }

  @Override
  public synchronized void failed(Throwable cause) {
    failures.add(cause);
  }

  public synchronized List<T> observed() {
    return List.copyOf(observed);
  }

  /** What arrived since the last call, so each step of a test asserts only its own effect. */
  public synchronized List<T> drain() {
    List<T> recent = List.copyOf(observed);
    observed.clear();
    return recent;
  }

  /** The last delivery, or null before the first. */
  public synchronized T last() {
    return observed.isEmpty() ? null : observed.get(observed.size() - 1);
  }

  public synchronized List<Throwable> failures() {
    return List.copyOf(failures);
  }
}
