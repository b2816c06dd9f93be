package io.caasoperator.substrate.local;

/**
 * What one look at the specification file found: nothing, something that cannot be a specification,
 * or content to parse.
 *
 * <p>Two strings describe a look for the {@link QuietPeriod}: {@link #identity()} is what acting on
 * it depends on (the content, not when it was written), {@link #stamp()} is everything a writer
 * still at work would change (size, modification time, file, content). A look is acted on once its
 * stamp has held still for the quiet period, and only if its identity differs from what was acted
 * on last.
 */
sealed interface SpecFileRead {

  String identity();

  String stamp();

  /** No file at the path (or a link to nothing). */
  record Missing() implements SpecFileRead {
    @Override
    public String identity() {
      return "missing";
    }

    @Override
    public String stamp() {
      return identity();
    }
  }

  /**
   * A file that is not read as a specification: not a regular file, too large, or unreadable.
   * {@code problem} is the sentence for the user, naming the file; {@code stamp} changes when the
   * file does.
   */
  record Refused(String problem, String stamp) implements SpecFileRead {
    @Override
    public String identity() {
      return "refused:" + problem;
    }
  }

  /**
   * The file's bytes, at most {@link SpecFile#MAX_BYTES}, and what identifies this version of it.
   */
  record Content(byte[] bytes, String sha256, String stamp) implements SpecFileRead {
    @Override
    public String identity() {
      return "content:" + sha256;
    }
  }
}
