package io.caasoperator.substrate;

import io.caasoperator.domain.CharmInfo;
import io.caasoperator.hook.HookExecutor;

/** Where units live: the local machine or Kubernetes. The actors see only this interface. */
public interface Substrate extends AutoCloseable {
  String name();

  ApplicationSource applicationSource();

  UnitSource unitSource();

  ContainerStartSource containerStartSource();

  UnitRemover unitRemover();

  HookExecutor hookExecutor();

  /**
   * The operator deployed a charm. A substrate that provisions containers from the charm's
   * metadata (the local one) uses it; Kubernetes reads containers from the pods instead.
   */
  default void charmDeployed(CharmInfo charm) {}

  @Override
  default void close() {}
}
