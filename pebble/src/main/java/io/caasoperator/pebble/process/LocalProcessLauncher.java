package io.caasoperator.pebble.process;

import io.caasoperator.pebble.users.Credentials;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Starts processes on this machine through util-linux's {@code setsid} (a new session, so the
 * process leads its own group and a signal to the group reaches everything it started) and, to run
 * as another user, {@code setpriv} (only possible when the operator runs as root). Both exec in
 * place, so the pid the JDK reports is the command's own pid.
 */
public final class LocalProcessLauncher implements ProcessLauncher {
  private static final String SETSID = "/usr/bin/setsid";
  private static final String SETPRIV = "/usr/bin/setpriv";

  @Override
  public Process launch(LaunchSpec spec) throws IOException {
    String executable =
        lookPath(spec.argv().get(0), spec.environment().getOrDefault("PATH", ""))
            .orElseThrow(
                () -> new IOException("cannot find executable \"" + spec.argv().get(0) + "\""));
    List<String> argv = new ArrayList<>();
    argv.add(SETSID);
    if (spec.credentials().isPresent()) {
      Credentials c = spec.credentials().get();
      if (c.uid() != Signals.currentUid() || c.gid() != Signals.currentGid()) {
        if (Signals.currentUid() != 0) {
          throw new IOException(
              "cannot run as user "
                  + c.uid()
                  + " group "
                  + c.gid()
                  + ": operation not permitted (the operator does not run as root)");
        }
        argv.addAll(
            List.of(SETPRIV, "--reuid=" + c.uid(), "--regid=" + c.gid(), "--clear-groups", "--"));
      }
    }
    argv.add(executable);
    argv.addAll(spec.argv().subList(1, spec.argv().size()));
    if (!Files.isDirectory(spec.workingDir())) {
      throw new IOException("working directory \"" + spec.workingDir() + "\" does not exist");
    }
    ProcessBuilder builder =
        new ProcessBuilder(argv)
            .directory(spec.workingDir().toFile())
            .redirectErrorStream(spec.mergeStderr());
    builder.environment().clear();
    builder.environment().putAll(spec.environment());
    return builder.start();
  }

  /**
   * exec.LookPath: a name with a slash is used as it is, else the first executable file on PATH.
   */
  @Override
  public Optional<String> lookPath(String name, String path) {
    if (name.contains("/")) {
      Path p = Path.of(name);
      return Files.isExecutable(p) && !Files.isDirectory(p) ? Optional.of(name) : Optional.empty();
    }
    for (String dir : path.split(":")) {
      if (dir.isEmpty()) {
        continue;
      }
      Path candidate = Path.of(dir, name);
      if (Files.isExecutable(candidate) && !Files.isDirectory(candidate)) {
        return Optional.of(candidate.toString());
      }
    }
    return Optional.empty();
  }
}
