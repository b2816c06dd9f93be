package io.caasoperator.substrate.local.workload;

import io.caasoperator.pebble.Pebble;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Every Pebble open now, so that none outlives its actor or the operator: closing a Pebble stops
 * its services (SIGTERM, kill-delay, SIGKILL to each process group), which takes seconds and so is
 * never done on an actor's thread. An actor stopping hands its Pebble over here to be closed on a
 * virtual thread; the operator's shutdown waits for all of them ({@link #closeAll}). A Pebble
 * registered for an actor that has stopped already (it was still starting) is closed at once.
 */
public final class OpenPebbles {
  private static final Logger log = LoggerFactory.getLogger(OpenPebbles.class);

  /** By actor incarnation: a unit revived under the same name is a new key. */
  private final Map<String, Pebble> open = new ConcurrentHashMap<>();

  private final Map<String, CompletableFuture<Void>> closing = new ConcurrentHashMap<>();
  private final java.util.Set<String> stopped = ConcurrentHashMap.newKeySet();
  private volatile boolean shutDown;

  /**
   * Holds {@code pebble} for {@code key}; false (and closed now) when its actor stopped meanwhile.
   */
  public boolean register(String key, Pebble pebble) {
    open.put(key, pebble);
    if (shutDown || stopped.contains(key)) {
      close(key);
      return false;
    }
    return true;
  }

  /**
   * Closes the Pebble of {@code key} on a virtual thread, once; later registrations close at once.
   */
  public CompletableFuture<Void> close(String key) {
    stopped.add(key);
    Pebble pebble = open.remove(key);
    if (pebble == null) return CompletableFuture.completedFuture(null);
    CompletableFuture<Void> done = new CompletableFuture<>();
    closing.put(key, done);
    Thread.ofVirtual()
        .name("pebble-close-" + key)
        .start(
            () -> {
              try {
                pebble.close();
              } catch (RuntimeException e) {
                log.warn("closing the Pebble of {}: {}", key, e.toString());
              } finally {
                closing.remove(key);
                done.complete(null);
              }
            });
    return done;
  }

  /** Closes every Pebble of {@code unit} ({@code <app>/<n>}); completes once all are closed. */
  public CompletableFuture<Void> closeUnit(String unit) {
    List<CompletableFuture<Void>> all = new ArrayList<>();
    for (String key : List.copyOf(open.keySet())) {
      if (key.startsWith(unit + "/")) all.add(close(key));
    }
    closing.forEach(
        (key, done) -> {
          if (key.startsWith(unit + "/")) all.add(done);
        });
    return CompletableFuture.allOf(all.toArray(CompletableFuture[]::new));
  }

  /** Shutdown: closes every Pebble (their services stopped) and waits until all are closed. */
  public void closeAll() {
    shutDown = true;
    List<CompletableFuture<Void>> all = new ArrayList<>(closing.values());
    for (String key : List.copyOf(open.keySet())) all.add(close(key));
    CompletableFuture.allOf(all.toArray(CompletableFuture[]::new)).join();
  }
}
