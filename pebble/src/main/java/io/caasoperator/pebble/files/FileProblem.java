package io.caasoperator.pebble.files;

/** Carries a {@link FileError} out of a file operation. */
public final class FileProblem extends Exception {
  private static final long serialVersionUID = 1L;
  private final transient FileError error;

  public FileProblem(FileError error) {
    super(error.message());
    this.error = error;
  }

  public FileError error() {
    return error;
  }
}
