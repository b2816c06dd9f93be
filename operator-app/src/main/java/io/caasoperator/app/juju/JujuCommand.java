package io.caasoperator.app.juju;

import java.util.concurrent.Callable;
import picocli.CommandLine.ParentCommand;

/**
 * A {@code juju} subcommand: what it reaches outside itself comes from the {@link JujuCli} it runs
 * under, so each command says only what it does with it.
 */
abstract class JujuCommand implements Callable<Integer> {

  @ParentCommand JujuCli cli;

  /**
   * Runs the command against {@code context}; returns its exit code. What it throws is the call's
   * error ({@link JujuCli#execute} prints its message).
   */
  abstract int run(JujuContext context) throws Exception;

  @Override
  public final Integer call() throws Exception {
    return run(cli.context());
  }
}
