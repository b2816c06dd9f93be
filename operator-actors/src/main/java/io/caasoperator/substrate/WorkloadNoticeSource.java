package io.caasoperator.substrate;

/**
 * Watches unit containers' notices and check transitions ({@link WorkloadNotice}). They are
 * occurrences, not state: a new watch is not told of earlier ones.
 */
public interface WorkloadNoticeSource {
  Watch watch(WatchSink<WorkloadNotice> sink);

  /** A substrate whose containers report nothing (yet): the watch never delivers. */
  WorkloadNoticeSource NONE = sink -> () -> {};
}
