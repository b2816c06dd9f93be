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
import java.util.List;
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
  public Result exec(
      String pod,
      String container,
      List<String> command,
      byte[] stdin,
      Duration timeout,
      int outputLimit)
      throws IOException, InterruptedException {
    Bounded stdout = new Bounded(outputLimit);
    Bounded stderr = new Bounded(outputLimit);
    var target = client.pods().inNamespace(namespace).withName(pod).inContainer(container);
    var streams =
        stdin.length > 0
            ? target
                .readingInput(new ByteArrayInputStream(stdin))
                .writingOutput(stdout)
                .writingError(stderr)
            : target.writingOutput(stdout).writingError(stderr);
    ExecWatch watch;
    try {
      watch = streams.exec(command.toArray(String[]::new));
    } catch (KubernetesClientException e) {
      throw new IOException("exec in " + pod + "/" + container + " failed: " + e.getMessage(), e);
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
          throw new IOException(
              "exec in " + pod + "/" + container + " ended without an exit status");
      } catch (TimeoutException e) {
        return new Result(
            -1, stdout.text(), stderr.text(), true, stdout.truncated || stderr.truncated);
      } catch (ExecutionException e) {
        throw new IOException(
            "exec in " + pod + "/" + container + " failed: " + e.getCause().getMessage(),
            e.getCause());
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
