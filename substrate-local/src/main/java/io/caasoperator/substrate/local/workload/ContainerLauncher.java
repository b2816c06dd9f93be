package io.caasoperator.substrate.local.workload;

import io.caasoperator.pebble.process.LaunchSpec;
import io.caasoperator.pebble.process.LocalProcessLauncher;
import io.caasoperator.pebble.process.ProcessLauncher;
import io.caasoperator.pebble.process.Signals;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Starts a container's services, commands and exec checks inside its {@link ContainerFilesystem}
 * with bubblewrap, each in its own session as {@link LocalProcessLauncher} starts them: {@code
 * setsid env --ignore-signal=TERM,… bwrap <view> --chdir <dir> -- env --default-signal <command>}.
 * bubblewrap stays as the parent of the command and exits with its exit code; it ignores the
 * signals that would end it (and the command gets every signal back to its default), so Pebble's
 * SIGTERM to the group stops the command the way it would stop it directly (its kill-delay, then
 * SIGKILL) instead of killing bubblewrap first. A signal for the command ({@code POST /v1/signals},
 * an exec's control signal) goes to the group for the same reason.
 */
final class ContainerLauncher implements ProcessLauncher {
  /** coreutils' env: signal dispositions around bubblewrap (coreutils 8.31 or later). */
  static final String ENV = "/usr/bin/env";

  /**
   * The signals bubblewrap ignores: those that would end it before the command. Not SIGCHLD (it
   * waits for the command), and SIGKILL cannot be ignored (a kill-delay's SIGKILL ends both).
   */
  static final String IGNORED = "--ignore-signal=HUP,INT,QUIT,TERM,USR1,USR2,ALRM,PIPE";

  private final ContainerFilesystem filesystem;
  private final ProcessLauncher local;

  ContainerLauncher(ContainerFilesystem filesystem, ProcessLauncher local) {
    this.filesystem = filesystem;
    this.local = local;
  }

  @Override
  public Process launch(LaunchSpec spec) throws IOException {
    String dir =
        filesystem
            .toContainer(spec.workingDir())
            .orElseThrow(
                () ->
                    new IOException(
                        "working directory \"" + spec.workingDir() + "\" is not in the container"));
    if (!Files.isDirectory(spec.workingDir())) {
      throw new IOException("working directory \"" + dir + "\" does not exist");
    }
    String command = spec.argv().get(0);
    if (lookPath(command, spec.environment().getOrDefault("PATH", "")).isEmpty()) {
      throw new IOException("cannot find executable \"" + command + "\"");
    }
    List<String> argv = new ArrayList<>(List.of(ENV, IGNORED, MountNamespace.BWRAP));
    argv.addAll(filesystem.bubblewrapArguments());
    argv.addAll(List.of("--chdir", dir, "--", ENV, "--default-signal"));
    argv.addAll(spec.argv());
    return local.launch(
        new LaunchSpec(
            argv, spec.environment(), spec.workingDir(), spec.credentials(), spec.mergeStderr()));
  }

  /** exec.LookPath in the container: a name found on PATH as the container sees it. */
  @Override
  public Optional<String> lookPath(String name, String path) {
    if (name.contains("/")) {
      return name.startsWith("/") && executable(filesystem.toHost(name))
          ? Optional.of(name)
          : Optional.empty();
    }
    for (String dir : path.split(":")) {
      if (!dir.startsWith("/")) continue;
      String candidate = dir.endsWith("/") ? dir + name : dir + "/" + name;
      if (executable(filesystem.toHost(candidate))) return Optional.of(candidate);
    }
    return Optional.empty();
  }

  @Override
  public void signal(Process process, int signal) {
    Signals.toGroup(process.pid(), signal);
  }

  private static boolean executable(Path host) {
    return Files.isExecutable(host) && !Files.isDirectory(host);
  }
}
