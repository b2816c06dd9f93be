package io.caasoperator.pebble.files;

/**
 * A file operation's error as Pebble reports it (internals/daemon/api_files.go {@code
 * fileErrorToResult}): kind {@code not-found}, {@code permission-denied} or {@code
 * generic-file-error}, and a Go-style message naming the container path ({@code stat /etc/x: no
 * such file or directory}). ops's {@code Container.exists} and {@code PathError} rely on the kind.
 */
public record FileError(String kind, String message) {
  public static final String NOT_FOUND = "not-found";
  public static final String PERMISSION_DENIED = "permission-denied";
  public static final String GENERIC = "generic-file-error";

  /** The HTTP status a list error answers with ({@code fileErrorToStatus}). */
  public int httpStatus() {
    return switch (kind) {
      case NOT_FOUND -> 404;
      case PERMISSION_DENIED -> 403;
      default -> 400;
    };
  }

  public static FileError generic(String message) {
    return new FileError(GENERIC, message);
  }
}
