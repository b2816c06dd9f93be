package io.caasoperator.app.juju;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code juju debug-log [-n N] [--limit N] [--replay] [-i U|APP] [-x U|APP] [-l LEVEL] [--no-tail]
 * [--tail]}: the model's hooks and its charms' {@code juju-log} lines in Juju's format ({@link
 * DebugLogLines}), read from the model's operator log. As Juju's (juju/juju {@code
 * cmd/juju/commands/debuglog.go}): the last {@code -n} lines (10), or with {@code --replay} all
 * from the start; {@code --limit N} at most N lines (the last N, or the first N with {@code
 * --replay}), then it ends; it follows the log (until interrupted) with {@code --tail}, and by
 * default when its standard output is a terminal ({@code bin/juju} adds {@code --tail} then, and
 * sends a following call to the JVM path, since a forwarded call answers once it has ended).
 */
@Command(name = "debug-log", description = "Displays log messages for a model.")
final class DebugLogCommand extends ModelCommand {

  /** Juju's {@code defaultLineCount}. */
  private static final int DEFAULT_LINES = 10;

  /** How often a following call looks for new lines. */
  private static final Duration POLL = Duration.ofMillis(250);

  @Option(
      names = {"-i", "--include"},
      paramLabel = "ENTITY")
  List<String> include = new ArrayList<>();

  @Option(
      names = {"-x", "--exclude"},
      paramLabel = "ENTITY")
  List<String> exclude = new ArrayList<>();

  @Option(names = "--include-module", paramLabel = "MODULE")
  List<String> includeModules = new ArrayList<>();

  @Option(names = "--exclude-module", paramLabel = "MODULE")
  List<String> excludeModules = new ArrayList<>();

  @Option(
      names = {"-l", "--level"},
      paramLabel = "LEVEL")
  String level = "";

  @Option(
      names = {"-n", "--lines"},
      paramLabel = "N")
  int lines = DEFAULT_LINES;

  @Option(names = "--limit", paramLabel = "N")
  int limit;

  @Option(names = "--replay")
  boolean replay;

  @Option(names = "--no-tail")
  boolean noTail;

  @Option(names = "--tail")
  boolean tail;

  @Option(names = "--utc")
  boolean utc;

  @Option(names = "--date")
  boolean date;

  @Option(names = "--ms")
  boolean millis;

  @Option(names = "--color")
  boolean color;

  @Override
  int run(JujuContext context) {
    String threshold = level.toUpperCase(Locale.ROOT);
    if (threshold.equals("WARN")) threshold = "WARNING";
    if (!level.isEmpty() && !DebugLogLines.LEVELS.contains(threshold))
      throw JujuFailure.usage(
          "level value \""
              + level
              + "\" is not one of \"TRACE\", \"DEBUG\", \"INFO\", \"WARNING\", \"ERROR\"");
    if (tail && noTail) throw JujuFailure.usage("setting --tail and --no-tail not valid");
    if (lines < 0 || limit < 0) throw JujuFailure.usage("-n and --limit must be >= 0");
    DebugLogLines.Filter filter =
        new DebugLogLines.Filter(threshold, include, exclude, includeModules, excludeModules);
    ZoneId zone = utc ? ZoneOffset.UTC : context.clock().getZone();
    Path log = model.directory(context).log();
    long end;
    List<String> shown;
    try {
      end = Files.exists(log) ? Files.size(log) : 0;
      shown = backlog(log, end, filter, zone);
    } catch (IOException e) {
      throw new JujuFailure("cannot read the model's log " + log + ": " + e.getMessage(), e);
    }
    shown.forEach(context.out()::println);
    context.out().flush();
    if (tail && limit == 0) follow(context, log, end, filter, zone);
    return 0;
  }

  /** The lines there are up to byte {@code end}: the last ones, or from the start. */
  private List<String> backlog(Path log, long end, DebugLogLines.Filter filter, ZoneId zone)
      throws IOException {
    int keep = limit > 0 ? limit : replay ? Integer.MAX_VALUE : lines;
    Deque<String> kept = new ArrayDeque<>();
    if (end == 0 || keep == 0) return List.of();
    try (Stream<String> all = Files.lines(log, StandardCharsets.UTF_8)) {
      for (String line : (Iterable<String>) all::iterator) {
        var record = DebugLogLines.parse(line).filter(filter::shows);
        if (record.isEmpty()) continue;
        kept.addLast(DebugLogLines.format(record.get(), zone, date, millis));
        // --replay --limit N: the first N; otherwise the last N
        if (kept.size() > keep) {
          if (replay) {
            kept.removeLast();
            break;
          }
          kept.removeFirst();
        }
      }
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
    return List.copyOf(kept);
  }

  /**
   * New lines from byte {@code from} on, as the operator writes them, until the process is
   * interrupted (Ctrl-C ends the JVM, as it ends Juju's).
   */
  private void follow(
      JujuContext context, Path log, long from, DebugLogLines.Filter filter, ZoneId zone) {
    long position = from;
    // bytes, split at newlines: a chunk read may end inside a character
    java.io.ByteArrayOutputStream partial = new java.io.ByteArrayOutputStream();
    byte[] buffer = new byte[64 * 1024];
    while (!Thread.currentThread().isInterrupted()) {
      try (RandomAccessFile file = new RandomAccessFile(log.toFile(), "r")) {
        if (file.length() < position) position = 0; // the log was started afresh
        file.seek(position);
        int read;
        while ((read = file.read(buffer)) > 0) {
          position += read;
          for (int i = 0; i < read; i++) {
            if (buffer[i] != '\n') {
              partial.write(buffer[i]);
              continue;
            }
            DebugLogLines.parse(partial.toString(StandardCharsets.UTF_8))
                .filter(filter::shows)
                .ifPresent(r -> context.out().println(DebugLogLines.format(r, zone, date, millis)));
            partial.reset();
          }
        }
      } catch (IOException e) {
        // the model may be being destroyed: its log comes back, or the user stops following
      }
      context.out().flush();
      try {
        Thread.sleep(POLL);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
