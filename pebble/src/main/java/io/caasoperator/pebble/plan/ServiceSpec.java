package io.caasoperator.pebble.plan;

import java.util.ArrayList;
import java.util.List;

/**
 * One service of a layer or of the combined plan (plan.go {@code Service}). Strings are "" when
 * unset, as in Pebble, so that {@link #merge} replaces exactly the fields a layer sets.
 */
public record ServiceSpec(
    String name,
    String summary,
    String description,
    Startup startup,
    Override override,
    String command,
    Ordering ordering,
    RunContext context,
    RestartPolicy policy)
    implements LayerEntry<ServiceSpec> {

  /** Pebble's {@code Service.Merge}: set fields replace, lists append, maps merge key by key. */
  public ServiceSpec merge(ServiceSpec over) {
    return new ServiceSpec(
        name,
        over.summary.isEmpty() ? summary : over.summary,
        over.description.isEmpty() ? description : over.description,
        over.startup == Startup.UNSET ? startup : over.startup,
        override, // Service.Merge keeps the override of the entry merged into
        over.command.isEmpty() ? command : over.command,
        ordering.merge(over.ordering),
        context.merge(over.context),
        policy.merge(over.policy));
  }

  /**
   * The command with its {@code [ default args ]} group removed and flattened: what is executed.
   */
  public List<String> argv() {
    ParsedCommand parsed = ParsedCommand.parse(command);
    List<String> out = new ArrayList<>(parsed.base());
    out.addAll(parsed.extra());
    return out;
  }

  /**
   * A command with Pebble's optional default-arguments group: {@code cmd arg [ default args ]}.
   *
   * @param base the words before the group
   * @param extra the words inside {@code [ ... ]}
   */
  public record ParsedCommand(List<String> base, List<String> extra) {
    public ParsedCommand {
      base = List.copyOf(base);
      extra = List.copyOf(extra);
    }

    /**
     * plan.go {@code ParseCommand}.
     *
     * @throws IllegalArgumentException for a bad quote or a misplaced bracket
     */
    public static ParsedCommand parse(String command) {
      List<String> base = new ArrayList<>();
      List<String> extra = new ArrayList<>();
      boolean inBrackets = false;
      boolean gotBrackets = false;
      List<String> args = Shlex.split(command);
      for (int i = 0; i < args.size(); i++) {
        String arg = args.get(i);
        if (inBrackets) {
          if (arg.equals("[")) {
            throw new IllegalArgumentException("cannot nest [ ... ] groups");
          }
          if (arg.equals("]")) {
            inBrackets = false;
            continue;
          }
          extra.add(arg);
          continue;
        }
        if (gotBrackets) {
          throw new IllegalArgumentException("cannot have any arguments after [ ... ] group");
        }
        if (arg.equals("[")) {
          if (i == 0) {
            throw new IllegalArgumentException("cannot start command with [ ... ] group");
          }
          inBrackets = true;
          gotBrackets = true;
          continue;
        }
        if (arg.equals("]")) {
          throw new IllegalArgumentException("cannot have ] outside of [ ... ] group");
        }
        base.add(arg);
      }
      return new ParsedCommand(base, extra);
    }
  }
}
