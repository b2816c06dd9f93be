package io.caasoperator.substrate.local;

import java.io.IOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tells when the specification file's directory changes (inotify on Linux), so an edit takes effect
 * at once instead of at the next poll. Where the file system gives no events (some network mounts),
 * it does nothing and polling alone carries on.
 */
final class SpecFileEvents implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(SpecFileEvents.class);

  private final WatchService watcher;

  private SpecFileEvents(WatchService watcher) {
    this.watcher = watcher;
  }

  static SpecFileEvents start(Path specFile, Runnable onChange) {
    Path dir = specFile.toAbsolutePath().getParent();
    WatchService watcher = null;
    try {
      watcher = FileSystems.getDefault().newWatchService();
      dir.register(
          watcher,
          StandardWatchEventKinds.ENTRY_CREATE,
          StandardWatchEventKinds.ENTRY_MODIFY,
          StandardWatchEventKinds.ENTRY_DELETE);
    } catch (IOException | RuntimeException e) {
      log.debug("no file events for {} ({}); polling only", dir, e.toString());
      closeQuietly(watcher);
      return new SpecFileEvents(null);
    }
    WatchService events = watcher;
    Thread thread =
        new Thread(
            () -> {
              try {
                while (true) {
                  WatchKey key = events.take();
                  key.pollEvents(); // which entry changed does not matter: the poll compares
                  // content
                  onChange.run();
                  if (!key.reset()) return;
                }
              } catch (InterruptedException | ClosedWatchServiceException e) {
                // closed: the substrate is shutting down
              }
            },
            "spec-file-events");
    thread.setDaemon(true);
    thread.start();
    return new SpecFileEvents(events);
  }

  @Override
  public void close() {
    closeQuietly(watcher);
  }

  private static void closeQuietly(WatchService watcher) {
    if (watcher == null) return;
    try {
      watcher.close();
    } catch (IOException ignored) {
      // nothing more to release
    }
  }
}
