package io.caasoperator.model;

import io.caasoperator.domain.ApplicationName;
import java.util.Comparator;

/**
 * One end of a relation in a model: an application and one of its charm's endpoints (Juju's {@code
 * state.Endpoint}).
 */
public record RelationEndpoint(ApplicationName application, CharmEndpoint endpoint) {

  /**
   * The order of endpoints in a relation's key: requirer, provider, peer, then by {@code app:name}
   * (Juju's {@code epSlice}, {@code state/endpoint.go}).
   */
  static final Comparator<RelationEndpoint> KEY_ORDER =
      Comparator.comparingInt((RelationEndpoint e) -> e.endpoint().role().keyOrder())
          .thenComparing(RelationEndpoint::toString);

  /**
   * Whether a relation may join this endpoint and {@code other}: two applications, one interface,
   * provider to requirer (Juju's {@code Endpoint.CanRelateTo}, {@code state/endpoint.go}).
   */
  public boolean canRelateTo(RelationEndpoint other) {
    return !application.equals(other.application)
        && endpoint.interfaceName().equals(other.endpoint.interfaceName())
        && endpoint.role() != RelationRole.PEER
        && endpoint.role().counterpart() == other.endpoint.role();
  }

  /** {@code app:endpoint}, as Juju writes an endpoint. */
  @Override
  public String toString() {
    return application + ":" + endpoint.name();
  }
}
