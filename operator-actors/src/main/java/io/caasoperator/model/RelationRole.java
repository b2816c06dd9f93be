package io.caasoperator.model;

/**
 * Which side of a relation an endpoint is on, as a charm's metadata says: {@code provides:}, {@code
 * requires:} or {@code peers:} (Juju's {@code charm.RelationRole}).
 */
public enum RelationRole {
  PROVIDER("provider"),
  REQUIRER("requirer"),
  PEER("peer");

  private final String word;

  RelationRole(String word) {
    this.word = word;
  }

  /**
   * The role an endpoint of this role relates to (Juju's {@code counterpartRole}, {@code
   * state/endpoint.go}).
   */
  public RelationRole counterpart() {
    return switch (this) {
      case PROVIDER -> REQUIRER;
      case REQUIRER -> PROVIDER;
      case PEER -> PEER;
    };
  }

  /**
   * Where this role sorts in a relation's key: requirer, then provider, then peer (Juju's {@code
   * roleOrder}, {@code state/endpoint.go}).
   */
  int keyOrder() {
    return switch (this) {
      case REQUIRER -> 0;
      case PROVIDER -> 1;
      case PEER -> 2;
    };
  }

  /** The word Juju's status uses: {@code provider}, {@code requirer}, {@code peer}. */
  @Override
  public String toString() {
    return word;
  }
}
