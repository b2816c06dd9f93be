package io.caasoperator.app;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code caas-operator status}: the status table of a running operator. */
@Command(name = "status", mixinStandardHelpOptions = true, description = "Show the application's and its units' status.")
final class StatusCommand implements Callable<Integer> {

  @Option(names = "--data-dir", paramLabel = "DIR", description = "Data directory of the running operator (finds its listener).")
  Path dataDir;

  @Option(names = "--url", paramLabel = "URL", description = "The operator's listener URL (default: from --data-dir, else http://127.0.0.1:30666).")
  String url;

  @Option(names = "--format", defaultValue = "text", description = "text or json (default: ${DEFAULT-VALUE}).")
  String format;

  @Override
  public Integer call() throws Exception {
    if (!format.equals("text") && !format.equals("json")) {
      System.err.println("caas-operator status: --format must be text or json, got \"" + format + "\"");
      return 2;
    }
    String base;
    try {
      base = ListenerAddress.resolve(url, dataDir);
    } catch (IllegalArgumentException e) {
      System.err.println("caas-operator status: " + e.getMessage());
      return 2;
    }
    HttpResponse<String> response;
    try {
      response = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build().send(
          HttpRequest.newBuilder(URI.create(base + "/v1/status")).timeout(Duration.ofSeconds(15)).GET().build(),
          HttpResponse.BodyHandlers.ofString());
    } catch (java.io.IOException e) {
      System.err.println("caas-operator status: cannot reach the operator at " + base + ": " + e.getMessage());
      return 1;
    }
    if (response.statusCode() != 200) {
      System.err.println("caas-operator status: " + response.statusCode() + " " + response.body());
      return 1;
    }
    if (format.equals("json")) {
      System.out.println(response.body());
    } else {
      System.out.print(StatusTable.render(new ObjectMapper().readTree(response.body())));
    }
    return 0;
  }
}
