package io.caasoperator.action;

import io.caasoperator.hook.RunningAction;
import io.caasoperator.hooktool.OutputFormat;
import io.caasoperator.hooktool.ToolCall;
import io.caasoperator.hooktool.ToolEffect;
import io.caasoperator.hooktool.ToolFailure;
import io.caasoperator.hooktool.ToolOutcome;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * {@code action-get}, {@code action-set}, {@code action-log} and {@code action-fail}; each refuses
 * with Juju's "not running an action" outside an action.
 */
public final class ActionTools {

  private static final Pattern KEY = Pattern.compile("^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$");

  /** Keys Juju fills itself with the action's output. */
  private static final Set<String> RESERVED =
      Set.of("stdout", "stdout-encoding", "stderr", "stderr-encoding");

  private static final String NOT_IN_ACTION = "not running an action";
  private static final String DEFAULT_FAILURE =
      "action failed without reason given, check action for errors";

  private ActionTools() {}

  private static RunningAction action(ToolCall call) {
    return call.ctx().action().orElseThrow(() -> ToolFailure.failed(NOT_IN_ACTION));
  }

  public static ToolOutcome get(ToolCall call) {
    call.noArgumentsFrom(1);
    OutputFormat format = call.format();
    Object value = action(call).params();
    if (!call.positionals().isEmpty()) {
      for (String key : call.positionals().get(0).split("\\.", -1)) {
        value = value instanceof Map<?, ?> map ? map.get(key) : null;
      }
    }
    return ToolOutcome.printed(format.write(value));
  }

  public static ToolOutcome set(ToolCall call) {
    Map<String, Object> nested = new LinkedHashMap<>();
    for (String arg : call.positionals()) {
      int eq = arg.indexOf('=');
      if (eq < 0) {
        throw ToolFailure.usage(
            "argument " + ToolCall.quote(arg) + " must be of the form key...=value");
      }
      String[] keys = arg.substring(0, eq).split("\\.", -1);
      for (String key : keys) {
        if (!KEY.matcher(key).matches()) {
          throw ToolFailure.usage(
              "key "
                  + ToolCall.quote(key)
                  + " must start and end with lowercase"
                  + " alphanumeric, and contain only lowercase alphanumeric, hyphens and periods");
        }
      }
      if (RESERVED.contains(keys[0])) {
        throw ToolFailure.usage("cannot set reserved action key " + ToolCall.quote(keys[0]));
      }
      put(nested, keys, arg.substring(eq + 1));
    }
    action(call);
    return ToolOutcome.applied(
        nested.isEmpty() ? List.of() : List.of(new ToolEffect.ActionResultSet(nested)));
  }

  /** Later arguments win, and a value replaced by a map (a=1 a.b=2) becomes that map, as Juju. */
  @SuppressWarnings("unchecked")
  private static void put(Map<String, Object> into, String[] keys, String value) {
    Map<String, Object> level = into;
    for (int i = 0; i < keys.length - 1; i++) {
      Object next = level.get(keys[i]);
      if (!(next instanceof Map<?, ?>)) {
        next = new LinkedHashMap<String, Object>();
        level.put(keys[i], next);
      }
      level = (Map<String, Object>) next;
    }
    level.put(keys[keys.length - 1], value);
  }

  public static ToolOutcome log(ToolCall call) {
    if (call.positionals().isEmpty()) {
      throw ToolFailure.usage("no message specified");
    }
    action(call);
    return ToolOutcome.applied(
        List.of(new ToolEffect.ActionLogged(String.join(" ", call.positionals()))));
  }

  public static ToolOutcome fail(ToolCall call) {
    call.noArgumentsFrom(1);
    String message = call.positionals().isEmpty() ? DEFAULT_FAILURE : call.positionals().get(0);
    action(call);
    return ToolOutcome.applied(List.of(new ToolEffect.ActionFailed(message)));
  }
}
