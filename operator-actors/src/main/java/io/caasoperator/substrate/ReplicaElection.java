package io.caasoperator.substrate;

/**
 * Which of several operator replicas acts, for substrates where replicas share one journal
 * (Kubernetes: a Lease). The holder acts; the others stand by until it lets go.
 */
public interface ReplicaElection extends AutoCloseable {

  /**
   * What this replica does when its term starts and ends. Called from the election's own threads.
   */
  interface Terms {
    /** This replica now holds the election: start the operator. */
    void acting();

    /** This replica lost it (or failed to renew in time): stop acting at once. */
    void standingBy();
  }

  /** Takes part from now on; returns at once. */
  void start();

  /**
   * For the log: what is held and by whom, e.g. {@code lease caas-operator-mariadb as pod-1-3f2a}.
   */
  String describe();

  /** Leaves the election, handing it over at once if held. */
  @Override
  void close();
}
