package io.caasoperator.testing;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.hook.HookExecutor;
import io.caasoperator.hook.HookInvocation;
import io.caasoperator.hook.ProcessResult;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/** A hook executor the test drives: every run waits until the test completes it. */
public final class ScriptedExecutor implements HookExecutor {

  public record Call(HookInvocation invocation, CompletableFuture<ProcessResult> result) {
    public String hook() {
      return invocation.environment().get("JUJU_HOOK_NAME");
    }

    public String unit() {
      return invocation.unit().name();
    }

    public void succeed() {
      result.complete(new ProcessResult(0, "", "", Duration.ofMillis(1), false, false, null));
    }

    public void fail(int exitCode) {
      result.complete(new ProcessResult(exitCode, "", "boom", Duration.ofMillis(1), false, false, null));
    }
  }

  private final LinkedBlockingQueue<Call> calls = new LinkedBlockingQueue<>();
  /** The next run for this unit (name) throws, as a broken executor would. */
  public volatile String throwOnceFor;
  /** The context ids cancel was called for, in order. */
  public final List<String> cancelled = new CopyOnWriteArrayList<>();

  @Override
  public CompletionStage<ProcessResult> run(HookInvocation invocation) {
    if (invocation.unit().name().equals(throwOnceFor)) {
      throwOnceFor = null;
      throw new IllegalStateException("executor broke");
    }
    CompletableFuture<ProcessResult> result = new CompletableFuture<>();
    calls.add(new Call(invocation, result));
    return result;
  }

  @Override
  public void cancel(String contextId) {
    cancelled.add(contextId);
  }

  public Call next() {
    try {
      Call call = calls.poll(10, TimeUnit.SECONDS);
      assertThat(call).as("a hook should have started").isNotNull();
      return call;
    } catch (InterruptedException e) {
      throw new AssertionError(e);
    }
  }

  /** Runs the next hook, checks its name, and lets it succeed. */
  public Call complete(String expectedHook) {
    Call call = next();
    assertThat(call.hook()).isEqualTo(expectedHook);
    call.succeed();
    return call;
  }

  public void expectNoHookWithin(Duration quiet) {
    try {
      Call call = calls.poll(quiet.toMillis(), TimeUnit.MILLISECONDS);
      assertThat(call).as("no hook should have started, got %s", call == null ? null : call.hook()).isNull();
    } catch (InterruptedException e) {
      throw new AssertionError(e);
    }
  }
}
