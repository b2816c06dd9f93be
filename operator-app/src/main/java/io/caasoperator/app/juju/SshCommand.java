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
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

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
final class SshCommand implements Callable<Integer> {

  /** How long the command may run: Juju's ssh has no limit; the operator's exec needs one. */
  private static final Duration LIMIT = Duration.ofHours(1);

  @ParentCommand JujuCli cli;

  @Mixin ModelOption model;

  @Option(
      names = "--container",
      paramLabel = "C",
      description = "The unit's workload container to run in (default: the charm's).")
  String container;

  @Option(names = "--no-host-key-checks", description = "Accepted: there is no SSH here.")
  boolean noHostKeyChecks;

  @Option(names = "--pty", arity = "0..1", paramLabel = "BOOL", description = "Accepted.")
  String pty;

  @Parameters(index = "0", paramLabel = "UNIT")
  String target;

  @Parameters(index = "1..*", paramLabel = "COMMAND")
  List<String> command = new ArrayList<>();

  @Override
  public Integer call() throws IOException, InterruptedException {
    JujuContext context = cli.context();
    ModelDirectory directory = model.directory(context);
    UnitMachine machine = UnitMachine.of(context, directory, target, container);
    byte[] input = context.in().readAllBytes();
    String script = command.isEmpty() ? null : String.join(" ", command);
    if (script == null && input.length == 0)
      throw JujuFailure.usage(
          "an interactive shell is not there yet: give a command, or the commands on standard"
              + " input");
    return machine.container() == null
        ? inHookContext(context, directory, machine, script, input)
        : inContainer(context, machine, script, input);
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
    builder
        .environment()
        .put("PATH", "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin");
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
