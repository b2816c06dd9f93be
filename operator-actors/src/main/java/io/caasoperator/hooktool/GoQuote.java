package io.caasoperator.hooktool;

/**
 * Go's {@code %q} for the strings Juju's tools show in messages: the tools' own usage errors and
 * the transport's complaints about a malformed call read the same.
 */
public final class GoQuote {
  private GoQuote() {}

  /** {@code value} in double quotes, with backslash, quote, newline and tab escaped. */
  public static String of(String value) {
    return "\""
        + value
            .replace("\\", "\\\\")
            .replace("\"", "\\\"")
            .replace("\n", "\\n")
            .replace("\t", "\\t")
        + "\"";
  }
}
