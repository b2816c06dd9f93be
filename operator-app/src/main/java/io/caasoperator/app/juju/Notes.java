package io.caasoperator.app.juju;

/**
 * One line on standard error for each flag that means something to Juju and nothing here: accepted,
 * so a test written for Juju runs, and said, so nobody believes it did something.
 */
final class Notes {
  private final JujuContext context;

  Notes(JujuContext context) {
    this.context = context;
  }

  /** Notes {@code flag} when it was given ({@code value} not null, or true). */
  void ignored(String flag, Object value, String why) {
    if (value == null || Boolean.FALSE.equals(value)) return;
    if (value instanceof java.util.Collection<?> c && c.isEmpty()) return;
    String shown = value instanceof Boolean ? flag : flag + " " + value;
    context.err().println("note: " + shown + " ignored: " + why);
  }
}
