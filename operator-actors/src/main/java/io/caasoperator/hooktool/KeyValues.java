package io.caasoperator.hooktool;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Juju's keyvalues.Parse for {@code key=value} arguments: empty values allowed, no repeats. */
final class KeyValues {

  private KeyValues() {}

  static Map<String, String> parse(List<String> args) {
    Map<String, String> result = new LinkedHashMap<>();
    for (String arg : args) {
      int eq = arg.indexOf('=');
      if (eq <= 0) {
        throw ToolFailure.usage("expected \"key=value\", got " + ToolCall.quote(arg));
      }
      String key = arg.substring(0, eq);
      if (result.containsKey(key)) {
        throw ToolFailure.usage("key " + ToolCall.quote(key) + " specified more than once");
      }
      result.put(key, arg.substring(eq + 1));
    }
    return result;
  }
}
