package io.caasoperator.app;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Finds a running operator's listener: an explicit URL, else the data directory's listener file. */
final class ListenerAddress {
  static final String DEFAULT = "http://127.0.0.1:30666";

  private ListenerAddress() {}

  static String resolve(String url, Path dataDir) {
    if (url != null) return url.replaceAll("/+$", "");
    if (dataDir == null) return DEFAULT;
    Path file = dataDir.resolve("listener");
    try {
      return Files.readString(file).strip();
    } catch (IOException e) {
      throw new IllegalArgumentException("no operator is running for data dir " + dataDir + ": " + file + " is missing");
    }
  }
}
