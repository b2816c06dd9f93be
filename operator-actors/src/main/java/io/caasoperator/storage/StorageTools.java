package io.caasoperator.storage;

import io.caasoperator.hooktool.ToolCall;
import io.caasoperator.hooktool.ToolContext;
import io.caasoperator.hooktool.ToolEffect;
import io.caasoperator.hooktool.ToolFailure;
import io.caasoperator.hooktool.ToolOutcome;
import io.caasoperator.persistence.UnitState;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * {@code storage-list}, {@code storage-get} and {@code storage-add}: the unit's storage instances
 * (juju/juju {@code worker/uniter/runner/jujuc/storage-list.go}, {@code storage-get.go}, {@code
 * storage-id.go}, {@code storage-add.go}; the directives as {@code internal/storage}'s {@code
 * ParseConstraintsMap} reads them; Juju 3.6).
 *
 * <p>{@code storage-get}'s {@code -s} defaults to the running storage hook's instance, and its
 * {@code --help} shows that default as Juju's flag help does ({@code -s (= data/0)}): the ops
 * framework finds a storage event's instance by parsing that line.
 *
 * <p>{@code storage-add} is checked at once and recorded by the operator at once: Juju records it
 * when the hook ends (and drops it when the hook fails), and refuses a storage name the charm does
 * not declare only then. The new instances' storage-attached hooks run after the calling hook.
 */
public final class StorageTools {

  /** names.IsValidStorage: a storage name (as charm metadata names it), a slash, a number. */
  private static final Pattern STORAGE_ID =
      Pattern.compile("^[a-z][a-z0-9]*(?:-[a-z0-9]*[a-z][a-z0-9]*)*/(?:0|[1-9][0-9]*)$");

  private static final Pattern POOL = Pattern.compile("^[a-zA-Z]+[-?a-zA-Z0-9]*$");
  private static final Pattern COUNT = Pattern.compile("^-?[0-9]+$");
  private static final Pattern SIZE = Pattern.compile("^-?[0-9]+(?:\\.[0-9]+)?[MGTPEZY](?:i?B)?$");

  private StorageTools() {}

  public static ToolOutcome list(ToolCall call) {
    String name = call.positionals().isEmpty() ? "" : call.positionals().get(0);
    call.noArgumentsFrom(1);
    List<String> ids = new ArrayList<>();
    for (UnitState.StorageInstance instance : new TreeMap<>(call.ctx().storage()).values()) {
      if (name.isEmpty() || instance.name().equals(name)) ids.add(instance.id());
    }
    return ToolOutcome.printed(call.format().write(ids));
  }

  public static ToolOutcome get(ToolCall call) {
    String id = call.args().values().get("s");
    if (id != null) {
      // storageIdValue.Set: checked while the flags are parsed.
      if (!STORAGE_ID.matcher(id).matches()) {
        throw ToolFailure.usage(
            "invalid value "
                + ToolCall.quote(id)
                + " for flag -s: invalid storage ID "
                + ToolCall.quote(id));
      }
      if (!call.ctx().storage().containsKey(id)) {
        throw ToolFailure.usage(
            "invalid value " + ToolCall.quote(id) + " for flag -s: storage not found");
      }
    } else {
      id = call.ctx().hookStorage().orElse(null);
    }
    if (id == null) {
      throw ToolFailure.usage("no storage instance specified");
    }
    String key = call.positionals().isEmpty() ? "" : call.positionals().get(0);
    call.noArgumentsFrom(1);
    UnitState.StorageInstance instance = call.ctx().storage().get(id);
    if (instance == null) {
      // The hook's own instance, detached already.
      throw ToolFailure.failed("storage not found");
    }
    Map<String, Object> values = new TreeMap<>();
    values.put("kind", instance.kind());
    values.put("location", instance.location());
    if (key.isEmpty()) {
      return ToolOutcome.printed(call.format().write(values));
    }
    if (!values.containsKey(key)) {
      throw ToolFailure.failed("invalid storage attribute " + ToolCall.quote(key));
    }
    return ToolOutcome.printed(call.format().write(values.get(key)));
  }

