package io.caasoperator.app;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.caasoperator.domain.UnitId;
import io.caasoperator.persistence.timeline.StateDiff;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.LongConsumer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code caas-operator replay [--at SEQ|TIME] [--unit APP/N] [--diff A B]}: the operator's and its
 * units' state as it was at a point, rebuilt from the events alone with the actors' own event
 * handlers; or what changed between two points.
 */
@Command(name = "replay", mixinStandardHelpOptions = true,
    description = "Rebuild the state at a global offset or a time from the journal and show it (status plus each"
        + " unit's operation state), or --diff two points.")
final class ReplayCommand implements Callable<Integer> {

  @Mixin OperatorConnection connection;

  @Mixin JournalOptions journal;

  @Option(names = "--at", paramLabel = "SEQ|TIME",
      description = "A global offset (as journal shows it) or a time: 2026-11-22T10:15:30Z, 2026-11-22T10:15 (UTC), 15m (ago). Default: the latest.")
  String at;

  @Option(names = "--diff", arity = "2", paramLabel = "POINT", description = "Show what changed from the first point to the second.")
  List<String> diff;

  @Option(names = "--unit", paramLabel = "APP/N", description = "Show only this unit.")
  String unit;

  @Option(names = "--format", defaultValue = "text", description = "text or json (default: ${DEFAULT-VALUE}).")
  String format;

  @Override
  public Integer call() {
    if (!format.equals("text") && !format.equals("json")) {
      return Cli.fail("replay", "--format must be text or json, got \"" + format + "\"", 2);
    }
    if (diff != null && at != null) return Cli.fail("replay", "give --at or --diff, not both", 2);
    UnitId only;
    try {
      only = unit == null ? null : UnitId.parse(unit);
    } catch (IllegalArgumentException e) {
      return Cli.fail("replay", e.getMessage(), 2);
    }
    // A progress line on a terminal only: never in JSON output or a pipe.
    boolean showProgress = System.console() != null && format.equals("text");
    LongConsumer progress = showProgress ? count -> System.err.print("\rreplaying: " + count + " events") : count -> {};
    return JournalCommand.withJournal("replay", connection, journal, access -> {
      if (diff == null) {
        JsonNode state = ReplayText.only(access.state(at, progress), only);
        if (showProgress) System.err.print("\r\033[K");
        System.out.print(format.equals("json") ? state.toPrettyString() + "\n" : ReplayText.render(state));
        return 0;
      }
      JsonNode before = ReplayText.only(access.state(diff.get(0), progress), only);
      JsonNode after = ReplayText.only(access.state(diff.get(1), progress), only);
      if (showProgress) System.err.print("\r\033[K");
      List<StateDiff.Change> changes = StateDiff.between(withoutPosition(before), withoutPosition(after));
      if (format.equals("json")) {
        System.out.println(io.caasoperator.persistence.JournalJson.mapper().writerWithDefaultPrettyPrinter()
            .writeValueAsString(changes));
      } else {
        System.out.println("From offset " + before.path("offset").asLong() + " (" + before.path("time").asText()
            + ") to offset " + after.path("offset").asLong() + " (" + after.path("time").asText() + "): "
            + changes.size() + " change(s)");
        changes.forEach(c -> System.out.println("  " + c));
      }
      return 0;
    });
  }

  private static JsonNode withoutPosition(JsonNode state) {
    ObjectNode copy = state.deepCopy();
    copy.remove(List.of("offset", "time", "events"));
    // The status lists each unit's view, derived from the unit states diffed below: once is enough.
    ((ObjectNode) copy.path("status")).remove("units");
    return copy;
  }
}
