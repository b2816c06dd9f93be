package io.caasoperator.app;

import com.typesafe.config.ConfigFactory;
import io.caasoperator.substrate.local.InvalidSpecException;
import io.caasoperator.substrate.local.SpecFile;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import sun.misc.Signal;

/** {@code caas-operator run}: operate the application in the foreground until stopped. */
@Command(
    name = "run",
    mixinStandardHelpOptions = true,
    description = {
      "Operate the application described by a specification file on this machine.",
      "Stops cleanly on Ctrl-C or SIGTERM (running hooks may finish) and when the specification file is removed"
          + " (exit code 0; journal, charms and unit data are kept). Invalid settings: exit code 2."
    })
final class RunCommand implements Callable<Integer> {

  @Option(names = "--spec", paramLabel = "FILE", description = "The application specification (YAML); watched for changes.")
  Path spec;

  @Option(names = "--data-dir", paramLabel = "DIR",
      description = "Journal, charms and unit directories (default: $XDG_STATE_HOME or ~/.local/state, /caas-operator/<app>).")
  Path dataDir;

  @Option(names = "--listen", paramLabel = "HOST:PORT", description = "HTTP listener address (default: 127.0.0.1:30666; port 0 picks a free one).")
  String listen;

  @Option(names = "--insecure-http", description = "Serve plain HTTP instead of HTTPS (loopback listen addresses only).")
  boolean insecureHttp;

  @Option(names = "--tls-cert", paramLabel = "FILE", description = "PEM certificate for the listener (default: generated into <data-dir>/tls/).")
  Path tlsCertificate;

  @Option(names = "--tls-key", paramLabel = "FILE", description = "PEM private key of --tls-cert.")
  Path tlsKey;

  @Option(names = "--journal", paramLabel = "URL", description = "postgresql://user:password@host:5432/db (default: H2 file in the data directory).")
  String journal;

  @Option(names = "--max-concurrent-hooks", paramLabel = "N", description = "Hook processes running at once across units (default: 16; 1 = serial).")
  Integer maxConcurrentHooks;

  @Option(names = "--hook-timeout", paramLabel = "DURATION", description = "Kill a hook running longer than this (default: 30m).")
  String hookTimeout;

  @Option(names = "--model", paramLabel = "NAME", description = "JUJU_MODEL_NAME given to hooks (default: local).")
  String model;

  @Override
  public Integer call() throws Exception {
    OperatorConfig config;
    try {
      config = OperatorConfig.resolve(
          new OperatorConfig.Flags(spec, dataDir, listen, insecureHttp, tlsCertificate, tlsKey, journal,
              maxConcurrentHooks, hookTimeout, model),
          ConfigFactory.load(), System.getenv(), RunCommand::applicationOf);
    } catch (InvalidConfiguration e) {
      System.err.println("caas-operator: " + e.getMessage());
      return 2;
    }
    OperatorRuntime runtime = new OperatorRuntime(config);
    // Handle the signals ourselves so that a requested stop exits 0 after a clean shutdown.
    Signal.handle(new Signal("TERM"), s -> runtime.stop(OperatorRuntime.StopReason.SIGNAL, "SIGTERM"));
    Signal.handle(new Signal("INT"), s -> runtime.stop(OperatorRuntime.StopReason.SIGNAL, "interrupted"));
    try {
      runtime.start();
    } catch (Exception e) {
      LoggerFactory.getLogger(RunCommand.class).error("start-up failed: {}", e.getMessage(), e);
      runtime.stop(OperatorRuntime.StopReason.FAILURE, "start-up failed");
      return 1;
    }
    return runtime.awaitTermination();
  }

  /** The application a specification file names; its problems become configuration problems. */
  private static String applicationOf(Path file) {
    try {
      return SpecFile.read(file).specification().application().value();
    } catch (InvalidSpecException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
  }
}