  /**
   * Juju's flag help and details for storage-get, with {@code -s}'s default: the hook's storage.
   */
  public static String getDetails(ToolContext ctx) {
    return "Options:\n"
        + "--format  (= smart)\n"
        + "    Specify output format (json|smart|yaml)\n"
        + "-o, --output (= \"\")\n"
        + "    Specify an output file\n"
        + "-s  (= "
        + ctx.hookStorage().orElse("")
        + ")\n"
        + "    specify a storage instance by id\n"
        + "\n"
        + "Details:\n"
        + "When no <key> is supplied, all keys values are printed.\n"
        + "\n"
        + "storage-get obtains information about storage being attached\n"
        + "to, or detaching from, the unit.\n"
        + "\n"
        + "If the executing hook is a storage hook, information about\n"
        + "the storage related to the hook will be reported; this may\n"
        + "be overridden by specifying the name of the storage as reported\n"
        + "by storage-list, and must be specified for non-storage hooks.\n";
  }

  public static ToolOutcome add(ToolCall call) {
    if (call.positionals().isEmpty()) {
      throw ToolFailure.usage("storage add requires a storage directive");
    }
    Map<String, Integer> counts = new LinkedHashMap<>();
    for (String directive : call.positionals()) {
      String[] parts = directive.split("=", -1);
      String name = parts[0];
      if (parts.length > 2 || name.isEmpty()) {
        throw ToolFailure.usage(
            "expected \"name=constraints\" or \"name\", got " + ToolCall.quote(directive));
      }
      if (counts.containsKey(name)) {
        throw ToolFailure.usage("storage " + ToolCall.quote(name) + " specified more than once");
      }
      int count;
      try {
        count = count(parts.length > 1 ? parts[1] : "1");
      } catch (ToolFailure e) {
        throw ToolFailure.usage(
            "cannot parse constraints for storage " + ToolCall.quote(name) + ": " + e.getMessage());
      } catch (OnlyCount e) {
        throw ToolFailure.usage("only count can be specified for " + ToolCall.quote(name));
      }
      counts.put(name, count);
    }
    List<ToolEffect> effects = new ArrayList<>();
    for (Map.Entry<String, Integer> add : counts.entrySet()) {
      if (!call.ctx().charmStorage().containsKey(add.getKey())) {
        // What Juju's controller answers when the hook's changes are committed.
        throw ToolFailure.failed("charm storage " + ToolCall.quote(add.getKey()) + " not found");
      }
      if (!call.ctx().canAddStorage()) {
        throw ToolFailure.failed(
            "adding storage to a Kubernetes unit is not supported:"
                + " its volumes are the ones its pod's StatefulSet claims");
      }
      effects.add(new ToolEffect.StorageAdded(call.ctx().unit(), add.getKey(), add.getValue()));
    }
    return ToolOutcome.applied(effects);
  }

  /** A pool or size where storage-add takes only a count. */
  private static final class OnlyCount extends RuntimeException {
    OnlyCount() {
      super(null, null, false, false);
    }
  }

  /**
   * internal/storage ParseConstraints: comma-separated pool, count and size; storage-add then takes
   * the count alone (a pool or size is {@link OnlyCount}).
   */
  private static int count(String constraints) {
    String pool = null;
    long count = 0;
    boolean size = false;
    for (String field : constraints.split(",", -1)) {
      if (field.isEmpty()) {
        continue;
      }
      if (POOL.matcher(field).matches()) {
        if (pool != null) {
          throw ToolFailure.usage(
              "pool name is already set to "
                  + ToolCall.quote(pool)
                  + ", new value "
                  + ToolCall.quote(field)
                  + " not valid");
        }
        pool = field;
      } else if (COUNT.matcher(field).matches()) {
        long n;
        try {
          n = field.startsWith("-") ? 0 : Long.parseLong(field);
        } catch (NumberFormatException e) {
          throw ToolFailure.usage(
              "unrecognized storage constraint " + ToolCall.quote(field) + " not valid");
        }
        if (n <= 0) {
          throw ToolFailure.usage(
              "cannot parse count: count must be greater than zero, got " + ToolCall.quote(field));
        }
        count = n;
      } else if (SIZE.matcher(field).matches()) {
        size = true;
      } else {
        throw ToolFailure.usage(
            "unrecognized storage constraint " + ToolCall.quote(field) + " not valid");
      }
    }
    if (count == 0 && !size && pool == null) {
      throw ToolFailure.usage("storage constraints require at least one field to be specified");
    }
    if (pool != null || size) {
      throw new OnlyCount();
    }
    if (count > 1000) {
      throw ToolFailure.usage(
          "cannot parse count: count must be at most 1000, got "
              + ToolCall.quote(Long.toString(count)));
    }
    return (int) count;
  }
}
