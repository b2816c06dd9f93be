package io.caasoperator.app.juju;

import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code juju}: the part of Juju 3.6's command line that charm integration tests use (jubilant,
 * pytest-operator), against models this project operates on this machine. docs/juju.md says what
 * each command does here, and how a call stays as cheap as a process start.
 *
 * <p>Errors are Juju's: {@code ERROR <message>} on standard error, exit code 1; a usage error (an
 * unknown command or flag, a bad value) exit code 2.
 */
@Command(
    name = "juju",
    // the subcommands' option descriptions (JujuHelp.properties), so each annotation is one line
    resourceBundle = "io.caasoperator.app.juju.JujuHelp",
    mixinStandardHelpOptions = true,
    versionProvider = JujuCli.Version.class,
    description =
        "Drives models operated by caas-operator on this machine, as Juju's command line drives a"
            + " controller's.",
    subcommands = {
      AddModelCommand.class,
      DestroyModelCommand.class,
      ModelsCommand.class,
      SwitchCommand.class,
      ShowModelCommand.class,
      DeployCommand.class,
      IntegrateCommand.class,
      RemoveRelationCommand.class,
      RemoveApplicationCommand.class,
      ScaleApplicationCommand.class,
      AddUnitCommand.class,
      RemoveUnitCommand.class,
      ConfigCommand.class,
      TrustCommand.class,
      StatusCommand.class,
      ExecCommand.class,
      RunCommand.class,
      ModelConfigCommand.class,
      VersionCommand.class,
      ShowUnitCommand.class,
      ShowApplicationCommand.class,
      ShowTaskCommand.class,
      OperationsCommand.class,
      DebugLogCommand.class,
      ExposeCommand.class,
      UnexposeCommand.class,
      RefreshCommand.class,
      ShowOperationCommand.class,
      AddSecretCommand.class,
      UpdateSecretCommand.class,
      RemoveSecretCommand.class,
      GrantSecretCommand.class,
      RevokeSecretCommand.class,
      SecretsCommand.class,
      ShowSecretCommand.class,
      SshCommand.class,
      ScpCommand.class,
      CommandLine.HelpCommand.class
    })
public final class JujuCli implements Runnable {

  private final JujuContext context;

  JujuCli(JujuContext context) {
    this.context = context;
  }

  JujuContext context() {
    return context;
  }

  /** Runs one {@code juju} call; returns its exit code. */
  public static int execute(JujuContext context, String... args) {
    CommandLine cli = new CommandLine(new JujuCli(context));
    cli.setOut(context.out());
    cli.setErr(context.err());
    cli.setParameterExceptionHandler(JujuCli::usageError);
    // ssh UNIT ls -la: what follows the unit is the remote command, its dashes included, as ssh
    // reads it; scp's options after -- are scp's (-r)
    cli.getSubcommands().get("ssh").setStopAtPositional(true);
    cli.getSubcommands().get("scp").setUnmatchedOptionsArePositionalParams(true);
    cli.setExecutionExceptionHandler(
        (e, command, parsed) -> {
          int code = e instanceof JujuFailure failure ? failure.exitCode() : 1;
          context.err().println("ERROR " + e.getMessage());
          context.err().flush();
          return code;
        });
    try {
      return cli.execute(args);
    } finally {
      context.out().flush();
      context.err().flush();
    }
  }

  /**
   * Juju's words for a command line it cannot parse (juju/cmd and Go's {@code flag} package), exit
   * code 2.
   */
  private static int usageError(CommandLine.ParameterException e, String[] args) {
    CommandLine command = e.getCommandLine();
    String message = e.getMessage();
    if (e instanceof CommandLine.UnmatchedArgumentException unmatched) {
      List<String> arguments = unmatched.getUnmatched();
      String first = arguments.isEmpty() ? "" : arguments.getFirst();
      if (command.getCommand() instanceof JujuCli && !first.startsWith("-")) {
        message =
            "juju: "
                + ModelReference.quoted(first)
                + " is not a juju command. See \"juju --help\".";
      } else if (first.startsWith("-")) {
        message = "option provided but not defined: " + first.replaceFirst("=.*", "");
      } else {
        message =
            "unrecognized args: ["
                + String.join(" ", arguments.stream().map(ModelReference::quoted).toList())
                + "]";
      }
    }
    command.getErr().println("ERROR " + message);
    command.getErr().flush();
    return 2;
  }

  @Override
  public void run() {
    new CommandLine(this).usage(context.out());
  }

  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      return new String[] {VersionCommand.full()};
    }
  }
}
