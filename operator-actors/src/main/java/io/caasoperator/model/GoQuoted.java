package io.caasoperator.model;

import java.util.List;
import java.util.stream.Collectors;

/**
 * Strings quoted as Go's {@code %q} quotes them, so messages read exactly as Juju's: {@code
 * "a:db"}, and a list of strings as {@code ["a:db" "b:db"]}.
 */
final class GoQuoted {
  private GoQuoted() {}

  static String of(String text) {
    StringBuilder quoted = new StringBuilder("\"");
    text.codePoints()
        .forEach(
            c -> {
              switch (c) {
                case '"' -> quoted.append("\\\"");
                case '\\' -> quoted.append("\\\\");
                case '\n' -> quoted.append("\\n");
                case '\t' -> quoted.append("\\t");
                default -> {
                  if (Character.isISOControl(c)) quoted.append(String.format("\\x%02x", c));
                  else quoted.appendCodePoint(c);
                }
              }
            });
    return quoted.append('"').toString();
  }

  static String of(List<String> texts) {
    return texts.stream().map(GoQuoted::of).collect(Collectors.joining(" ", "[", "]"));
  }
}
