package io.caasoperator.app.juju;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code juju ssh [--container C] UNIT [COMMAND...]}: runs the command on the unit with the
 * caller's standard input, and exits with its code, as {@code ssh} does (no "task failed" here:
 * Juju's {@code ssh} passes the remote code through). On this machine there is no SSH: without
 * {@code --container} the command runs in the unit's hook context on its operator (as {@code
 * exec}); with it, in the workload container as its Pebble's {@code exec} runs commands ({@link
 * UnitMachine}). Without a command, the commands come from standard input (as {@code ssh} reads
 * them when it has no terminal). Arguments are joined with spaces for the shell, as {@code ssh}
 * joins them.
 */
@Command(name = "ssh", description = "Runs a command on a unit, with standard input.")
final class SshCommand extends ModelCommand {

  /** How long the command may run: Juju's ssh has no limit; the operator's exec needs one. */
  private static final Duration LIMIT = Duration.ofHours(1);

  /** Set by {@code bin/juju} when its standard input is a terminal. */
  static final String TERMINAL = "CAAS_JUJU_TERMINAL";

  private static final String CONTAINER_PATH =
      "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";

  @Option(names = "--container", paramLabel = "C")
  String container;

  @Option(names = "--no-host-key-checks")
  boolean noHostKeyChecks;

  @Option(names = "--pty", arity = "0..1", paramLabel = "BOOL")
  String pty;

  @Parameters(index = "0", paramLabel = "UNIT")
  String target;

  @Parameters(index = "1..*", paramLabel = "COMMAND")
  List<String> command = new ArrayList<>();

  @Override
  int run(JujuContext context) throws IOException, InterruptedException {
    ModelDirectory directory = model.directory(context);
    UnitMachine machine = UnitMachine.of(context, directory, target, container);
    String script = command.isEmpty() ? null : String.join(" ", command);
    if ("1".equals(context.env().get(TERMINAL)))
      return onTerminal(context, directory, machine, script);
    byte[] input = context.in().readAllBytes();
    if (script == null && input.length == 0)
      throw JujuFailure.usage(
          "no command and no standard input: give a command, or run it from a terminal for a"
              + " shell");
    return machine.container() == null
        ? inHookContext(context, directory, machine, script, input)
        : inContainer(context, machine, script, input);
  }

  /**
   * From a terminal ({@code bin/juju} sets {@value #TERMINAL} and keeps the call in its own JVM):
   * the process shares the caller's terminal, as {@code ssh} gives the remote side a pty. With no
   * command, an interactive shell: in the container ({@code /bin/sh -i} through bubblewrap), or in
   * the unit's directory, as Juju's {@code juju ssh} into a Kubernetes unit lands in its charm
   * container, where hook tools need {@code juju-exec}'s context (here: {@code juju exec}). A
   * command in the unit's hook context runs through the operator's exec, with no standard input.
   */
  private static int onTerminal(
      JujuContext context, ModelDirectory directory, UnitMachine machine, String script)
      throws IOException, InterruptedException {
    ProcessBuilder builder;
    if (machine.container() != null) {
      builder =
          new ProcessBuilder(machine.containerShell(script == null ? "exec /bin/sh -i" : script));
      builder.environment().put("PATH", CONTAINER_PATH);
    } else if (script == null) {
      builder = new ProcessBuilder("/bin/bash", "-i").directory(machine.dir().toFile());
      builder.environment().put("JUJU_UNIT_NAME", machine.unit().name());
      builder.environment().put("JUJU_MODEL_NAME", directory.name().value());
    } else {
      return inHookContext(context, directory, machine, script, new byte[0]);
    }
    context.out().flush();
    context.err().flush();
    return builder.inheritIO().start().waitFor();
  }

  /**
   * Through the operator's exec, standard input from a file only this user may read (the hook
   * context takes no input stream), removed once the command ended.
   */
  private static int inHookContext(
      JujuContext context,
      ModelDirectory directory,
      UnitMachine machine,
      String script,
      byte[] input)
      throws IOException {
    Path stdin =
        Files.createTempFile(
            directory.dataDir(),
            "juju-ssh-",
            ".in",
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    try {
      Files.write(stdin, input);
      String quoted = "'" + stdin.toString().replace("'", "'\\''") + "'";
      String commands = script == null ? "bash -s < " + quoted : "( " + script + "\n) < " + quoted;
      JsonNode reply = new OperatorTasks(context, directory).exec(machine.unit(), commands, LIMIT);
      context.out().print(reply.path("stdout").asText(""));
      context.err().print(reply.path("stderr").asText(""));
      return reply.path("code").asInt(1);
    } finally {
      Files.deleteIfExists(stdin);
    }
  }

  private static int inContainer(
      JujuContext context, UnitMachine machine, String script, byte[] input)
      throws IOException, InterruptedException {
    ProcessBuilder builder =
        new ProcessBuilder(machine.containerShell(script == null ? "exec /bin/sh -s" : script));
    builder.environment().put("PATH", CONTAINER_PATH);
    Process process = builder.start();
    Thread feeder =
        Thread.ofVirtual()
            .start(
                () -> {
                  try (OutputStream in = process.getOutputStream()) {
                    in.write(input);
                  } catch (IOException e) {
                    // the command ended without reading all of it, as a pipe's reader may
                  }
                });
    Thread errors = Thread.ofVirtual().start(() -> copy(process.getErrorStream(), context, true));
    copy(process.getInputStream(), context, false);
    int code = process.waitFor();
    feeder.join();
    errors.join();
    return code;
  }

  private static void copy(InputStream from, JujuContext context, boolean err) {
    try (from) {
      String text = new String(from.readAllBytes(), StandardCharsets.UTF_8);
      synchronized (context) {
        (err ? context.err() : context.out()).print(text);
      }
    } catch (IOException e) {
      // the process went away: what it wrote is all there is
    }
  }
}
