package io.caasoperator.leadership;

import io.caasoperator.hooktool.KeyValues;
import io.caasoperator.hooktool.OutputFormat;
import io.caasoperator.hooktool.ToolCall;
import io.caasoperator.hooktool.ToolEffect;
import io.caasoperator.hooktool.ToolFailure;
import io.caasoperator.hooktool.ToolOutcome;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** {@code is-leader}, {@code leader-get} and {@code leader-set}. */
public final class LeadershipTools {

  private LeadershipTools() {}

  public static ToolOutcome isLeader(ToolCall call) {
    call.noArgumentsFrom(0);
    return ToolOutcome.printed(call.format().write(call.ctx().isLeader()));
  }

  public static ToolOutcome get(ToolCall call) {
    call.noArgumentsFrom(1);
    OutputFormat format = call.format();
    Map<String, String> settings = call.ctx().leaderSettings();
    List<String> args = call.positionals();
    // "-" is Juju's explicit "all keys".
    if (args.isEmpty() || args.get(0).equals("-")) {
      return ToolOutcome.printed(format.write(settings));
    }
    return ToolOutcome.printed(format.write(settings.getOrDefault(args.get(0), "")));
  }

  public static ToolOutcome set(ToolCall call) {
    Map<String, String> changes = KeyValues.parse(call.positionals());
    if (!call.ctx().isLeader()) {
      throw ToolFailure.failed(
          "cannot write leadership settings: cannot write settings: not the leader");
    }
    if (changes.isEmpty()) {
      return ToolOutcome.applied(List.of());
    }
    return ToolOutcome.applied(
        List.of(new ToolEffect.LeaderSettingsSet(new LinkedHashMap<>(changes))));
  }
}
