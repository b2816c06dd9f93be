package io.caasoperator.app;

import java.util.Map;
import picocli.CommandLine;

/**
 * {@code docs/cli-reference.md}, made from the commands' own {@code --help}: every command and
 * flag, in the words the code prints, so the reference cannot say what the code does not.
 */
final class CliReference {
  private CliReference() {}

  /** How to write the file again after a change of the CLI. */
  static final String REGENERATE =
      "mvn -B -pl operator-app -am test -Dtest=CliReferenceTest"
          + " -Dsurefire.failIfNoSpecifiedTests=false -Dcli.reference.write=true";

  static String render() {
    StringBuilder doc = new StringBuilder();
    doc.append("# CLI reference\n\n")
        .append(
            "Every command and flag of `caas-operator`, as its `--help` prints it. This file is\n")
        .append(
            "generated from the code, and a test (`CliReferenceTest`) fails when they differ;\n")
        .append("after changing the CLI, write it again with\n\n")
        .append("```sh\n")
        .append(REGENERATE)
        .append("\n```\n\n")
        .append(
            "What the commands share (exit codes, errors, output for scripts, how a command finds\n")
        .append("its operator) is in [the command line](cli.md).\n");
    CommandLine root = Main.commandLine();
    doc.append("\n## Commands\n\n");
    for (Map.Entry<String, CommandLine> sub : root.getSubcommands().entrySet()) {
      if (sub.getValue().getCommandSpec().usageMessage().hidden() || sub.getKey().equals("help"))
        continue;
      doc.append("- [`")
          .append(sub.getValue().getCommandSpec().qualifiedName())
          .append("`](#")
          .append(sub.getValue().getCommandSpec().qualifiedName().replace(' ', '-'))
          .append(")\n");
    }
    section(doc, root);
    return doc.toString();
  }

  private static void section(StringBuilder doc, CommandLine command) {
    String name = command.getCommandSpec().qualifiedName();
    doc.append("\n## ")
        .append(name)
        .append("\n\n```text\n")
        .append(command.getUsageMessage(CommandLine.Help.Ansi.OFF).stripTrailing())
        .append("\n```\n");
    for (Map.Entry<String, CommandLine> sub : command.getSubcommands().entrySet()) {
      if (sub.getKey().equals("help")) continue;
      section(doc, sub.getValue());
    }
  }
}
