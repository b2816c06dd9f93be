package io.caasoperator.app.datadir;

import java.net.URI;
import java.nio.file.Path;
import java.util.Optional;

/** Another process holds the data directory's lock; the message names it. */
public final class DataDirInUse extends Exception {

  private final Path dataDir;
  private final Optional<String> holder;

  public DataDirInUse(Path dataDir, Optional<String> holder) {
    this(dataDir, holder, Optional.empty());
  }

  private DataDirInUse(Path dataDir, Optional<String> holder, Optional<URI> listener) {
    super(
        "data dir "
            + dataDir
            + " is in use by "
            + holder.orElse("another process")
            + listener.map(url -> ", listening on " + url).orElse("")
            + "; stop it first, or give another --data-dir");
    this.dataDir = dataDir;
    this.holder = holder;
  }

  /** The same, saying where the holder listens (an operator's listener file). */
  public DataDirInUse listeningOn(Optional<URI> listener) {
    return new DataDirInUse(dataDir, holder, listener);
  }

  public Path dataDir() {
    return dataDir;
  }
}
