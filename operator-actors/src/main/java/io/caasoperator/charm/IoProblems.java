package io.caasoperator.charm;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;

/** Turns I/O exceptions into the short problem texts users see in charm errors. */
public final class IoProblems {
  private IoProblems() {}

  public static String describe(IOException e) {
    if (e instanceof NoSuchFileException f) return f.getFile() + ": no such file or directory";
    if (e instanceof AccessDeniedException f) return f.getFile() + ": permission denied";
    if (e instanceof FileSystemException f && f.getReason() != null) {
      return f.getFile() + ": " + f.getReason();
    }
    String message = e.getMessage();
    return message == null || message.isBlank() ? e.getClass().getSimpleName() : message;
  }
}
