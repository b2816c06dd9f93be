package io.caasoperator.bench;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code caas-operator-bench}: runs the real operator (journal on disk, real processes) next to a
 * baseline that does only the unavoidable work, and prints one summary line per figure.
 */
@Command(
    name = "caas-operator-bench",
    mixinStandardHelpOptions = true,
    subcommands = {
      LifecycleBenchmark.class,
      ExecBenchmark.class,
      ToolsBenchmark.class,
      OpsBenchmark.class,
      JujuBenchmark.class,
      CommandLine.HelpCommand.class
    },
    description =
        "Benchmarks of the CAAS Operator; each prints numbers, ratios against a bare baseline.")
public final class Bench implements Runnable {
  public static void main(String[] args) {
    // hook-by-hook INFO lines would drown the figures (logback.xml reads this)
    if (System.getenv("CAAS_LOG_LEVEL") == null) System.setProperty("CAAS_LOG_LEVEL", "WARN");
    CommandLine cli = new CommandLine(new Bench());
    withHelpOptions(cli);
    System.exit(cli.execute(args));
  }

  /**
   * Every benchmark answers {@code -h/--help} and {@code -V/--version}, said once here (this
   * command's annotation has them too, for {@link #run}'s usage).
   */
  private static void withHelpOptions(CommandLine cli) {
    cli.getCommandSpec().mixinStandardHelpOptions(true);
    cli.getSubcommands().values().forEach(Bench::withHelpOptions);
  }

  /** The repository this jar was built in ({@code bench/target/caas-operator-bench.jar}). */
  static java.nio.file.Path repository() {
    try {
      java.nio.file.Path jar =
          java.nio.file.Path.of(
              Bench.class.getProtectionDomain().getCodeSource().getLocation().toURI());
      return jar.toAbsolutePath().getParent().getParent().getParent();
    } catch (java.net.URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  @Override
  public void run() {
    new CommandLine(this).usage(System.out);
  }
}
