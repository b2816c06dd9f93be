package io.caasoperator.pebble.checks;

import io.caasoperator.pebble.plan.CheckSpec;
import io.caasoperator.pebble.plan.ExecCheck;
import io.caasoperator.pebble.plan.Plan;
import io.caasoperator.pebble.plan.RunContext;
import io.caasoperator.pebble.plan.ServiceSpec;
import io.caasoperator.pebble.plan.Shlex;
import io.caasoperator.pebble.process.ProcessEnvironment;
import io.caasoperator.pebble.process.ProcessLauncher;
import io.caasoperator.pebble.process.Signals;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * The three kinds of check of Pebble's checkstate/checkers.go: http (a 2xx answer), tcp (a
 * connection opens), exec (exit status 0; the last lines of its output as details).
 */
public final class DefaultChecker implements Checker {
  private static final int MAX_ERROR_LINES = 5;
  private static final int MAX_ERROR_BYTES = 512;

  private final HttpClient http =
      HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NORMAL).build();
  private final ProcessLauncher launcher;
  private final ProcessEnvironment environment;
  private final Supplier<Plan> plan;

  /**
   * @param launcher starts exec checks' commands
   * @param environment their environment and working directory
   * @param plan the current plan, for an exec check's {@code service-context}
   */
  public DefaultChecker(
      ProcessLauncher launcher, ProcessEnvironment environment, Supplier<Plan> plan) {
    this.launcher = launcher;
    this.environment = environment;
    this.plan = plan;
  }

  @Override
  public Optional<String> run(CheckSpec check, Duration timeout) throws InterruptedException {
    if (check.http().isPresent()) {
      return http(check.http().get().url(), check.http().get().headers(), timeout);
    }
    if (check.tcp().isPresent()) {
      return tcp(
          check.tcp().get().host().isEmpty() ? "localhost" : check.tcp().get().host(),
          check.tcp().get().port(),
          timeout);
    }
    if (check.exec().isPresent()) {
      return exec(check.exec().get(), timeout);
    }
    return Optional.of("check has no http, tcp or exec section");
  }

  private Optional<String> http(String url, java.util.Map<String, String> headers, Duration timeout)
      throws InterruptedException {
    try {
      HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).timeout(timeout).GET();
      headers.forEach(request::header);
      HttpResponse<String> response =
          http.send(request.build(), HttpResponse.BodyHandlers.ofString());
      if (response.statusCode() < 200 || response.statusCode() > 299) {
        return Optional.of(
            "non-2xx status code " + response.statusCode() + details(response.body()));
      }
      return Optional.empty();
    } catch (IOException | IllegalArgumentException e) {
      return Optional.of(e.toString());
    }
  }

  private static Optional<String> tcp(String host, int port, Duration timeout) {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(host, port), (int) Math.max(1, timeout.toMillis()));
      return Optional.empty();
    } catch (IOException e) {
      return Optional.of("dial tcp " + host + ":" + port + ": " + e.getMessage());
    }
  }

  private Optional<String> exec(ExecCheck check, Duration timeout) throws InterruptedException {
    Process process;
    try {
      List<String> argv = Shlex.split(check.command());
      RunContext context = check.context();
      if (!check.serviceContext().isEmpty()) {
        ServiceSpec service = plan.get().services().get(check.serviceContext());
        if (service != null) {
          context = service.context().merge(context);
        }
      }
      process = launcher.launch(environment.prepare(context, false).launch(argv, true));
    } catch (IOException | IllegalArgumentException e) {
      return Optional.of(e.getMessage());
    }
    try (InputStream out = process.getInputStream()) {
      byte[][] collected = new byte[1][];
      Thread reader =
          Thread.ofVirtual()
              .start(
                  () -> {
                    try {
                      collected[0] = out.readAllBytes();
                    } catch (IOException e) {
                      collected[0] = new byte[0];
                    }
                  });
      if (!process.waitFor(timeout.toNanos(), TimeUnit.NANOSECONDS)) {
        Signals.toGroup(process.pid(), Signals.SIGKILL);
        return Optional.of("context deadline exceeded");
      }
      reader.join(Duration.ofSeconds(1));
      int code = process.exitValue();
      if (code != 0) {
        byte[] bytes = collected[0] == null ? new byte[0] : collected[0];
        return Optional.of(
            "exit status " + code + details(new String(bytes, StandardCharsets.UTF_8)));
      }
      return Optional.empty();
    } catch (IOException e) {
      return Optional.of(e.getMessage());
    }
  }

  /** The last lines of an output or body, as the {@code details} Pebble attaches to a failure. */
  private static String details(String text) {
    String t =
        text.length() > MAX_ERROR_BYTES ? text.substring(text.length() - MAX_ERROR_BYTES) : text;
    String[] lines = t.strip().split("\n");
    if (t.isBlank()) {
      return "";
    }
    List<String> last =
        Arrays.asList(lines).subList(Math.max(0, lines.length - MAX_ERROR_LINES), lines.length);
    return "\n" + String.join("\n", last);
  }
}
