package io.caasoperator.substrate.kubernetes;

import io.caasoperator.substrate.WatchSink;
import java.util.ArrayList;
import java.util.List;

/** Keeps what a watch delivered; deliveries come from informer threads. */
final class Recording<T> implements WatchSink<T> {

  private final List<T> observed = new ArrayList<>();
  private final List<Throwable> failures = new ArrayList<>();

  @Override
  public synchronized void observed(T observation) {
    observed.add(observation);
  }

  @Override
  public synchronized void failed(Throwable cause) {
    failures.add(cause);
  }

  synchronized List<T> observed() {
    return List.copyOf(observed);
  }

  synchronized T last() {
    return observed.isEmpty() ? null : observed.get(observed.size() - 1);
  }

  synchronized List<Throwable> failures() {
    return List.copyOf(failures);
  }
}
