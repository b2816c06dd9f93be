package io.caasoperator.app.juju;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code juju version [--all] [--format json]}: the Juju version whose behaviour is followed, in
 * Juju's {@code <major>.<minor>.<patch>-<release>-<arch>} form (jubilant's {@code Version} parses
 * it).
 */
@Command(name = "version", description = "Prints the Juju version this command line follows.")
final class VersionCommand extends JujuCommand {

  @Option(names = "--all")
  boolean all;

  @Option(names = "--format", paramLabel = "FORMAT")
  String format = "smart";

  @Override
  int run(JujuContext context) {
    String chosen = Output.format(format, List.of("smart", "json", "yaml"));
    if (chosen.equals("smart") && !all) {
      context.out().println(full());
      return 0;
    }
    ObjectNode root = Output.JSON.createObjectNode();
    root.put("version", full());
    if (all) {
      root.put("git-tree-state", "clean");
      root.put("compiler", "caas-operator");
    }
    context.out().print(Output.render(root, chosen.equals("smart") ? "yaml" : chosen));
    return 0;
  }

  /** {@code 3.6.0-genericlinux-amd64}, the architecture as Go names it. */
  static String full() {
    String arch = System.getProperty("os.arch");
    String goArch =
        switch (arch) {
          case "amd64", "x86_64" -> "amd64";
          case "aarch64", "arm64" -> "arm64";
          default -> arch;
        };
    return JujuDefaults.VERSION + "-genericlinux-" + goArch;
  }
}
