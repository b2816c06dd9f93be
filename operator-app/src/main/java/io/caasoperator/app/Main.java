package io.caasoperator.app;

import io.caasoperator.app.logging.LogFormat;
import io.caasoperator.app.logging.LogLevel;
import io.caasoperator.app.logging.LogSetup;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.ScopeType;

/** {@code caas-operator}: operates a charmed application, and talks to a running operator. */
@Command(
    name = "caas-operator",
    mixinStandardHelpOptions = true,
    versionProvider = Main.VersionProvider.class,
    description =
        "Operates a charmed application: runs its charm's hooks for every unit, in order, and keeps"
            + " everything it knows in a journal.",
    subcommands = {
      RunCommand.class,
      ValidateCommand.class,
      StatusCommand.class,
      ResolveCommand.class,
      ExecCommand.class,
      RunActionCommand.class,
      ShowActionCommand.class,
      ListActionsCommand.class,
      ShowSecretCommand.class,
      JournalCommand.class,
      ReplayCommand.class,
      LogsCommand.class,
      ShowRelationCommand.class,
      CompletionCommand.class,
      CommandLine.HelpCommand.class
    })
public final class Main implements Runnable {

  /**
   * Read from the parse result wherever it was given (it is inherited by every command); see {@link
   * #execute}.
   */
  @Option(
      names = "--log-format",
      paramLabel = "LOG-FORMAT",
      scope = ScopeType.INHERIT,
      description =
          "Log records on stderr: ${COMPLETION-CANDIDATES} (default: $CAAS_LOG_FORMAT, else text).")
  LogFormat logFormat;

  @Option(
      names = "--log-level",
      paramLabel = "LEVEL",
      scope = ScopeType.INHERIT,
      description =
          "The operator's own records from this level up: ${COMPLETION-CANDIDATES}"
              + " (default: $CAAS_LOG_LEVEL, else info).")
  LogLevel logLevel;

  public static void main(String[] args) {
    System.exit(commandLine().execute(args));
  }

  static CommandLine commandLine() {
    CommandLine cli = new CommandLine(new Main());
    // CAAS_LOG_LEVEL=DEBUG and --format JSON are meant the same as their lower-case forms
    cli.setCaseInsensitiveEnumValuesAllowed(true);
    cli.setExecutionStrategy(Main::execute);
    cli.setParameterExceptionHandler(Main::usageError);
    cli.setExecutionExceptionHandler(
        (e, command, parsed) -> {
          // what no command turned into a message of its own: a one-line reason, the trace at debug
          org.slf4j.LoggerFactory.getLogger(Main.class)
              .debug("{} failed", command.getCommandName(), e);
          return Cli.fail(command.getCommandName(), Causes.describe(e), own(command).failed());
        });
    everyCommand(cli);
    return cli;
  }

  /**
   * Sets up logging from the flags (wherever on the line) and the environment, then runs the
   * command.
   */
  private static int execute(ParseResult parsed) {
    LogFormat format = null;
    LogLevel level = null;
    for (ParseResult p = parsed; p != null; p = p.subcommand()) {
      if (p.hasMatchedOption("--log-format")) format = p.matchedOptionValue("--log-format", null);
      if (p.hasMatchedOption("--log-level")) level = p.matchedOptionValue("--log-level", null);
    }
    try {
      LogSetup.resolve(format, level, System.getenv())
          .apply(last(parsed).commandSpec().userObject() instanceof StartsActors);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(
          last(parsed).commandSpec().commandLine(), e.getMessage(), e);
    }
    return new CommandLine.RunLast().execute(parsed);
  }

  /**
   * One line naming the problem (and the option meant, when picocli has a guess), then where help
   * is.
   */
  private static int usageError(CommandLine.ParameterException e, String[] args) {
    CommandLine command = e.getCommandLine();
    PrintWriter err = command.getErr();
    err.println(prefix(command) + e.getMessage());
    CommandLine.UnmatchedArgumentException.printSuggestions(e, err);
    err.println("Try '" + command.getCommandSpec().qualifiedName() + " --help' for its options.");
    err.flush();
    return own(command).usage();
  }

  private static String prefix(CommandLine command) {
    return command.getCommandSpec().qualifiedName() + ": ";
  }

  private static ParseResult last(ParseResult parsed) {
    ParseResult p = parsed;
    while (p.subcommand() != null) p = p.subcommand();
    return p;
  }

  /**
   * exec's own failures keep out of its commands' way (1, 2); everyone else's are the usual ones.
   */
  private static ExitCodes.Own own(CommandLine command) {
    return command.getCommand() instanceof ExecCommand
        ? ExitCodes.Own.EXEC
        : ExitCodes.Own.STANDARD;
  }

  /**
   * What every command has, said once here: {@code -h/--help} and {@code -V/--version} (the
   * operator's version whichever command is asked; this command's annotation has them too, for
   * {@link #run}'s usage), and a --help that ends with the exit codes it uses, from {@link
   * ExitCodes}.
   */
  private static void everyCommand(CommandLine cli) {
    cli.getCommandSpec().mixinStandardHelpOptions(true);
    cli.getCommandSpec().versionProvider(new VersionProvider());
    cli.getCommandSpec()
        .usageMessage()
        .exitCodeListHeading("%nExit codes:%n")
        .exitCodeList(
            ExitCodes.listFor(
                cli.getCommand() instanceof ExecCommand, reachesOperator(cli.getCommandSpec())));
    cli.getSubcommands().values().forEach(Main::everyCommand);
  }

  /**
   * Whether the command finds an operator: it has the connection flags, maybe in a mixin's mixin.
   */
  private static boolean reachesOperator(CommandLine.Model.CommandSpec spec) {
    return spec.mixins().values().stream()
        .anyMatch(
            mixin -> mixin.userObject() instanceof OperatorConnection || reachesOperator(mixin));
  }

  @Override
  public void run() {
    new CommandLine(this).usage(System.out);
  }

  static final class VersionProvider implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      return BuildInfo.current().lines();
    }
  }
}
