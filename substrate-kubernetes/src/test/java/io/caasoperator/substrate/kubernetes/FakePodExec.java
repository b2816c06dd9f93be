package io.caasoperator.substrate.kubernetes;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Stands in for the exec API: keeps every call, fails the charm copy as often as told, and answers
 * a hook with exit 0 and its script echoed on stdout.
 */
final class FakePodExec implements PodExec {

  private final List<Request> calls = new ArrayList<>();
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
  public synchronized Result exec(Request request) throws IOException {
    calls.add(request);
    if (isCopy(request)) {
      if (copyFailures > 0) {
        copyFailures--;
        throw new IOException("connection reset");
      }
      return new Result(0, "", "", false, false);
    }
    return new Result(exitCode, request.command().get(2), "", false, false);
  }

  synchronized List<Request> calls() {
    return List.copyOf(calls);
  }

  synchronized List<Request> copies() {
    return calls.stream().filter(FakePodExec::isCopy).toList();
  }

  synchronized List<Request> hooks() {
    return calls.stream().filter(c -> !isCopy(c)).toList();
  }

  private static boolean isCopy(Request request) {
    return request.command().get(2).contains("tar -x");
  }
}
