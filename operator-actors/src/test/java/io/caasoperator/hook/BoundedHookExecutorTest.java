package io.caasoperator.hook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.caasoperator.domain.UnitId;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

class BoundedHookExecutorTest {

  /** Records what was started; the test ends each run by completing its future. */
  private static final class Held implements HookExecutor {
    final List<String> started = new CopyOnWriteArrayList<>();
    final Map<String, CompletableFuture<ProcessResult>> runs =
        new java.util.concurrent.ConcurrentHashMap<>();

    @Override
    public CompletionStage<ProcessResult> run(HookInvocation invocation) {
      if (invocation.contextId().startsWith("broken"))
        throw new IllegalStateException("cannot run");
      CompletableFuture<ProcessResult> run = new CompletableFuture<>();
      runs.put(invocation.contextId(), run);
      started.add(invocation.contextId());
      return run;
    }

    void finish(String contextId) {
      runs.get(contextId).complete(new ProcessResult(0, "", "", Duration.ZERO, false, false, null));
    }
  }

  private final Held delegate = new Held();
  private final BoundedHookExecutor bounded = new BoundedHookExecutor(delegate, 2);

  @Test
  void neverRunsMoreThanTheLimitAndStartsTheQueuedInOrder() {
    List<CompletionStage<ProcessResult>> results = new ArrayList<>();
    for (String id : List.of("a", "b", "c", "d")) results.add(bounded.run(invocation(id)));

    assertThat(delegate.started).containsExactly("a", "b"); // free slots are taken at once
    assertThat(bounded.availableSlots()).isZero();

    delegate.finish("a");
    await().atMost(Duration.ofSeconds(10)).until(() -> delegate.started.size() == 3);
    assertThat(delegate.started).containsExactly("a", "b", "c");

    delegate.finish("b");
    delegate.finish("c");
    await().atMost(Duration.ofSeconds(10)).until(() -> delegate.started.size() == 4);
    assertThat(delegate.started).containsExactly("a", "b", "c", "d");
    delegate.finish("d");

    await().atMost(Duration.ofSeconds(10)).until(() -> bounded.availableSlots() == 2);
    assertThat(results)
        .allSatisfy(r -> assertThat(r.toCompletableFuture().join().exitCode()).isZero());
  }

  @Test
  void manyQueuedHooksStartExactlyInTheOrderTheyAskedAndNoThreadWaitsForThem() {
    List<String> ids = new ArrayList<>();
    for (int i = 0; i < 200; i++) ids.add("h" + i);
    int threads = Thread.activeCount();
    ids.forEach(id -> bounded.run(invocation(id)));
    assertThat(bounded.queuedHooks()).isEqualTo(198);
    assertThat(Thread.activeCount()).as("threads").isLessThanOrEqualTo(threads + 1);
    for (int i = 0; i < ids.size(); i++) delegate.finish(ids.get(i));
    assertThat(delegate.started).containsExactlyElementsOf(ids);
    assertThat(bounded.availableSlots()).isEqualTo(2);
  }

  @Test
  void aHookArrivingWhileOthersQueueWaitsBehindThemEvenIfASlotJustFreed() {
    bounded.run(invocation("a"));
    bounded.run(invocation("b"));
    bounded.run(invocation("c")); // queued
    await().atMost(Duration.ofSeconds(10)).until(() -> hasQueuedThreads());

    delegate.finish("a");
    bounded.run(invocation("d"));

    await().atMost(Duration.ofSeconds(10)).until(() -> delegate.started.contains("c"));
    assertThat(delegate.started).startsWith("a", "b", "c");
  }

  @Test
  void noHookStartsBeforeAdmissionOpensThenTheyStartInOrder() {
    CompletableFuture<Void> listening = new CompletableFuture<>();
    bounded.admitOnce(listening);
    var a = bounded.run(invocation("a"));
    bounded.run(invocation("b"));
    assertThat(delegate.started).isEmpty();

    listening.complete(null);
    await().atMost(Duration.ofSeconds(10)).until(() -> delegate.started.size() == 2);
    assertThat(delegate.started).containsExactly("a", "b");
    delegate.finish("a");
    assertThat(a.toCompletableFuture().join().exitCode()).isZero();
  }

  @Test
  void whenAdmissionNeverOpensTheRunsFailWithItsReason() {
    CompletableFuture<Void> listening = new CompletableFuture<>();
    bounded.admitOnce(listening);
    var a = bounded.run(invocation("a"));
    listening.completeExceptionally(new IllegalStateException("port in use"));
    assertThatThrownBy(() -> a.toCompletableFuture().join()).hasRootCauseMessage("port in use");
    assertThat(delegate.started).isEmpty();
    assertThat(bounded.availableSlots()).isEqualTo(2);
  }

  @Test
  void aRunThatCannotStartGivesItsSlotBack() {
    assertThatThrownBy(() -> bounded.run(invocation("broken-1")).toCompletableFuture().join())
        .hasRootCauseMessage("cannot run");
    assertThat(bounded.availableSlots()).isEqualTo(2);
  }

  @Test
  void aLimitBelowOneIsRefused() {
    assertThatThrownBy(() -> new BoundedHookExecutor(delegate, 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("max concurrent hooks must be >= 1, got 0");
  }

  private boolean hasQueuedThreads() {
    return bounded.queuedHooks() > 0;
  }

  private static HookInvocation invocation(String contextId) {
    return new HookInvocation(
        UnitId.of("hello", 0),
        Path.of("/tmp/unit"),
        Path.of("/tmp/charm"),
        List.of("true"),
        Map.of(),
        Duration.ofSeconds(10),
        contextId,
        1024);
  }
}
