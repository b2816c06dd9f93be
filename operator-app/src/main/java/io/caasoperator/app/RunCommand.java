package io.caasoperator.app;

import com.typesafe.config.ConfigFactory;
import io.caasoperator.app.datadir.DataDirInUse;
import io.caasoperator.app.datadir.DataDirLock;
import io.caasoperator.app.logging.LogSetup;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import sun.misc.Signal;

/** {@code caas-operator run}: operate the application in the foreground until stopped. */
@Command(
    name = "run",
    description = {
      "Operate the application described by a specification file on this machine,"
          + " a model of several applications described by a Juju bundle (--bundle FILE),"
          + " or an Application resource on Kubernetes (--substrate kubernetes --application NAME).",
      "Stops cleanly on Ctrl-C or SIGTERM (running hooks may finish) and when the specification file is removed"
          + " (exit code 0; journal, charms and unit data are kept). Invalid settings: exit code 2"
          + " (caas-operator validate lists them without starting)."
    })
final class RunCommand implements Callable<Integer>, StartsActors {

  @Mixin RunOptions options;

  /** See {@link RunOptions#configure}. */
  RunOptions.Configured configure(
      com.typesafe.config.Config settings, java.util.Map<String, String> env)
      throws InvalidConfiguration {
    return options.configure(settings, env);
  }

  @Override
  public Integer call() throws Exception {
    RunOptions.Configured configured;
    try {
      configured = configure(ConfigFactory.load(), System.getenv());
    } catch (InvalidConfiguration e) {
      System.err.println("caas-operator: " + e.getMessage());
      return ExitCodes.USAGE;
    }
    OperatorConfig config = configured.config();
    LogSetup.tagApplication(config.application().value());
    // Before anything starts, so that nothing is done; an operator already on the data dir is
    // named by the data dir's lock instead (it holds the port too).
    Optional<String> portTaken =
        DataDirLock.isHeld(config.dataDir())
            ? Optional.empty()
            : PortHolder.inUse(config.listenHost(), config.listenPort());
    if (portTaken.isPresent()) {
      System.err.println("caas-operator: " + portTaken.get());
      return ExitCodes.USAGE;
    }
    OperatorRuntime runtime = new OperatorRuntime(config, configured.choice(), configured.bundle());
    // Handle the signals ourselves so that a requested stop exits 0 after a clean shutdown.
    Signal.handle(
        new Signal("TERM"), s -> runtime.stop(OperatorRuntime.StopReason.SIGNAL, "SIGTERM"));
    Signal.handle(
        new Signal("INT"), s -> runtime.stop(OperatorRuntime.StopReason.SIGNAL, "interrupted"));
    try {
      runtime.start();
    } catch (DataDirInUse e) {
      System.err.println("caas-operator: " + e.getMessage());
      return ExitCodes.USAGE;
    } catch (Exception e) {
      runtime.stop(OperatorRuntime.StopReason.FAILURE, "start-up failed");
      // the shutdown's own lines come before the verdict
      if (runtime.system() != null) runtime.awaitTermination();
      Optional<String> portInUse =
          PortHolder.bindFailure(e, config.listenHost(), config.listenPort());
      if (portInUse.isPresent()) {
        // The user's to fix, like a data dir in use: a sentence, not a stack trace.
        System.err.println("caas-operator: " + portInUse.get());
        return ExitCodes.USAGE;
      }
      Logger log = LoggerFactory.getLogger(RunCommand.class);
      // A failure we did not foresee: its trace matters to whoever fixes it, but only then.
      log.error(
          "start-up failed: {}{}",
          Causes.describe(e),
          log.isDebugEnabled() ? "" : " (--log-level debug shows where)");
      log.debug("start-up failed", e);
      return ExitCodes.FAILED;
    }
    return runtime.awaitTermination();
  }
}
