package io.caasoperator.app;

import com.fasterxml.jackson.databind.JsonNode;
import io.caasoperator.domain.UnitId;
import io.caasoperator.persistence.JournalSerializer;
import io.caasoperator.persistence.timeline.JournalFilter;
import io.caasoperator.persistence.timeline.PointInTime;
import io.caasoperator.persistence.timeline.RelationMentions;
import java.time.Clock;
import java.time.Instant;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code caas-operator journal}: the application's events, one a line, in global order; from a
 * running operator ({@code --url}) or offline from a journal. {@code journal export} and {@code
 * journal import} move a journal.
 */
@Command(
    name = "journal",
    description =
        "Show the application's events in the order they were persisted (offset, time, entity,"
            + " sequence number, type, fields).",
    subcommands = {JournalExportCommand.class, JournalImportCommand.class})
final class JournalCommand implements Callable<Integer>, StartsActors {

  @Mixin OperatorConnection connection;

  @Mixin JournalOptions journal;

  @Option(names = "--unit", paramLabel = "APP/N", description = "Only this unit's events.")
  String unit;

  @Option(
      names = "--type",
      paramLabel = "TYPES",
      description = "Only these event types, e.g. HookFailed,HookStarted.")
  String types;

  @Option(
      names = "--relation",
      paramLabel = "ID",
      description = "Only events that name this relation: its id, e.g. 1 or kv:1.")
  String relation;

  @Option(
      names = "--since",
      paramLabel = "TIME",
      description =
          "Events at or after TIME: 2026-11-22T10:15:30Z, 2026-11-22T10:15 (UTC) or 15m (ago).")
  String since;

  @Option(
      names = "--until",
      paramLabel = "TIME",
      description = "Events at or before TIME (same forms as --since).")
  String until;

  @Option(
      names = {"-f", "--follow"},
      description = "Keep printing new events as they are persisted (Ctrl-C to stop).")
  boolean follow;

  @Option(
      names = "--format",
      defaultValue = "text",
      paramLabel = "FORMAT",
      description =
          "${COMPLETION-CANDIDATES} (json: one JSON object a line; default: ${DEFAULT-VALUE}).")
  LineFormat format;

  @Override
  public Integer call() {
    JournalFilter filter;
    try {
      Clock clock = Clock.systemUTC();
      filter =
          new JournalFilter(
              unit == null ? null : UnitId.parse(unit),
              JournalFilter.parseTypes(types),
              time(since, clock),
              time(until, clock),
              relation == null ? null : relationId(relation));
      Set<String> unknown = filter.unknownTypes(new JournalSerializer().types().keySet());
      if (!unknown.isEmpty())
        throw new IllegalArgumentException(
            "unknown event type(s) " + unknown + ", e.g. HookFailed");
    } catch (IllegalArgumentException e) {
      return Cli.fail("journal", e.getMessage(), ExitCodes.USAGE);
    }
    Consumer<JsonNode> print =
        format == LineFormat.json
            ? entry -> System.out.println(entry.toString())
            : entry -> System.out.println(TimelineText.line(entry));
    return JournalCommand.withJournal(
        "journal",
        connection,
        journal,
        access -> {
          // the wait for a long journal's first line, erased as soon as events are printed
          Progress progress =
              follow
                  ? Progress.none()
                  : Progress.onStderr("reading the journal", Progress.Unit.EVENTS);
          access.entries(
              filter,
              follow,
              progress,
              entry -> {
                progress.close();
                print.accept(entry);
                // Followers read line by line (a pipe to grep): push each event out as it comes.
                if (follow) System.out.flush();
              });
          progress.close();
          return ExitCodes.OK;
        });
  }

  private static Long relationId(String text) {
    return RelationMentions.parse(text)
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "--relation " + text + " is not a relation id: N or endpoint:N, e.g. kv:1"));
  }

  private static Instant time(String text, Clock clock) {
    return text == null ? null : PointInTime.parse(text, clock);
  }

  interface JournalWork {
    int run(JournalAccess access) throws Exception;
  }

  /** Opens the journal, runs {@code work}, and turns failures into a message and an exit code. */
  static int withJournal(
      String command, OperatorConnection connection, JournalOptions journal, JournalWork work) {
    JournalAccess access;
    try {
      access = JournalAccess.open(connection, journal.settings(System.getenv()).orElse(null));
    } catch (OperatorUnreachable e) {
      return Cli.fail(command, e.getMessage(), e.exitCode(ExitCodes.Own.STANDARD));
    } catch (RuntimeException e) {
      return Cli.fail(command, e.getMessage(), ExitCodes.USAGE);
    }
    try (access) {
      return work.run(access);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      return Cli.fail(
          command,
          "the operator's answer is not the JSON expected: " + e.getOriginalMessage(),
          ExitCodes.FAILED);
    } catch (java.io.IOException e) {
      if (!(access instanceof JournalAccess.Remote remote))
        return Cli.fail(command, rootMessage(e), ExitCodes.FAILED);
      OperatorUnreachable why =
          OperatorUnreachable.of(
              e,
              remote.target().url(),
              remote.target().dataDir(),
              remote.target().caFile().isPresent());
      return Cli.fail(command, why.getMessage(), why.exitCode(ExitCodes.Own.STANDARD));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return ExitCodes.INTERRUPTED;
    } catch (Exception e) {
      return Cli.fail(command, rootMessage(e), ExitCodes.FAILED);
    }
  }

  static String rootMessage(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null && t.getCause() != t) t = t.getCause();
    return t == e || t.getMessage() == null
        ? String.valueOf(e.getMessage())
        : e.getMessage() + " (" + t.getMessage() + ")";
  }
}
