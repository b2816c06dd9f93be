package io.caasoperator.substrate.local;

import io.caasoperator.substrate.ContainerStarted;
import io.caasoperator.substrate.WorkloadNotice;

/**
 * What a local pod's containers tell the substrate, from whatever thread they run on: a container's
 * Pebble answered (it started, its boot id the start id), or its workload reported a notice or a
 * check transition.
 */
public interface ContainerReports {
  void answered(ContainerStarted start);

  void noticed(WorkloadNotice notice);
}
