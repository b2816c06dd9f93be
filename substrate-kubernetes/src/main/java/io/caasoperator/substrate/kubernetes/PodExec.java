package io.caasoperator.substrate.kubernetes;

import java.time.Duration;
import java.util.List;

/**
 * Runs a command in a container of a pod through the Kubernetes exec API, the only way the operator
 * touches a pod's inside. Kept this small so the hook executor's logic is tested with a fake, and
 * the fabric8 implementation ({@link Fabric8PodExec}) against the mock server.
 */
public interface PodExec {

  /**
   * Runs {@code request}'s command and waits for it. Blocking; interruptible.
   *
   * @throws java.io.IOException when the exec call itself failed (no such pod or container, API
   *     server unreachable): the command did not run
   */
  Result exec(Request request) throws java.io.IOException, InterruptedException;

  /**
   * A command to run in a container of a pod.
   *
   * @param command argv, no shell
   * @param stdin bytes fed to the command's standard input, then end of file; empty for none
   * @param timeout after this the exec stream is closed and the result says it timed out
   * @param outputLimit bytes kept per stream; more is dropped and the result says so
   */
  record Request(
      String pod,
      String container,
      List<String> command,
      byte[] stdin,
      Duration timeout,
      int outputLimit) {}

  /** How the command ended; exit code -1 when it timed out. */
  record Result(int exitCode, String stdout, String stderr, boolean timedOut, boolean truncated) {}
}
