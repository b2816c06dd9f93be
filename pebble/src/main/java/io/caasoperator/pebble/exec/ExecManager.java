package io.caasoperator.pebble.exec;

import io.caasoperator.pebble.changes.Change;
import io.caasoperator.pebble.changes.Changes;
import io.caasoperator.pebble.changes.PlannedTask;
import io.caasoperator.pebble.process.LaunchSpec;
import io.caasoperator.pebble.process.ProcessEnvironment;
import io.caasoperator.pebble.process.ProcessLauncher;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Starts executions as changes with one {@code exec} task, and finds them again for their
 * websockets (cmdstate/manager.go {@code Connect}).
 */
public final class ExecManager {
  private final Changes changes;
  private final ProcessLauncher launcher;
  private final ProcessEnvironment environment;
  private final Map<String, Execution> executions = new ConcurrentHashMap<>();

  public ExecManager(Changes changes, ProcessLauncher launcher, ProcessEnvironment environment) {
    this.changes = changes;
    this.launcher = launcher;
    this.environment = environment;
  }

  /** What {@code POST /v1/exec} answers besides the change id. */
  public record Started(
      Change change, String taskId, Map<String, String> environment, String workingDir) {}

  /**
   * Prepares the command's environment and working directory and starts its change.
   *
   * @throws IllegalArgumentException for an unknown user or group, a missing executable or working
   *     directory
   */
  public Started start(ExecRequest request) {
    ProcessEnvironment.Prepared prepared = environment.prepare(request.context(), true);
    if (!java.nio.file.Files.isDirectory(prepared.hostWorkingDir())) {
      throw new IllegalArgumentException(
          "working directory \"" + prepared.workingDir() + "\" does not exist");
    }
    String executable = request.command().get(0);
    if (launcher.lookPath(executable, prepared.environment().getOrDefault("PATH", "")).isEmpty()) {
      throw new IllegalArgumentException("cannot find executable \"" + executable + "\"");
    }
    LaunchSpec launch = prepared.launch(request.command(), !request.splitStderr());
    Execution[] holder = new Execution[1];
    Object ready = new Object();
    Change change =
        changes.submit(
            "exec",
            "Execute command \"" + executable + "\"",
            Map.of(),
            List.of(
                new PlannedTask(
                    "exec",
                    "Execute command \"" + executable + "\"",
                    List.of(),
                    task -> {
                      Execution execution;
                      synchronized (ready) {
                        while (holder[0] == null) {
                          ready.wait();
                        }
                        execution = holder[0];
                      }
                      try {
                        execution.run(task);
                      } finally {
                        executions.remove(task.taskId());
                      }
                    })));
    String taskId = change.tasks().get(0).id();
    Execution execution = new Execution(taskId, request, launch, launcher);
    executions.put(taskId, execution);
    synchronized (ready) {
      holder[0] = execution;
      ready.notifyAll();
    }
    return new Started(change, taskId, prepared.environment(), prepared.workingDir());
  }

  /** The running execution of a task, if any. */
  public Optional<Execution> execution(String taskId) {
    return Optional.ofNullable(executions.get(taskId));
  }
}
