package io.caasoperator.testing;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.hook.HookExecutor;
import io.caasoperator.hook.HookInvocation;
import io.caasoperator.hook.ProcessResult;
import io.caasoperator.hook.UnitNotReady;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A hook executor the test drives: every run waits until the test completes it, except the runs it
 * was told to end at once as not ready (as a pod that is not scheduled yet).
 */
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
      result.complete(
          new ProcessResult(exitCode, "", "boom", Duration.ofMillis(1), false, false, null));
    }
  }

  private final LinkedBlockingQueue<Call> calls = new LinkedBlockingQueue<>();

  /** The next run for this unit (name) throws, as a broken executor would. */
  public volatile String throwOnceFor;

  /** The context ids cancel was called for, in order. */
  public final List<String> cancelled = new CopyOnWriteArrayList<>();

  /** Per unit name: how many more runs end as not ready, and why. */
  private final Map<String, NotReady> notReady = new ConcurrentHashMap<>();

  private final LinkedBlockingQueue<HookInvocation> notReadyRuns = new LinkedBlockingQueue<>();

  private record NotReady(int times, String reason) {}

  /** The next {@code times} runs for {@code unit} (name) end at once with {@link UnitNotReady}. */
  public void notReady(String unit, int times, String reason) {
    notReady.put(unit, new NotReady(times, reason));
  }

  @Override
  public CompletionStage<ProcessResult> run(HookInvocation invocation) {
    if (invocation.unit().name().equals(throwOnceFor)) {
      throwOnceFor = null;
      throw new IllegalStateException("executor broke");
    }
    NotReady unready =
        notReady.computeIfPresent(
            invocation.unit().name(),
            (unit, left) ->
                left.times() == 0 ? null : new NotReady(left.times() - 1, left.reason()));
    if (unready != null) {
      notReadyRuns.add(invocation);
      return CompletableFuture.failedFuture(new UnitNotReady(unready.reason()));
    }
    CompletableFuture<ProcessResult> result = new CompletableFuture<>();
    calls.add(new Call(invocation, result));
    return result;
  }

  /** The next run that ended as not ready. */
  public HookInvocation nextNotReady() {
    return awaitHead(notReadyRuns, "a run should have found its unit not ready");
  }

  @Override
  public void cancel(String contextId) {
    cancelled.add(contextId);
  }

  public Call next() {
    return awaitHead(calls, "a hook should have started");
  }

  /** The next run, once it started, checked to be hook {@code expectedHook}. */
  public Call next(String expectedHook) {
    Call call = next();
    assertThat(call.hook()).isEqualTo(expectedHook);
    return call;
  }

  /** The next run if one has started, without waiting (after a proof such as {@link Settled}). */
  public java.util.Optional<Call> started() {
    return java.util.Optional.ofNullable(calls.poll());
  }

  /**
   * The head of {@code queue} once there is one, failing with {@code expected} after 10 s (times
   * the {@link TimeFactor}).
   */
  private static <T> T awaitHead(LinkedBlockingQueue<T> queue, String expected) {
    try {
      T head =
          queue.poll(TimeFactor.dilated(Duration.ofSeconds(10)).toMillis(), TimeUnit.MILLISECONDS);
      assertThat(head).as(expected).isNotNull();
      return head;
    } catch (InterruptedException e) {
      throw new AssertionError(e);
    }
  }

  /** Runs the next hook, checks its name, and lets it succeed. */
  public Call complete(String expectedHook) {
    Call call = next(expectedHook);
    call.succeed();
    return call;
  }

  /**
   * Lets the next {@code count} hooks succeed as they come; returns their names by unit, in order.
   */
  public Map<String, List<String>> completeByUnit(int count) {
    Map<String, List<String>> byUnit = new LinkedHashMap<>();
    for (int i = 0; i < count; i++) {
      Call call = next();
      byUnit.computeIfAbsent(call.unit(), u -> new ArrayList<>()).add(call.hook());
      call.succeed();
    }
    return byUnit;
  }

  /**
   * No hook has started, checked now, once {@code settled} proves the actors involved have looked
   * (e.g. {@link Settled#unit}): a hook they were going to start would have reached this executor
   * before that proof.
   */
  public void expectNoHookStarted(Object settled) {
    Call call = calls.poll();
    assertThat(call)
        .as(
            "no hook should have started once settled (%s), got %s",
            settled, call == null ? null : call.hook())
        .isNull();
  }

  /**
   * No hook starts within {@code quiet}: only for an event the test cannot observe the end of (a
   * real timer of the system under test); {@link #expectNoHookStarted} is the proof otherwise.
   */
  public void expectNoHookWithin(Duration quiet) {
    try {
      Call call = calls.poll(quiet.toMillis(), TimeUnit.MILLISECONDS);
      assertThat(call)
          .as("no hook should have started, got %s", call == null ? null : call.hook())
          .isNull();
    } catch (InterruptedException e) {
      throw new AssertionError(e);
    }
  }
}
