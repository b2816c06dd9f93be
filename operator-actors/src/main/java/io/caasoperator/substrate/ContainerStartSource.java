package io.caasoperator.substrate;

/** Watches charm containers of units starting (first start and every restart). */
public interface ContainerStartSource {
  Watch watch(WatchSink<ContainerStarted> sink);
}
