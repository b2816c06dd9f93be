package io.caasoperator.substrate;

/** Watches the application's units; the first observation of every watch is a full listing. */
public interface UnitSource {
  Watch watch(WatchSink<UnitsObserved> sink);
}
