package io.caasoperator.it;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The {@code src/charm.py} of a test charm written with ops, laid out as the ops documentation and
 * charmcraft's template lay one out: the shebang, the module's own lines (docstring, imports,
 * {@code import ops} among them, module-level names), one {@code ops.CharmBase} subclass whose
 * {@code __init__} observes the given events, the class's methods, and {@code ops.main(<class>)}
 * under {@code if __name__ == "__main__"}. A test writes only what its charm does; the charm is
 * packed as charmcraft packs any other ({@link VendoredOps#charm}).
 *
 * <pre>{@code
 * CharmPy.charm("GreeterCharm")
 *     .module("import ops\n")
 *     .observe("_on_greet", "greet_action")
 *     .methods("""
 *         def _on_greet(self, event):
 *             event.set_results({"greeting": "hello"})
 *         """)
 *     .text();
 * }</pre>
 */
final class CharmPy {

  /** One handler and the events it observes ({@code self.on.<event>}), in the order given. */
  private record Observation(String handler, List<String> events) {}

  private final String charmClass;
  private String module = "import ops\n";
  private Optional<String> storedDefaults = Optional.empty();
  private final List<Observation> observations = new ArrayList<>();
  private String methods = "";

  private CharmPy(String charmClass) {
    this.charmClass = charmClass;
  }

  /** A charm whose class is {@code charmClass}. */
  static CharmPy charm(String charmClass) {
    return new CharmPy(charmClass);
  }

  /**
   * What stands above the class: docstring, imports (it must import {@code ops}) and module-level
   * names; {@code import ops} alone unless set.
   */
  CharmPy module(String text) {
    this.module = text;
    return this;
  }

  /**
   * The charm keeps {@code _stored = ops.StoredState()}, its defaults set first thing in {@code
   * __init__} ({@code self._stored.set_default(<defaults>)}, e.g. {@code "generation=0"}).
   */
  CharmPy stored(String defaults) {
    this.storedDefaults = Optional.of(defaults);
    return this;
  }

  /**
   * {@code __init__} observes each of {@code events} (ops' names, such as {@code config_changed} or
   * {@code db_relation_joined}) with the method {@code handler}; observations of one event run in
   * the order they are given, as ops runs them.
   */
  CharmPy observe(String handler, String... events) {
    observations.add(new Observation(handler, List.of(events)));
    return this;
  }

  /** The class's methods, written without the class's indentation. */
  CharmPy methods(String text) {
    this.methods = text;
    return this;
  }

  /** The file's text. */
  String text() {
    StringBuilder py = new StringBuilder("#!/usr/bin/env python3\n");
    py.append(module.strip()).append("\n\n\n");
    py.append("class ").append(charmClass).append("(ops.CharmBase):\n");
    List<String> body = new ArrayList<>();
    storedDefaults.ifPresent(d -> body.addAll(List.of("_stored = ops.StoredState()", "")));
    body.add("def __init__(self, framework):");
    body.add("    super().__init__(framework)");
    storedDefaults.ifPresent(d -> body.add("    self._stored.set_default(" + d + ")"));
    for (Observation o : observations) body.addAll(observing(o));
    body.add("");
    body.addAll(methods.strip().lines().toList());
    py.append(indented(body));
    py.append("\n\nif __name__ == \"__main__\":\n    ops.main(").append(charmClass).append(")\n");
    return py.toString();
  }

  /** One event: one {@code observe}; several: a loop over them, as charms write it. */
  private static List<String> observing(Observation o) {
    if (o.events().size() == 1)
      return List.of(
          "    framework.observe(self.on.%s, self.%s)"
              .formatted(o.events().getFirst(), o.handler()));
    String events =
        o.events().stream().map(e -> "self.on." + e).collect(Collectors.joining(", ", "(", ")"));
    return List.of(
        "    for event in %s:".formatted(events),
        "        framework.observe(event, self.%s)".formatted(o.handler()));
  }

  private static String indented(List<String> lines) {
    StringBuilder out = new StringBuilder();
    for (String line : lines) out.append(line.isBlank() ? "" : "    " + line).append('\n');
    return out.toString();
  }
}
