package io.caasoperator.pebble.plan;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a command line into words as Pebble does (canonical/x-go {@code strutil/shlex}, POSIX
 * rules): blanks separate words, single quotes keep everything literally, double quotes keep
 * everything but {@code \"}, {@code \\}, {@code \$} and {@code \`} escapes, a backslash outside
 * quotes escapes the next character, and a {@code #} at the start of a word starts a comment.
 */
public final class Shlex {
  private Shlex() {}

  /**
   * @throws IllegalArgumentException on an unclosed quote or a trailing escape
   */
  public static List<String> split(String line) {
    List<String> words = new ArrayList<>();
    StringBuilder word = new StringBuilder();
    boolean inWord = false;
    int i = 0;
    int n = line.length();
    while (i < n) {
      char c = line.charAt(i);
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
        if (inWord) {
          words.add(word.toString());
          word.setLength(0);
          inWord = false;
        }
        i++;
      } else if (c == '#' && !inWord) {
        while (i < n && line.charAt(i) != '\n') {
          i++;
        }
      } else if (c == '\'') {
        int end = line.indexOf('\'', i + 1);
        if (end < 0) {
          throw new IllegalArgumentException("EOF found when expecting closing quote");
        }
        word.append(line, i + 1, end);
        inWord = true;
        i = end + 1;
      } else if (c == '"') {
        i++;
        boolean closed = false;
        while (i < n) {
          char d = line.charAt(i);
          if (d == '"') {
            closed = true;
            i++;
            break;
          }
          if (d == '\\' && i + 1 < n && "\"\\$`\n".indexOf(line.charAt(i + 1)) >= 0) {
            word.append(line.charAt(i + 1));
            i += 2;
            continue;
          }
          word.append(d);
          i++;
        }
        if (!closed) {
          throw new IllegalArgumentException("EOF found when expecting closing quote");
        }
        inWord = true;
      } else if (c == '\\') {
        if (i + 1 >= n) {
          throw new IllegalArgumentException("EOF found after escape character");
        }
        word.append(line.charAt(i + 1));
        inWord = true;
        i += 2;
      } else {
        word.append(c);
        inWord = true;
        i++;
      }
    }
    if (inWord) {
      words.add(word.toString());
    }
    return List.copyOf(words);
  }
}
