package io.caasoperator.substrate;

/** Watches the application's specification. The first observation comes promptly after start. */
public interface ApplicationSource {
  Watch watch(WatchSink<ApplicationObservation> sink);
}
