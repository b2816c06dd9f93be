package io.caasoperator.substrate.kubernetes;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.ExecWatch;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** {@link PodExec} through fabric8's exec (a WebSocket to the pod's {@code exec} subresource). */
public final class Fabric8PodExec implements PodExec {

  private final KubernetesClient client;
  private final String namespace;

  public Fabric8PodExec(KubernetesClient client, String namespace) {
    this.client = client;
    this.namespace = namespace;
  }

  @Override
  public Result exec(Request request) throws IOException, InterruptedException {
    String where = request.pod() + "/" + request.container();
    Duration timeout = request.timeout();
    Bounded stdout = new Bounded(request.outputLimit());
    Bounded stderr = new Bounded(request.outputLimit());
    var target =
        client
            .pods()
            .inNamespace(namespace)
            .withName(request.pod())
            .inContainer(request.container());
    var streams =
        request.stdin().length > 0
            ? target
                .readingInput(new ByteArrayInputStream(request.stdin()))
                .writingOutput(stdout)
                .writingError(stderr)
            : target.writingOutput(stdout).writingError(stderr);
    ExecWatch watch;
    try {
      watch = streams.exec(request.command().toArray(String[]::new));
    } catch (KubernetesClientException e) {
      throw new IOException("exec in " + where + " failed: " + e.getMessage(), e);
    }
    try (watch) {
      Integer code;
      try {
        code =
            timeout == null || timeout.isZero() || timeout.isNegative()
                ? watch.exitCode().get()
                : watch.exitCode().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        // fabric8 completes the exit code with null when the stream closed before a status frame
        if (code == null)
          throw new IOException("exec in " + where + " ended without an exit status");
      } catch (TimeoutException e) {
        return new Result(
            -1, stdout.text(), stderr.text(), true, stdout.truncated || stderr.truncated);
      } catch (ExecutionException e) {
        throw new IOException(
            "exec in " + where + " failed: " + e.getCause().getMessage(), e.getCause());
      }
      return new Result(
          code, stdout.text(), stderr.text(), false, stdout.truncated || stderr.truncated);
    }
  }

  /** Keeps the first {@code limit} bytes; the rest is counted as truncated and dropped. */
  private static final class Bounded extends OutputStream {
    private final int limit;
    private final ByteArrayOutputStream kept = new ByteArrayOutputStream();
    private volatile boolean truncated;

    Bounded(int limit) {
      this.limit = Math.max(0, limit);
    }

    @Override
    public synchronized void write(int b) {
      write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public synchronized void write(byte[] bytes, int offset, int length) {
      int room = limit - kept.size();
      if (length > room) truncated = true;
      if (room > 0) kept.write(bytes, offset, Math.min(room, length));
    }

    synchronized String text() {
      return kept.toString(StandardCharsets.UTF_8);
    }
  }
}
