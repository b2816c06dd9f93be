package io.caasoperator.hooktool;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The flags one tool accepts, and the parser for its command line, following Juju's gnuflag rules
 * so the same invocations work: {@code --name value} and {@code --name=value}, {@code -n value},
 * booleans as {@code --flag} or {@code --flag=false} (Go's spellings, which the ops framework
 * relies on: {@code --application=False}), flags anywhere among the arguments, {@code --} ending
 * the flags, a lone {@code -} being an argument.
 *
 * @param flags every accepted spelling (without dashes) to its flag
 */
public record ToolFlags(Map<String, Flag> flags) {

  /**
   * @param name canonical name, the key in {@link Parsed#values()}
   * @param takesValue false for a boolean flag
   */
  record Flag(String name, boolean takesValue) {}

  /** The parsed command line: flag values by canonical name, then the positional arguments. */
  public record Parsed(Map<String, String> values, List<String> positionals) {

    public boolean isSet(String flag) {
      String value = values.get(flag);
      return value != null && value.equals("true");
    }

    public String value(String flag, String otherwise) {
      return values.getOrDefault(flag, otherwise);
    }
  }

  public ToolFlags {
    flags = Map.copyOf(flags);
  }

  public static ToolFlags none() {
    return new ToolFlags(Map.of()).withHelp();
  }

  /** Adds a boolean flag under each of {@code spellings}; the first is its canonical name. */
  public ToolFlags bool(String... spellings) {
    return with(false, spellings);
  }

  /** Adds a flag taking a value under each of {@code spellings}. */
  public ToolFlags value(String... spellings) {
    return with(true, spellings);
  }

  /** {@code --format} plus Juju's {@code -o/--output} (refused later, see HookTools). */
  public ToolFlags output() {
    return value("format").value("output", "o");
  }

  private ToolFlags withHelp() {
    return bool("help", "h");
  }

  private ToolFlags with(boolean takesValue, String... spellings) {
    Map<String, Flag> more = new LinkedHashMap<>(flags);
    Flag flag = new Flag(spellings[0], takesValue);
    for (String spelling : spellings) {
      more.put(spelling, flag);
    }
    return new ToolFlags(more);
  }

  public Parsed parse(List<String> args) {
    Map<String, String> values = new LinkedHashMap<>();
    List<String> positionals = new ArrayList<>();
    for (int i = 0; i < args.size(); i++) {
      String arg = args.get(i);
      if (arg.equals("--")) {
        positionals.addAll(args.subList(i + 1, args.size()));
        break;
      }
      if (!arg.startsWith("-") || arg.equals("-")) {
        positionals.add(arg);
        continue;
      }
      boolean longForm = arg.startsWith("--");
      String body = arg.substring(longForm ? 2 : 1);
      int eq = body.indexOf('=');
      String name = eq < 0 ? body : body.substring(0, eq);
      String dashes = longForm || name.length() > 1 ? "--" : "-";
      if (!longForm && eq < 0 && name.length() > 1) {
        // gnuflag reads -abc as -a -b -c, all booleans.
        for (char c : name.toCharArray()) {
          Flag flag = lookup(String.valueOf(c), "-");
          if (flag.takesValue()) {
            throw ToolFailure.usage("flag needs an argument: -" + c);
          }
          values.put(flag.name(), "true");
        }
        continue;
      }
      Flag flag = lookup(name, dashes);
      if (!flag.takesValue()) {
        values.put(flag.name(), eq < 0 ? "true" : goBool(body.substring(eq + 1), dashes + name));
      } else if (eq >= 0) {
        values.put(flag.name(), body.substring(eq + 1));
      } else if (i + 1 < args.size()) {
        values.put(flag.name(), args.get(++i));
      } else {
        throw ToolFailure.usage("flag needs an argument: " + dashes + name);
      }
    }
    return new Parsed(values, positionals);
  }

  private Flag lookup(String name, String dashes) {
    Flag flag = flags.get(name);
    if (flag == null) {
      throw ToolFailure.usage("flag provided but not defined: " + dashes + name);
    }
    return flag;
  }

  private static final Set<String> TRUE =
      new HashSet<>(List.of("1", "t", "T", "TRUE", "true", "True"));
  private static final Set<String> FALSE =
      new HashSet<>(List.of("0", "f", "F", "FALSE", "false", "False"));

  /** Go's strconv.ParseBool, the accepted spellings of a boolean flag's value. */
  private static String goBool(String value, String flag) {
    if (TRUE.contains(value)) {
      return "true";
    }
    if (FALSE.contains(value)) {
      return "false";
    }
    throw ToolFailure.usage("invalid value \"" + value + "\" for flag " + flag + ": parse error");
  }
}
