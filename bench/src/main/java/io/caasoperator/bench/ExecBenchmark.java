package io.caasoperator.bench;

import io.caasoperator.http.client.OperatorClient;
import io.caasoperator.http.client.OperatorEndpoint;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Exec latency and throughput through the HTTPS listener ({@code true} on distinct units, 1 and 8
 * clients) against spawning {@code sh -c true} bare: with the same concurrency for the rate, one at
 * a time for the latency (the target: p50 at most 5 ms above the command's own run time, on 1
 * client).
 */
@Command(name = "exec", description = "Exec requests per second through the listener.")
final class ExecBenchmark implements Callable<Integer> {

  @Option(
      names = "--requests",
      defaultValue = "400",
      description = "Requests per client count (default: ${DEFAULT-VALUE}).")
  int requests;

  @Option(
      names = "--clients",
      split = ",",
      defaultValue = "1,8",
      description = "Concurrent clients (default: ${DEFAULT-VALUE}).")
  List<Integer> clients;

  @Override
  public Integer call() throws Exception {
    int units = clients.stream().max(Integer::compare).orElse(1);
    Path root = Files.createTempDirectory("caas-bench-exec-");
    BenchCharm.write(root.resolve("charm"));
    BenchOperator.writeSpec(root, units, 0);
    try (BenchOperator operator = BenchOperator.start(root, units)) {
      operator.awaitIdleUnits(units);
      try (OperatorClient client = OperatorClient.of(OperatorEndpoint.discover(operator.dataDir))) {
        for (int c : clients) measure(client, root, c);
      }
    }
    return 0;
  }

  private void measure(OperatorClient client, Path root, int concurrency) throws Exception {
    List<Double> latencies = Collections.synchronizedList(new ArrayList<>());
    long start = System.nanoTime();
    try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
      List<Future<?>> workers = new ArrayList<>();
      for (int w = 0; w < concurrency; w++) {
        int unit = w;
        workers.add(
            threads.submit(
                () -> {
                  for (int i = 0; i < requests / concurrency; i++) {
                    long t = System.nanoTime();
                    HttpResponse<String> r =
                        client.post("/v1/units/bench/" + unit + "/exec", "{\"commands\":\"true\"}");
                    if (r.statusCode() != 200)
                      throw new IllegalStateException(
                          "exec failed: " + r.statusCode() + " " + r.body());
                    latencies.add((System.nanoTime() - t) / 1e6);
                  }
                  return null;
                }));
      }
      for (Future<?> w : workers) w.get();
    }
    Duration operator = Duration.ofNanos(System.nanoTime() - start);
    int done = latencies.size();
    List<List<String>> bare = new ArrayList<>();
    for (int i = 0; i < done; i++) bare.add(List.of("/bin/sh", "-c", "true"));
    Duration baseline = SpawnBaseline.run(bare, root, concurrency);
    List<Double> sorted = new ArrayList<>(latencies);
    Collections.sort(sorted);
    double rate = done / (operator.toNanos() / 1e9);
    double bareRate = done / (baseline.toNanos() / 1e9);
    List<Double> bareLatency =
        SpawnBaseline.latencies(List.of("/bin/sh", "-c", "true"), root, Math.min(done, 200));
    double p50 = Figures.quantile(sorted, 0.5);
    double bareP50 = Figures.quantile(bareLatency, 0.5);
    System.out.printf(
        "exec      clients=%d requests=%d rate=%.0f/s baseline=%.0f/s ratio=%.2f p50=%s p99=%s;"
            + " sh -c true alone p50=%s: the operator adds %s at p50%n",
        concurrency,
        done,
        rate,
        bareRate,
        rate / bareRate,
        Figures.millis(p50),
        Figures.millis(Figures.quantile(sorted, 0.99)),
        Figures.millis(bareP50),
        Figures.millis(p50 - bareP50));
  }
}
