package io.caasoperator.app;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code caas-operator}: operates a charmed application, and talks to a running operator. */
@Command(
    name = "caas-operator",
    mixinStandardHelpOptions = true,
    versionProvider = Main.VersionProvider.class,
    description = "Operates a charmed application: runs its charm's hooks for every unit, in order, and keeps"
        + " everything it knows in a journal.",
    subcommands = {RunCommand.class, StatusCommand.class, ResolveCommand.class, ExecCommand.class, JournalCommand.class,
        ReplayCommand.class, RunActionCommand.class, ShowActionCommand.class, ListActionsCommand.class,
        CommandLine.HelpCommand.class})
public final class Main implements Runnable {

  public static void main(String[] args) {
    System.exit(commandLine().execute(args));
  }

  static CommandLine commandLine() {
    CommandLine cli = new CommandLine(new Main());
    // Bad flags are configuration errors: exit code 2, as for an invalid setting.
    cli.setExitCodeExceptionMapper(e -> 2);
    return cli;
  }

  @Override
  public void run() {
    new CommandLine(this).usage(System.out);
  }

  static final class VersionProvider implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      return new String[] {"caas-operator " + Version.current()};
    }
  }
}
