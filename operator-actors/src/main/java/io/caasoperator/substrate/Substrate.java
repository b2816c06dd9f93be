package io.caasoperator.substrate;

import io.caasoperator.domain.CharmInfo;
import io.caasoperator.domain.UnitAddresses;
import io.caasoperator.hook.HookExecutor;

/** Where units live: the local machine or Kubernetes. The actors see only this interface. */
public interface Substrate extends AutoCloseable {
  String name();

  ApplicationSource applicationSource();

  UnitSource unitSource();

  ContainerStartSource containerStartSource();

  /**
   * The units' containers' notices and check transitions; none by default (the Kubernetes
   * substrate's containers run the real Pebble, whose notices it does not watch yet).
   */
  default WorkloadNoticeSource workloadNoticeSource() {
    return WorkloadNoticeSource.NONE;
  }

  UnitRemover unitRemover();

  HookExecutor hookExecutor();

  /**
   * The operator deployed a charm. A substrate that provisions containers from the charm's metadata
   * (the local one) uses it; Kubernetes reads containers from the pods instead.
   */
  default void charmDeployed(CharmInfo charm) {}

  /** Adds the substrate's own metrics (Kubernetes: API requests by verb) to the operator's. */
  default void registerMetrics(io.caasoperator.metrics.OperatorMetrics metrics) {}

  /**
   * The units' network addresses ({@code unit-get}, {@code network-get}), answered at once from
   * what the substrate already knows (never a call to a remote API).
   */
  default UnitAddresses.Source addresses() {
    return unit -> UnitAddresses.UNKNOWN;
  }

  /**
   * Where units' storage instances are ({@link StorageLayout}); Juju's default rule unless the
   * substrate knows better.
   */
  default StorageLayout storageLayout() {
    return StorageLayout.JUJU_DEFAULT;
  }

  /**
   * {@code CLOUD_API_VERSION} of every hook: the version of the substrate's API (the Kubernetes API
   * server's), empty when it has none. Read once, when the substrate is built.
   */
  default String cloudApiVersion() {
    return "";
  }

  /** Where the application's status and notable facts are shown to this substrate's users. */
  default ApplicationReporting reporting() {
    return ApplicationReporting.NONE;
  }

  /**
   * The election among operator replicas this one takes part in, not started, telling {@code terms}
   * when this replica acts; empty when every replica acts (one replica, or no election asked for).
   */
  default java.util.Optional<ReplicaElection> election(ReplicaElection.Terms terms) {
    return java.util.Optional.empty();
  }

  @Override
  default void close() {}
}
