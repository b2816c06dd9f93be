package io.caasoperator.app;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.caasoperator.domain.UnitId;
import io.caasoperator.persistence.timeline.StateDiff;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code caas-operator replay [--at SEQ|TIME] [--unit APP/N] [--diff A B]}: the operator's and its
 * units' state as it was at a point, rebuilt from the events alone with the actors' own event
 * handlers; or what changed between two points.
 */
@Command(
    name = "replay",
    description =
        "Rebuild the state at a global offset or a time from the journal and show it (status plus each"
            + " unit's operation state), or --diff two points.")
final class ReplayCommand implements Callable<Integer>, StartsActors {

  @Mixin OperatorConnection connection;

  @Mixin JournalOptions journal;

  @Option(
      names = "--at",
      paramLabel = "SEQ|TIME",
      description =
          "A global offset (as journal shows it) or a time: 2026-11-22T10:15:30Z, 2026-11-22T10:15 (UTC), 15m (ago). Default: the latest.")
  String at;

  @Option(
      names = "--diff",
      arity = "2",
      paramLabel = "POINT",
      description = "Show what changed from the first point to the second.")
  List<String> diff;

  @Option(names = "--unit", paramLabel = "APP/N", description = "Show only this unit.")
  String unit;

  @Option(
      names = "--format",
      defaultValue = "text",
      paramLabel = "FORMAT",
      description =
          "${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}); json is GET /v1/journal/state's.")
  OutputFormat format;

  @Override
  public Integer call() {
    if (diff != null && at != null)
      return Cli.fail("replay", "give --at or --diff, not both", ExitCodes.USAGE);
    UnitId only;
    try {
      only = unit == null ? null : UnitId.parse(unit);
    } catch (IllegalArgumentException e) {
      return Cli.fail("replay", e.getMessage(), ExitCodes.USAGE);
    }
    return JournalCommand.withJournal(
        "replay",
        connection,
        journal,
        access -> {
          if (diff == null) {
            JsonNode state;
            try (Progress progress = Progress.onStderr("replaying", Progress.Unit.EVENTS)) {
              state = ReplayText.only(access.state(at, progress), only);
            }
            System.out.print(
                format == OutputFormat.text ? ReplayText.render(state) : format.write(state));
            return ExitCodes.OK;
          }
          JsonNode before;
          JsonNode after;
          try (Progress progress = Progress.onStderr("replaying", Progress.Unit.EVENTS)) {
            before = ReplayText.only(access.state(diff.get(0), progress), only);
          }
          try (Progress progress = Progress.onStderr("replaying", Progress.Unit.EVENTS)) {
            after = ReplayText.only(access.state(diff.get(1), progress), only);
          }
          List<StateDiff.Change> changes =
              StateDiff.between(withoutPosition(before), withoutPosition(after));
          if (format != OutputFormat.text) {
            System.out.print(
                format.write(
                    io.caasoperator.persistence.JournalJson.mapper().valueToTree(changes)));
          } else {
            System.out.println(
                "From offset "
                    + before.path("offset").asLong()
                    + " ("
                    + before.path("time").asText()
                    + ") to offset "
                    + after.path("offset").asLong()
                    + " ("
                    + after.path("time").asText()
                    + "): "
                    + changes.size()
                    + " change(s)");
            changes.forEach(c -> System.out.println("  " + c));
          }
          return ExitCodes.OK;
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
