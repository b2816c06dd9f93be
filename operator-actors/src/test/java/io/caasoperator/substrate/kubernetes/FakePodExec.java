package io.caasoperator.substrate.kubernetes;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Stands in for the exec API: keeps every call, fails the charm copy as often as told, and answers
 * a hook with exit 0 and its script echoed on stdout.
 */
final class FakePodExec implements PodExec {

  record Call(String pod, String container, List<String> command, byte[] stdin) {
    boolean isCopy() {
      return command.get(2).contains("tar -x");
    }
  }

  private final List<Call> calls = new ArrayList<>();
  private int copyFailures;
  private int exitCode;

  synchronized FakePodExec failingCopies(int times) {
    copyFailures = times;
    return this;
  }

  synchronized FakePodExec exiting(int code) {
    exitCode = code;
    return this;
  }

  @Override
  public synchronized Result exec(
      String pod,
      String container,
      List<String> command,
      byte[] stdin,
      Duration timeout,
      int outputLimit)
      throws IOException {
    Call call = new Call(pod, container, command, stdin);
    calls.add(call);
    if (call.isCopy()) {
      if (copyFailures > 0) {
        copyFailures--;
        throw new IOException("connection reset");
      }
      return new Result(0, "", "", false, false);
    }
    return new Result(exitCode, command.get(2), "", false, false);
  }

  synchronized List<Call> calls() {
    return List.copyOf(calls);
  }

  synchronized List<Call> copies() {
    return calls.stream().filter(Call::isCopy).toList();
  }

  synchronized List<Call> hooks() {
    return calls.stream().filter(c -> !c.isCopy()).toList();
  }
}
