package io.caasoperator.pebble.exec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.caasoperator.pebble.changes.TaskContext;
import io.caasoperator.pebble.changes.TaskFailure;
import io.caasoperator.pebble.plan.GoDuration;
import io.caasoperator.pebble.process.LaunchSpec;
import io.caasoperator.pebble.process.ProcessLauncher;
import io.caasoperator.pebble.process.Signals;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.websocket.api.Callback;
import org.eclipse.jetty.websocket.api.Session;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One running {@code exec} (internals/overlord/cmdstate/handlers.go): waits for its I/O websockets,
 * starts the command, copies stdin from {@code stdio}, stdout to {@code stdio} and stderr to {@code
 * stderr} (or to {@code stdio} when not split) as binary messages closed by a {@code
 * {"command":"end"}} text message, forwards {@code signal} commands from {@code control}, enforces
 * the timeout, and leaves the exit code in the task's {@code exit-code}. The change is ready only
 * after every output byte was sent, so a client reading until "end" never misses output.
 */
public final class Execution {
  static final String CONTROL = "control";
  static final String STDIO = "stdio";
  static final String STDERR = "stderr";
  static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);
  private static final String END = "{\"command\":\"end\"}";
  private static final byte[] EOF = new byte[0];
  private static final Logger log = LoggerFactory.getLogger(Execution.class);
  private static final ObjectMapper JSON = new ObjectMapper();

  private final String taskId;
  private final ExecRequest request;
  private final LaunchSpec launch;
  private final ProcessLauncher launcher;
  private final Map<String, Session> sockets = new HashMap<>();
  private final CountDownLatch ioConnected;
  private final BlockingQueue<byte[]> stdin = new ArrayBlockingQueue<>(64);
  private final CompletableFuture<Process> started = new CompletableFuture<>();
  private volatile boolean finished;

  Execution(String taskId, ExecRequest request, LaunchSpec launch, ProcessLauncher launcher) {
    this.taskId = taskId;
    this.request = request;
    this.launch = launch;
    this.launcher = launcher;
    this.ioConnected = new CountDownLatch(request.splitStderr() ? 2 : 1);
    sockets.put(CONTROL, null);
    sockets.put(STDIO, null);
    if (request.splitStderr()) {
      sockets.put(STDERR, null);
    }
  }

  /** Why a websocket cannot connect: empty when it may. */
  synchronized Optional<ConnectRefusal> mayConnect(String id) {
    if (!sockets.containsKey(id)) {
      return Optional.of(ConnectRefusal.UNKNOWN);
    }
    if (sockets.get(id) != null || finished) {
      return Optional.of(ConnectRefusal.ALREADY_CONNECTED);
    }
    return Optional.empty();
  }

  /** Why a websocket connection is refused. */
  enum ConnectRefusal {
    UNKNOWN,
    ALREADY_CONNECTED
  }

  ExecSocket socket(String id) {
    return new ExecSocket(this, id);
  }

  void opened(String id, Session session) {
    synchronized (this) {
      sockets.put(id, session);
    }
    if (!id.equals(CONTROL)) {
      ioConnected.countDown();
    }
  }

  void text(String id, String message) {
    JsonNode command;
    try {
      command = JSON.readTree(message);
    } catch (IOException e) {
      log.info("exec {}: cannot decode {} websocket command: {}", taskId, id, e.getMessage());
      return;
    }
    String name = command.path("command").asText("");
    if (id.equals(STDIO) && name.equals("end")) {
      offer(EOF);
    } else if (id.equals(CONTROL) && name.equals("signal")) {
      String signal = command.path("signal").path("name").asText("");
      Optional<Integer> number = Signals.number(signal);
      if (number.isEmpty()) {
        log.info("exec {}: invalid signal name \"{}\"", taskId, signal);
      } else {
        // a signal sent before the command started is delivered once it has (Pebble's control loop
        // reads the control websocket only once it has the pid)
        started.thenAccept(
            p -> {
              try {
                launcher.signal(p, number.get());
              } catch (IllegalStateException e) {
                log.info("exec {}: cannot forward {}: {}", taskId, signal, e.getMessage());
              }
            });
      }
    } else {
      log.info("exec {}: invalid {} websocket command \"{}\"", taskId, id, name);
    }
  }

  void binary(String id, byte[] bytes) {
    if (id.equals(STDIO) && bytes.length > 0) {
      offer(bytes);
    }
  }

  void closed(String id) {
    if (id.equals(STDIO)) {
      offer(EOF);
    }
  }

  private void offer(byte[] chunk) {
    try {
      while (!finished && !stdin.offer(chunk, 100, TimeUnit.MILLISECONDS)) {
        // back-pressure on the websocket until the command reads its input (or ends)
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** The task body: runs the command to its end. */
  void run(TaskContext task) throws TaskFailure, InterruptedException {
    try {
      if (!ioConnected.await(CONNECT_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
        throw new TaskFailure(
            "exec "
                + taskId
                + ": timeout waiting for websocket connections: "
                + "context deadline exceeded");
      }
      Process process;
      try {
        process = launcher.launch(launch);
      } catch (IOException e) {
        task.setData("exit-code", -1);
        closeControl();
        sendEnd(STDIO);
        sendEnd(STDERR);
        throw new TaskFailure(e.getMessage());
      }
      started.complete(process);
      Thread in =
          Thread.ofVirtual()
              .name("exec-stdin-" + taskId)
              .start(() -> copyStdin(process.getOutputStream()));
      Thread out =
          Thread.ofVirtual()
              .name("exec-stdout-" + taskId)
              .start(() -> copyOut(process.getInputStream(), STDIO));
      Thread err =
          request.splitStderr()
              ? Thread.ofVirtual()
                  .name("exec-stderr-" + taskId)
                  .start(() -> copyOut(process.getErrorStream(), STDERR))
              : null;
      boolean timedOut = false;
      if (request.timeout().isPresent()) {
        if (!process.waitFor(request.timeout().get().toNanos(), TimeUnit.NANOSECONDS)) {
          timedOut = true;
          killGroup(process);
          process.waitFor();
        }
      } else {
        process.waitFor();
      }
      closeControl();
      // output may still be held by a child that outlived the command: give it a second, as Go's
      // WaitDelay
      if (!out.join(Duration.ofSeconds(1)) || (err != null && !err.join(Duration.ofSeconds(1)))) {
        killGroup(process);
        out.join(Duration.ofSeconds(1));
        if (err != null) {
          err.join(Duration.ofSeconds(1));
        }
      }
      in.interrupt();
      if (timedOut) {
        task.setData("exit-code", -1);
        throw new TaskFailure(
            "timed out after "
                + GoDuration.format(request.timeout().get())
                + ": context deadline exceeded");
      }
      task.setData("exit-code", process.exitValue());
    } finally {
      finished = true;
      stdin.clear();
    }
  }

  private void copyStdin(OutputStream target) {
    try (target) {
      while (true) {
        byte[] chunk = stdin.take();
        if (chunk == EOF) {
          return;
        }
        target.write(chunk);
        target.flush();
      }
    } catch (IOException e) {
      log.debug("exec {}: stdin closed: {}", taskId, e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private void copyOut(InputStream source, String id) {
    byte[] buffer = new byte[32 * 1024];
    try (source) {
      int n;
      while ((n = source.read(buffer)) >= 0) {
        if (n > 0) {
          send(id, Arrays.copyOf(buffer, n));
        }
      }
    } catch (IOException e) {
      log.debug("exec {}: {} closed: {}", taskId, id, e.getMessage());
    }
    sendEnd(id);
  }

  private void send(String id, byte[] bytes) {
    Session s = session(id);
    if (s == null || !s.isOpen()) {
      return;
    }
    CompletableFuture<Void> done = new CompletableFuture<>();
    s.sendBinary(
        ByteBuffer.wrap(bytes),
        Callback.from(() -> done.complete(null), done::completeExceptionally));
    await(done);
  }

  private void sendEnd(String id) {
    Session s = session(id);
    if (s == null || !s.isOpen()) {
      return;
    }
    CompletableFuture<Void> done = new CompletableFuture<>();
    s.sendText(END, Callback.from(() -> done.complete(null), done::completeExceptionally));
    await(done);
  }

  private void closeControl() {
    Session s = session(CONTROL);
    if (s != null && s.isOpen()) {
      s.close(1000, "", Callback.NOOP);
    }
  }

  private synchronized Session session(String id) {
    return sockets.get(id);
  }

  private static void killGroup(Process process) {
    try {
      Signals.toGroup(process.pid(), Signals.SIGKILL);
    } catch (IllegalStateException e) {
      process.destroyForcibly();
    }
  }

  private void await(CompletableFuture<Void> done) {
    try {
      done.get(30, TimeUnit.SECONDS);
    } catch (Exception e) {
      log.debug("exec {}: send failed: {}", taskId, e.toString());
    }
  }
}
