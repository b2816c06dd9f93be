package io.caasoperator.it;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The commands of a Markdown page that {@link DocCommandsIT} runs: only fenced blocks marked with
 * an HTML comment right before them, so prose examples are never run by accident.
 *
 * <ul>
 *   <li>{@code <!-- doc-test -->}: the block runs to its end with {@code bash -e -o pipefail} and
 *       exits 0;
 *   <li>{@code <!-- doc-test: exit N -->}: the block exits N (a command shown failing on purpose);
 *   <li>{@code <!-- doc-test: background; ready when: COMMAND -->}: the block starts a long-running
 *       operator (as a reader runs it in a terminal of its own); the next step waits until COMMAND
 *       succeeds;
 *   <li>{@code <!-- doc-test: stop -->} (no block): the operators started so far are stopped, as
 *       the reader stops them with Ctrl-C.
 * </ul>
 */
sealed interface DocStep {

  /** A block that runs to its end and exits with {@code exit}. */
  record Run(String commands, int exit, int line) implements DocStep {}

  /** A block that keeps running until stopped; ready once {@code readyWhen} exits 0. */
  record Background(String commands, String readyWhen, int line) implements DocStep {}

  /** Stop every background block started so far. */
  record Stop(int line) implements DocStep {}

  Pattern MARKER = Pattern.compile("^<!-- doc-test(?::\\s*(.*?))?\\s*-->$");

  /** The marked steps of {@code markdown}, in page order. */
  static List<DocStep> parse(String markdown) {
    String[] lines = markdown.split("\n", -1);
    List<DocStep> steps = new ArrayList<>();
    for (int i = 0; i < lines.length; i++) {
      Matcher marker = MARKER.matcher(lines[i].strip());
      if (!marker.matches()) continue;
      String options = Optional.ofNullable(marker.group(1)).orElse("");
      int line = i + 1;
      if (options.equals("stop")) {
        steps.add(new Stop(line));
        continue;
      }
      int fence = i + 1;
      while (fence < lines.length && lines[fence].isBlank()) fence++;
      if (fence >= lines.length || !lines[fence].startsWith("```")) {
        throw new IllegalArgumentException(
            "line " + line + ": a doc-test marker must come right before a fenced block");
      }
      StringBuilder block = new StringBuilder();
      int end = fence + 1;
      while (end < lines.length && !lines[end].startsWith("```")) {
        block.append(lines[end]).append('\n');
        end++;
      }
      Optional<String> readyWhen = option(options, "ready when:");
      if (options.startsWith("background")) {
        steps.add(
            new Background(
                block.toString(),
                readyWhen.orElseThrow(
                    () ->
                        new IllegalArgumentException(
                            "line " + line + ": a background block needs 'ready when: COMMAND'")),
                line));
      } else {
        OptionalInt exit =
            option(options, "exit")
                .map(n -> OptionalInt.of(Integer.parseInt(n)))
                .orElse(OptionalInt.empty());
        steps.add(new Run(block.toString(), exit.orElse(0), line));
      }
      i = end;
    }
    return steps;
  }

  /** {@code name VALUE} among the {@code ;}-separated options. */
  private static Optional<String> option(String options, String name) {
    for (String option : options.split(";")) {
      String o = option.strip();
      if (o.startsWith(name + " ") || o.startsWith(name)) {
        String value = o.substring(name.length()).strip();
        if (!value.isEmpty()) return Optional.of(value);
      }
    }
    return Optional.empty();
  }
}
